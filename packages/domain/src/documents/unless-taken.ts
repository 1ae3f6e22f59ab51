import type { Step } from '../store/steps';
import { UniqueTakenError } from './documents';

/** `write`'s step, or `otherwise`'s when a unique index refuses it (UniqueTakenError), either way the step comes. */
export function unlessTaken<T>(write: () => Step<T>, otherwise: () => Step<T>): Step<T> {
  const onRefusal = (error: unknown) => {
    if (error instanceof UniqueTakenError) return otherwise();
    throw error;
  };
  try {
    const written = write();
    return written instanceof Promise ? written.catch(onRefusal) : written;
  } catch (error) {
    return onRefusal(error);
  }
}
