import type { ApiKeySummary } from '@byline/domain/domain/types';
import { DEFAULT_ROTATION_OVERLAP, ROTATION_OVERLAPS, type RotationOverlapChoice } from '../use-cases/api-keys';
import { keyPath, kindOf, when } from './api-settings-page';
import { confirmBox, errorSummary, csrfField, type FieldErrors } from './forms';
import { html, type SafeHtml } from './html';

const OVERLAP_LABELS: Record<RotationOverlapChoice, string> = {
  now: 'Stop the old secret now',
  '1h': 'Keep the old secret working for 1 hour',
  '24h': 'Keep the old secret working for 24 hours',
  '7d': 'Keep the old secret working for 7 days',
};

export interface RotateKeyPageState {
  csrf: string;
  key: ApiKeySummary;
  now: Date;
  /** The form as submitted, when it was refused. */
  form?: { overlap?: unknown; confirm_now?: unknown };
  errors?: FieldErrors;
}

/** Each choice says when the old secret would stop, counted from now (the rotation counts from when it is made). */
function overlapChoice(choice: RotationOverlapChoice, chosen: string, now: Date): SafeHtml {
  const stops = new Date(now.getTime() + ROTATION_OVERLAPS[choice]).toISOString();
  return html`<div class="field checkbox">
    <input type="radio" id="f-overlap-${choice}" name="overlap" value="${choice}" ${chosen === choice ? html`checked` : ''} />
    <label for="f-overlap-${choice}"
      >${OVERLAP_LABELS[choice]}${choice === 'now' ? ' (whatever still uses it fails within 5 seconds, as on revoking)' : html` (until ${when(stops)})`}</label
    >
  </div>`;
}

/**
 * Rotating gives the key a new secret under a new key id; the old one keeps working for the overlap chosen, so
 * the integrations that use it can be switched without an outage. Cutting it at once needs its own box ticked.
 */
export function rotateKeyPage({ csrf, key, now, form = {}, errors = {} }: RotateKeyPageState): SafeHtml {
  const chosen = typeof form.overlap === 'string' ? form.overlap : DEFAULT_ROTATION_OVERLAP;
  const confirmError = errors.confirm_now;
  const problems = Object.entries(errors).map(([name, message]) => ({
    field: name === 'overlap' ? `f-overlap-${DEFAULT_ROTATION_OVERLAP}` : `f-${name}`,
    message,
  }));
  return html`<h1>Rotate the key “${key.name}”?</h1>
    <form method="post" action="${keyPath(key)}/rotate" class="card" novalidate>
      ${csrfField(csrf)} ${errorSummary(problems)}
      <p>
        Key <code>${key.key}</code> (${kindOf(key)}) gets a successor with a new key id and secret, shown once on the next page.
        Choose how long the old secret keeps working beside it, so you can put the new one in place first.
      </p>
      <fieldset${errors.overlap ? html` aria-invalid="true"` : ''}>
        <legend>The old secret</legend>
        ${(Object.keys(ROTATION_OVERLAPS) as RotationOverlapChoice[]).map((choice) => overlapChoice(choice, chosen, now))}
        ${errors.overlap ? html`<p class="error">${errors.overlap}</p>` : ''}
      </fieldset>
      ${confirmBox({
        id: 'f-confirm_now',
        name: 'confirm_now',
        value: 'on',
        label: 'Yes, stop the old secret now',
        hint: 'Needed only with “Stop the old secret now”.',
        error: confirmError,
        summarised: true,
      })}
      <button type="submit">Rotate the key</button>
      <a href="/settings/api">Keep it as it is</a>
    </form>`;
}
