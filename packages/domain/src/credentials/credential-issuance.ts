import { createHash, randomInt } from 'node:crypto';
import { UniqueTakenError, type Documents } from '../documents/documents';
import { publicProfileUrl } from '../profiles/public-profile-url';
import { credentialRevokedEvent } from '../webhook-events/webhook-event';
import type {
  CredentialStatusEntryDocument,
  JournalistCredentialDocument,
  NewCredentialStatusEntry,
  StatusListDocument,
} from './credential-documents';
import { withdraws, type CredentialClaims } from './credential-claims';
import { issuerSigningKey, type CredentialIssuer } from './credential-issuer';
import type { CredentialKeys, SigningKey } from './credential-keys';
import { journalistCredentialOf } from './journalist-credential';
import { securedAsCose } from './secure-credential-cose';
import { securedAsJwt } from './secure-credential';
import { encodedList, listWithBitsSet, STATUS_LIST_SIZE, statusListCredentialOf, statusListEntryOf } from './status-list';

/** Where the credentials and their status lists are kept. */
export interface CredentialStores {
  credentials: Documents<JournalistCredentialDocument>;
  statusEntries: Documents<CredentialStatusEntryDocument, NewCredentialStatusEntry>;
  statusLists: Documents<StatusListDocument>;
  keys: CredentialKeys;
}

/** What one run did. */
export interface IssuanceSummary {
  issued: number;
  revoked: number;
  withdrawn: number;
  listsPublished: number;
}

/** Credentials taken per run: the rest wait for the next (a second later). */
const PER_RUN = 200;
/** Random draws for a free index of a list before the next list is used. */
const INDEX_DRAWS = 32;

/** The address a status list is published at. */
export const statusListUrl = (portalUrl: string, list: number) => `${portalUrl.replace(/\/+$/, '')}/credentials/status/${list}`;

/** The entity tag of secured bytes: the same issue gives the same tag. */
const etagOf = (secured: string) => `"${createHash('sha256').update(secured).digest('base64url').slice(0, 27)}"`;

/** A credential or a list is issued again once two thirds of its validity have passed, well before it expires. */
const reissueAtOf = (now: Date, validityMs: number) => new Date(now.getTime() + Math.floor((validityMs * 2) / 3)).toISOString();

/**
 * The worker's issue of journalists' credentials and their status lists, on the leased queue (one replica at a time,
 * see the worker's credential loop). A credential whose claims changed (see noteCredentialClaims) is issued again from
 * them, conditional on the change token read, so a change that comes meanwhile is issued by the next run; one whose
 * new claims withdraw something it said (see withdraws) is first revoked: its status entry's bit is set, with its
 * `credential.revoked` event in that write, and the next issue takes a new index. Each list whose revocations moved
 * on is then published again. Order (MongoDB, no transactions): the revocation, then the new credential, then the
 * list: interrupted, a revoked credential is never served again (its change is still pending), and the list is
 * published by the next run, which finds it behind its revocations.
 */
export class CredentialIssuance {
  constructor(
    private readonly stores: CredentialStores,
    private readonly issuer: CredentialIssuer,
    private readonly portalUrl: string,
  ) {}

  /** Whether this portal can issue at all: an issuer identity and a key it may sign with. */
  get canIssue(): boolean {
    const { identity, keySource } = this.issuer;
    return identity.did !== null && (keySource.configured !== undefined || keySource.mayGenerate);
  }

  /** Whether a run would find work, by reads only: a pending change, something to issue again, a list behind. */
  async hasWork(now: Date): Promise<boolean> {
    if (!this.canIssue) return false;
    const { credentials, statusLists } = this.stores;
    const at = now.toISOString();
    if (await credentials.first({ change: { gt: '' } })) return true;
    if (await credentials.first({ reissueAt: { lte: at } })) return true;
    for (const list of await statusLists.all({})) if (await this.listIsBehind(list, now)) return true;
    return false;
  }

  /** Issues what is due, revokes what changed, publishes the lists that moved on. */
  async run(now: Date, renew: () => Promise<boolean> = async () => true): Promise<IssuanceSummary> {
    const summary: IssuanceSummary = { issued: 0, revoked: 0, withdrawn: 0, listsPublished: 0 };
    if (!this.canIssue) return summary;
    const key = await issuerSigningKey(this.stores.keys, this.issuer, now);
    if (!key) return summary;
    const { credentials } = this.stores;
    const due = [
      ...(await credentials.all({ change: { gt: '' } }, { limit: PER_RUN })),
      ...(await credentials.all({ reissueAt: { lte: now.toISOString() } }, { limit: PER_RUN })),
    ];
    const seen = new Set<number>();
    for (const credential of due) {
      if (seen.has(credential.profileId)) continue;
      seen.add(credential.profileId);
      if (!(await renew())) return summary;
      await this.issue(credential, key, now, summary);
    }
    summary.listsPublished = await this.publishLists(key, now);
    return summary;
  }

  private async issue(
    credential: JournalistCredentialDocument,
    key: SigningKey,
    now: Date,
    summary: IssuanceSummary,
  ): Promise<void> {
    const { credentials, statusEntries } = this.stores;
    const { profileId, claims, change, issuedClaims, reissueAt } = credential;
    // The document as it was read: a change written since moves the token, and this issue no longer applies.
    const asRead = change === null ? { profileId, change: null, reissueAt } : { profileId, change };
    let entry = credential.statusEntry;
    if (issuedClaims !== null && entry !== null && withdraws(issuedClaims, claims)) {
      const revoked = await statusEntries.updateFirst({ id: entry, revokedAt: null }, { revokedAt: now.toISOString() }, [
        credentialRevokedEvent(await this.entryAddress(entry), now),
      ]);
      if (revoked) summary.revoked++;
      entry = null;
    }
    if (claims === null) {
      // Unverified, or gone: nothing is served, and no document is kept of a profile that may have been erased.
      if ((await credentials.deleteAll(asRead)) > 0) summary.withdrawn++;
      return;
    }
    if (claims === issuedClaims && entry !== null && change !== null) {
      // Nothing it claims changed (an article did): the credential served stays byte for byte.
      await credentials.updateFirst(asRead, { change: null });
      return;
    }
    const parsed = JSON.parse(claims) as CredentialClaims;
    entry ??= (await this.newEntry(profileId)).id;
    const stored = (await statusEntries.first({ id: entry }))!;
    const listUrl = statusListUrl(this.portalUrl, stored.list);
    const did = this.issuer.identity.did!;
    const signed = journalistCredentialOf({
      issuer: { id: did, name: this.issuer.name },
      subject: { name: parsed.name, url: publicProfileUrl(this.portalUrl, parsed.slug) },
      identities: parsed.identities,
      validFrom: now,
      validityMs: this.issuer.validityMs,
      status: statusListEntryOf(listUrl, stored.index),
    });
    const jwt = securedAsJwt(signed, did, key);
    const cose = Buffer.from(securedAsCose(signed, did, key)).toString('base64');
    const written = await credentials.updateFirst(asRead, {
      change: null,
      slug: parsed.slug,
      issuedClaims: claims,
      statusEntry: entry,
      jwt,
      cose,
      etag: etagOf(jwt),
      issuedAt: now.toISOString(),
      reissueAt: reissueAtOf(now, this.issuer.validityMs),
    });
    if (written) summary.issued++;
  }

  /** A status list's address and an entry's index in it, as the revocation event names them. */
  private async entryAddress(id: number): Promise<{ statusListCredential: string; statusListIndex: string }> {
    const entry = (await this.stores.statusEntries.first({ id }))!;
    return { statusListCredential: statusListUrl(this.portalUrl, entry.list), statusListIndex: String(entry.index) };
  }

  /**
   * An index never given before, drawn at random from the newest list (unique per list: a draw already taken is
   * refused by the store, whichever replica took it); a list where INDEX_DRAWS draws all miss is full enough to
   * start the next one. The list is created unpublished, so the run publishes it.
   */
  private async newEntry(profileId: number): Promise<CredentialStatusEntryDocument> {
    const { statusEntries, statusLists } = this.stores;
    const [newest] = await statusLists.all({}, { newestFirst: true, limit: 1 });
    for (let list = newest?.id ?? 1; ; list++) {
      if (!newest || list > newest.id) await this.createList(list);
      for (let draw = 0; draw < INDEX_DRAWS; draw++) {
        try {
          return await statusEntries.insert({ list, index: randomInt(STATUS_LIST_SIZE), profileId, revokedAt: null });
        } catch (error) {
          if (!(error instanceof UniqueTakenError)) throw error;
        }
      }
    }
  }

  private async createList(id: number): Promise<void> {
    const unpublished = { id, revokedCount: -1, jwt: null, cose: null, etag: null, publishedAt: null, reissueAt: null };
    try {
      await this.stores.statusLists.insert(unpublished);
    } catch (error) {
      if (!(error instanceof UniqueTakenError)) throw error;
    }
  }

  private async listIsBehind(list: StatusListDocument, now: Date): Promise<boolean> {
    if (list.reissueAt === null || list.reissueAt <= now.toISOString()) return true;
    return (await this.stores.statusEntries.count({ list: list.id, revokedAt: { gt: '' } })) !== list.revokedCount;
  }

  /** Publishes each list whose revocations moved on, or whose publication is due again: both securings. */
  private async publishLists(key: SigningKey, now: Date): Promise<number> {
    const { statusEntries, statusLists } = this.stores;
    const did = this.issuer.identity.did!;
    let published = 0;
    for (const list of await statusLists.all({})) {
      if (!(await this.listIsBehind(list, now))) continue;
      const revoked = await statusEntries.all({ list: list.id, revokedAt: { gt: '' } });
      const bits = listWithBitsSet(revoked.map((entry) => entry.index));
      const credential = statusListCredentialOf({
        issuer: { id: did, name: this.issuer.name },
        listUrl: statusListUrl(this.portalUrl, list.id),
        encodedList: encodedList(bits),
        validFrom: now,
        validUntil: new Date(now.getTime() + this.issuer.validityMs),
      });
      const jwt = securedAsJwt(credential, did, key);
      await statusLists.updateFirst(
        { id: list.id },
        {
          revokedCount: revoked.length,
          jwt,
          cose: Buffer.from(securedAsCose(credential, did, key)).toString('base64'),
          etag: etagOf(jwt),
          publishedAt: now.toISOString(),
          reissueAt: reissueAtOf(now, this.issuer.validityMs),
        },
      );
      published++;
    }
    return published;
  }
}
