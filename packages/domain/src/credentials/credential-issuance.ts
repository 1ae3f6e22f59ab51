import { randomInt } from 'node:crypto';
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
import { issuerSigningKey, whyNoCredentials, type CredentialIssuer } from './credential-issuer';
import type { CredentialKeys, SigningKey } from './credential-keys';
import { journalistCredentialOf } from './journalist-credential';
import { securedAsCose } from './secure-credential-cose';
import { securedAsJwt } from './secure-credential';
import { STATUS_LIST_SIZE, statusListEntryOf } from './status-list';
import { reissueAtOf, StatusListPublication, statusListUrl } from './status-list-publication';
import { entityTagOf } from '../domain/rendered-answers';

export { statusListUrl } from './status-list-publication';

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

/** Whether a credential issued before must be revoked: nothing left to claim, its issue cleared, or a claim withdrawn. */
const isWithdrawn = ({ claims, issuedClaims }: JournalistCredentialDocument) =>
  claims === null || issuedClaims === null || withdraws(issuedClaims, claims);

/**
 * The worker's issue of journalists' credentials and their status lists, one replica at a time (the issuer's lease on
 * the leased queue, see the worker's credential loop). Each run, in this order:
 * 1. revokes what pending changes withdrew (see withdraws): the status entry's bit set, with its `credential.revoked`
 *    event in that write;
 * 2. publishes the lists those revocations moved on, so what is no longer true is published before anything is issued;
 * 3. issues each pending credential from its claims (or clears it, when nothing is left to claim), conditional on the
 *    change token it read: a change that comes meanwhile is issued by the next run. A revoked entry is never used
 *    again: the next issue takes a new index;
 * 4. publishes a list this run started.
 * Interrupted anywhere (MongoDB: no transactions), what is pending stays pending, nothing revoked is served again, and
 * the next run finds any list behind its revocations.
 */
export class CredentialIssuance {
  private readonly lists: StatusListPublication;

  constructor(
    private readonly stores: CredentialStores,
    private readonly issuer: CredentialIssuer,
    private readonly portalUrl: string,
  ) {
    this.lists = new StatusListPublication(stores.statusEntries, stores.statusLists, issuer, portalUrl);
  }

  /** Whether this portal can issue at all: an issuer identity and a key it may sign with. */
  get canIssue(): boolean {
    return whyNoCredentials(this.issuer) === null;
  }

  /** Whether a run would find work, by reads only: a pending change, something to issue again, a list behind. */
  async hasWork(now: Date): Promise<boolean> {
    if (!this.canIssue) return false;
    const { credentials } = this.stores;
    if (await credentials.first({ change: { gt: '' }, awaitingNote: false })) return true;
    if (await credentials.first({ reissueAt: { lte: now.toISOString() }, awaitingNote: false })) return true;
    return this.lists.anyBehind(now);
  }

  /** One run (see the class); `renew` is asked before each step, and a run whose lease passed to another stops. */
  async run(now: Date, renew: () => Promise<boolean> = async () => true): Promise<IssuanceSummary> {
    const summary: IssuanceSummary = { issued: 0, revoked: 0, withdrawn: 0, listsPublished: 0 };
    if (!this.canIssue) return summary;
    const key = await issuerSigningKey(this.stores.keys, this.issuer, now);
    if (!key) return summary;
    const due = await this.due(now);
    for (const credential of due) {
      if (!(await renew())) return summary;
      if (await this.revokeWithdrawn(credential, now)) summary.revoked++;
    }
    summary.listsPublished += await this.lists.publishBehind(key, now, renew);
    for (const credential of due) {
      if (!(await renew())) return summary;
      await this.issue(credential, key, now, summary);
    }
    summary.listsPublished += await this.lists.publishBehind(key, now, renew);
    return summary;
  }

  /** The credentials with a change pending, then those due to be issued again: each once. */
  private async due(now: Date): Promise<JournalistCredentialDocument[]> {
    const { credentials } = this.stores;
    const found = [
      // A credential awaiting a re-render's note is left alone: its claims may be about to change.
      ...(await credentials.all({ change: { gt: '' }, awaitingNote: false }, { limit: PER_RUN })),
      ...(await credentials.all({ reissueAt: { lte: now.toISOString() }, awaitingNote: false }, { limit: PER_RUN })),
    ];
    return [...new Map(found.map((credential) => [credential.profileId, credential])).values()];
  }

  /** Sets the bit of the credential a pending change withdrew (once: an entry already revoked stays as it is). */
  private async revokeWithdrawn(credential: JournalistCredentialDocument, now: Date): Promise<boolean> {
    if (credential.statusEntry === null || credential.change === null || !isWithdrawn(credential)) return false;
    const entry = await this.stores.statusEntries.first({ id: credential.statusEntry });
    if (!entry || entry.revokedAt !== null) return false;
    const address = { statusListCredential: statusListUrl(this.portalUrl, entry.list), statusListIndex: String(entry.index) };
    const revoked = await this.stores.statusEntries.updateFirst(
      { id: entry.id, revokedAt: null },
      { revokedAt: now.toISOString() },
      [credentialRevokedEvent(address, now)],
    );
    return revoked !== null;
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
    const asRead =
      change === null ? { profileId, change: null, reissueAt, awaitingNote: false } : { profileId, change, awaitingNote: false };
    const held = credential.statusEntry === null ? null : await statusEntries.first({ id: credential.statusEntry });
    // A revoked entry is never given again: the next issue takes a new index.
    let entry = held?.revokedAt === null ? held : null;
    if (claims === null) {
      // Nothing to claim (unverified, or erased): the document stays, with its render revision and nothing else, so
      // that a slow re-render's note from before cannot bring the claims back.
      const cleared = { change: null, slug: null, issuedClaims: null, statusEntry: null, issuedAt: null, reissueAt: null };
      if (await credentials.updateFirst(asRead, { ...cleared, jwt: null, cose: null, etag: null })) summary.withdrawn++;
      return;
    }
    if (claims === issuedClaims && entry !== null && change !== null) {
      // Nothing it claims changed (an article did): the credential served stays byte for byte.
      await credentials.updateFirst(asRead, { change: null });
      return;
    }
    const parsed = JSON.parse(claims) as CredentialClaims;
    entry ??= await this.newEntry();
    const did = this.issuer.identity.did!;
    const signed = journalistCredentialOf({
      issuer: { id: did, name: this.issuer.name },
      subject: { name: parsed.name, url: publicProfileUrl(this.portalUrl, parsed.slug) },
      identities: parsed.identities,
      validFrom: now,
      validityMs: this.issuer.validityMs,
      status: statusListEntryOf(statusListUrl(this.portalUrl, entry.list), entry.index),
    });
    const jwt = securedAsJwt(signed, did, key);
    const written = await credentials.updateFirst(asRead, {
      change: null,
      slug: parsed.slug,
      issuedClaims: claims,
      statusEntry: entry.id,
      jwt,
      cose: Buffer.from(securedAsCose(signed, did, key)).toString('base64'),
      etag: entityTagOf(jwt),
      issuedAt: now.toISOString(),
      reissueAt: reissueAtOf(now, this.issuer.validityMs),
    });
    if (written) summary.issued++;
  }

  /**
   * An index never given before, drawn at random from the newest list (unique per list: a draw already taken is
   * refused by the store, whichever replica took it); a list where INDEX_DRAWS draws all miss is full enough to
   * start the next one. A new list is created unpublished, so the run publishes it.
   */
  private async newEntry(): Promise<CredentialStatusEntryDocument> {
    const { statusEntries, statusLists } = this.stores;
    const [newest] = await statusLists.all({}, { newestFirst: true, limit: 1 });
    for (let list = newest?.id ?? 1; ; list++) {
      if (!newest || list > newest.id) await this.createList(list);
      for (let draw = 0; draw < INDEX_DRAWS; draw++) {
        try {
          return await statusEntries.insert({ list, index: randomInt(STATUS_LIST_SIZE), revokedAt: null });
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
}
