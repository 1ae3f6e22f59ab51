import type { Page } from 'playwright-core';

/** From the editors' queue: the review page of the journalist named, once their row shows `claim` (its state said). */
export async function reviewFromQueue(page: Page, name: string, claim: string) {
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByText(claim).waitFor();
  await row.getByRole('link', { name: 'Review' }).click();
}

/** On a review page: the editor approves with the note for the record (`override`: without proof) and sees it done. */
export async function approveOnReview(page: Page, note: string, { override = false } = {}) {
  await page.getByLabel('Note for the record').fill(note);
  if (override) await page.getByLabel('Approve without proof').check();
  await page.getByRole('button', { name: 'Approve and verify' }).click();
  await page.getByText('Profile verified.').waitFor();
}
