import type { Documents } from '../documents/documents';
import { entityTagOf } from '../domain/rendered-answers';
import type { CredentialStatusEntryDocument, StatusListDocument } from './credential-documents';
import type { CredentialIssuer } from './credential-issuer';
import type { SigningKey } from './credential-keys';
import { securedAsCose } from './secure-credential-cose';
import { securedAsJwt } from './secure-credential';
import { encodedList, listWithBitsSet, statusListCredentialOf } from './status-list';

/** The address a status list is published at. */
export const statusListUrl = (portalUrl: string, list: number) => `${portalUrl.replace(/\/+$/, '')}/credentials/status/${list}`;

/** A credential or a list is issued again once two thirds of its validity have passed, well before it expires. */
export const reissueAtOf = (now: Date, validityMs: number) =>
  new Date(now.getTime() + Math.floor((validityMs * 2) / 3)).toISOString();

/**
 * The status lists as the issuer publishes them: each list's credential (a BitstringStatusListCredential of every
 * revoked entry's bit), secured both ways and stored whole, so the portal serves the same bytes until the next
 * publication. A list is behind when its revocations moved on or its publication is due again.
 */
export class StatusListPublication {
  constructor(
    private readonly entries: Documents<CredentialStatusEntryDocument>,
    private readonly lists: Documents<StatusListDocument>,
    private readonly issuer: CredentialIssuer,
    private readonly portalUrl: string,
  ) {}

  async anyBehind(now: Date): Promise<boolean> {
    for (const list of await this.lists.all({})) if (await this.isBehind(list, now)) return true;
    return false;
  }

  /**
   * Publishes each list that is behind, asking `renew` before each (the run's lease): a holder whose lease passed to
   * another stops. Each write applies only over the publication it read, so a holder that kept going past its lease
   * never writes an older list over a newer one.
   */
  async publishBehind(key: SigningKey, now: Date, renew: () => Promise<boolean>): Promise<number> {
    let published = 0;
    for (const list of await this.lists.all({})) {
      if (!(await this.isBehind(list, now))) continue;
      if (!(await renew())) break;
      const revoked = await this.entries.all({ list: list.id, revokedAt: { gt: '' } });
      const did = this.issuer.identity.did!;
      const credential = statusListCredentialOf({
        issuer: { id: did, name: this.issuer.name },
        listUrl: statusListUrl(this.portalUrl, list.id),
        encodedList: encodedList(listWithBitsSet(revoked.map((entry) => entry.index))),
        validFrom: now,
        validUntil: new Date(now.getTime() + this.issuer.validityMs),
      });
      const jwt = securedAsJwt(credential, did, key);
      const written = await this.lists.updateFirst(
        { id: list.id, revokedCount: list.revokedCount, publishedAt: list.publishedAt },
        {
          revokedCount: revoked.length,
          jwt,
          cose: Buffer.from(securedAsCose(credential, did, key)).toString('base64'),
          etag: entityTagOf(jwt),
          publishedAt: now.toISOString(),
          reissueAt: reissueAtOf(now, this.issuer.validityMs),
        },
      );
      if (written) published++;
    }
    return published;
  }

  private async isBehind(list: StatusListDocument, now: Date): Promise<boolean> {
    if (list.reissueAt === null || list.reissueAt <= now.toISOString()) return true;
    return (await this.entries.count({ list: list.id, revokedAt: { gt: '' } })) !== list.revokedCount;
  }
}
