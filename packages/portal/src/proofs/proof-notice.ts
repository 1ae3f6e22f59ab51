import type { Request, Response } from 'express';
import type { PortalContext } from '../deps';
import { putFlash } from '../http/sessions';

export interface ProofNotice {
  text: string;
  tone: 'ok' | 'error';
}

interface ProofFlash {
  proofNotice: ProofNotice;
}

/** Keeps the notice on the session and sends the browser to the profile page, which shows it once. */
export async function redirectWithProofNotice(req: Request, res: Response, ctx: PortalContext, notice: ProofNotice) {
  await putFlash(req, ctx, { proofNotice: notice } satisfies ProofFlash);
  res.redirect(303, '/profile?proof=1');
}

/** The notice in a flash taken by the profile page; null when the flash holds something else. */
export function takeProofNotice(flash: unknown): ProofNotice | null {
  const notice = (flash as Partial<ProofFlash> | undefined)?.proofNotice;
  if (!notice || typeof notice.text !== 'string' || (notice.tone !== 'ok' && notice.tone !== 'error')) return null;
  return { text: notice.text, tone: notice.tone };
}
