import { recoverStep, type Step } from '../store/steps';
import { UniqueTakenError } from './documents';

/** `write`'s step, or `otherwise`'s when a unique index refuses it (UniqueTakenError), either way the step comes. */
export function unlessTaken<T>(write: () => Step<T>, otherwise: () => Step<T>): Step<T> {
  return recoverStep(write, (error) => {
    if (error instanceof UniqueTakenError) return otherwise();
    throw error;
  });
}
