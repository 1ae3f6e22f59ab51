import type { Request, Response } from 'express';
import type { PortalContext } from '../deps';
import { putFlash } from '../http/sessions';

export interface ProofNotice {
  text: string;
  tone: 'ok' | 'error';
  /** The claim it is about ("Check now"): shown next to that claim, and the page opens there. */
  claimId?: number;
}

interface ProofFlash {
  proofNotice: ProofNotice;
}

/**
 * Keeps the notice on the session and sends the browser to the profile page (post/redirect/get), which shows it once;
 * a notice about one claim opens the page at that claim.
 */
export async function redirectWithProofNotice(req: Request, res: Response, ctx: PortalContext, notice: ProofNotice) {
  await putFlash(req, ctx, { proofNotice: notice } satisfies ProofFlash);
  res.redirect(303, `/profile?proof=1${notice.claimId === undefined ? '' : `#${claimAnchor(notice.claimId)}`}`);
}

/** The id of a claim's entry on the profile page. */
export const claimAnchor = (claimId: number) => `claim-${claimId}`;

/** The notice in a flash taken by the profile page; null when the flash holds something else. */
export function takeProofNotice(flash: unknown): ProofNotice | null {
  const notice = (flash as Partial<ProofFlash> | undefined)?.proofNotice;
  if (!notice || typeof notice.text !== 'string' || (notice.tone !== 'ok' && notice.tone !== 'error')) return null;
  const claimId = Number.isSafeInteger(notice.claimId) ? { claimId: notice.claimId } : {};
  return { text: notice.text, tone: notice.tone, ...claimId };
}
