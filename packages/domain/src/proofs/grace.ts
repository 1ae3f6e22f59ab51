/** Who a re-check's history entries name: the worker's re-check of a rel="me" link or of an article's byline. */
export const RECHECK_ACTOR = 'byline:re-check';

/** A failed check under the grace rule: since when the proof has been failing, and whether it lapses with this check. */
export interface FailedCheck {
  failingSince: string;
  lapses: boolean;
}

/**
 * The grace rule every re-checked proof lives under — a handle's or website's rel="me" link, an article's byline, a
 * publisher's domain: a failed check starts the failure (counted from the first failed check since the proof last
 * held, this one when there was none) and the proof lapses once it has failed for the whole grace period.
 */
export function failedCheck(failingSince: string | null, now: Date, { graceMs }: { graceMs: number }): FailedCheck {
  const since = failingSince ?? now.toISOString();
  return { failingSince: since, lapses: now.getTime() - Date.parse(since) >= graceMs };
}
