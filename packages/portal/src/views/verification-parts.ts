import type { Profile } from '@byline/domain/domain/types';
import type { AuditRecord } from '@byline/domain/audit/audit-repository';
import type { VerificationRequest } from '@byline/domain/verification/verification-repository';
import { html, type SafeHtml } from './html';
import { listTable } from './list-table';

export const ACTION_LABELS: Record<AuditRecord['action'], string> = {
  requested: 'Verification requested',
  withdrawn: 'Request withdrawn by its owner',
  verified: 'Verified',
  rejected: 'Verification refused',
  unverified: 'Verification withdrawn',
  'proof-attested': 'Proof attested by an editor',
  'handle-moved': 'Proven handle moved',
  'handle-displaced': 'Proven handle displaced by a move',
  'claim-released': 'Claim released: another profile proved it',
  'proof-lapsed': 'A proof stopped holding',
  'handle-renamed': 'A proven account changed its handle',
  'no-live-proof': 'Back in the queue: no live proof left',
  'identity-change-requested': 'Identity change requested',
  'identity-change-approved': 'Identity change approved',
  'identity-change-declined': 'Identity change declined',
  'identity-change-cancelled': 'Identity change cancelled by its owner',
  'article-attested': 'Article attested by an editor',
  'article-released': 'Article released to another profile (before co-authors)',
  'article-moved': 'Proven article moved by an editor',
  'article-lapsed': 'Article lapsed: its page stopped crediting the profile',
  'article-vouching-ended': 'Attribution by name ended: the publisher’s vouching no longer holds',
};

export function verifiedBadge(profile: Pick<Profile, 'verified'>): SafeHtml {
  return profile.verified
    ? html`<span class="badge verified">Verified journalist</span>`
    : html`<span class="badge">Not verified</span>`;
}

export function auditHistory(records: AuditRecord[]): SafeHtml {
  return listTable(records, {
    class: 'history',
    headings: ['When (UTC)', 'Decision', 'By', 'Note'],
    empty: html`<p class="hint">No verification history yet.</p>`,
    row: (record) =>
      html`<tr>
        <td><time datetime="${record.at}">${record.at.replace('T', ' ').slice(0, 16)}</time></td>
        <td>${ACTION_LABELS[record.action]}</td>
        <td>${record.actor}</td>
        <td>${record.note}</td>
      </tr>`,
  });
}

export function pendingNotice(request: VerificationRequest | null): SafeHtml {
  return request
    ? html`<p class="notice" role="status">
        Verification requested on ${request.requestedAt.slice(0, 10)}; an editor will review it.
      </p>`
    : html``;
}
