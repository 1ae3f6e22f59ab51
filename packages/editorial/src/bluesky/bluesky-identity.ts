import type { CheckOutcome } from '@byline/domain/proofs/claim-store';
import { isBlueskyDid, isBlueskyHandle, parseBlueskyAccount } from '@byline/domain/social/bluesky-account';
import type { SafeFetch } from '@byline/fetcher';
import { samePublicPage } from '../proofs/rel-me-links';

/**
 * Where Bluesky identities are read, all through the operator's outbound settings: DNS TXT records through
 * DNS_SERVERS, every http request through the SSRF-safe fetch, DID documents of did:plc from the PLC directory at
 * `plcUrl` (BLUESKY_PLC_URL).
 */
export interface BlueskySources {
  /** The TXT records of a name, each as its strings (dns.resolveTxt's form). */
  txt(name: string): Promise<string[][]>;
  fetch: SafeFetch;
  /** The PLC directory, without a trailing slash. */
  plcUrl: string;
}

/** An account as its DID document names it. */
export interface BlueskyAccount {
  did: string;
  /** The handle the account claims and that resolves back to it; null when it has none that does. */
  handle: string | null;
  /** The account's PDS (where its records are read), or null when the document names none. */
  pds: string | null;
}

/** Why an account could not be read, worded to complete "Bluesky …" for the person who typed it. */
export class BlueskyResolutionError extends Error {
  constructor(
    message: string,
    /** True when the network or a server failed (try again later), false when the name names no account. */
    readonly unavailable: boolean,
  ) {
    super(message);
    this.name = 'BlueskyResolutionError';
  }
}

/** A DID document read is a few kilobytes; the handle's well-known file a line. */
const MAX_DOCUMENT_BYTES = 64 * 1024;

async function readOk(fetch: SafeFetch, url: string, what: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json, text/plain' } });
  } catch {
    throw new BlueskyResolutionError(`${what} could not be reached`, true);
  }
  if (response.status === 404 || response.status === 410) {
    void response.body?.cancel();
    throw new BlueskyResolutionError(`${what} does not exist`, false);
  }
  if (response.status !== 200) {
    void response.body?.cancel();
    throw new BlueskyResolutionError(
      `${what} answered HTTP ${response.status}`,
      response.status >= 500 || response.status === 429,
    );
  }
  return response;
}

async function readJson(fetch: SafeFetch, url: string, what: string): Promise<Record<string, unknown>> {
  const response = await readOk(fetch, url, what);
  const text = await response.text();
  if (text.length > MAX_DOCUMENT_BYTES) throw new BlueskyResolutionError(`${what} is too large`, false);
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // not JSON
  }
  throw new BlueskyResolutionError(`${what} is not a JSON document`, false);
}

/**
 * The DID a handle names (atproto.com/specs/handle): the DNS TXT record `_atproto.HANDLE` (`did=DID`) first, then
 * `https://HANDLE/.well-known/atproto-did`. Null when neither names one.
 */
export async function resolveHandle(sources: BlueskySources, handle: string): Promise<string | null> {
  const records = await sources.txt(`_atproto.${handle}`).catch(() => [] as string[][]);
  const named = [
    ...new Set(
      records
        .map((strings) => strings.join(''))
        .filter((text) => text.startsWith('did='))
        .map((text) => text.slice(4).trim()),
    ),
  ];
  // Two different DIDs is an error the spec leaves unresolved: neither counts.
  if (named.length === 1 && isBlueskyDid(named[0]!)) return named[0]!;
  if (named.length > 1) return null;
  try {
    const response = await sources.fetch(`https://${handle}/.well-known/atproto-did`, { headers: { Accept: 'text/plain' } });
    if (response.status !== 200) {
      void response.body?.cancel();
      return null;
    }
    const did = (await response.text()).trim();
    return isBlueskyDid(did) ? did : null;
  } catch {
    return null;
  }
}

/** A DID document's atproto handle (`at://HANDLE` in alsoKnownAs) and PDS (service `#atproto_pds`), as claimed. */
function fromDocument(did: string, document: Record<string, unknown>): { handle: string | null; pds: string | null } {
  if (document.id !== did) throw new BlueskyResolutionError(`the DID document of ${did} names another DID`, false);
  const aliases = Array.isArray(document.alsoKnownAs) ? (document.alsoKnownAs as unknown[]) : [];
  const alias = aliases.find((entry): entry is string => typeof entry === 'string' && entry.startsWith('at://'));
  const handle = alias ? alias.slice('at://'.length).toLowerCase() : null;
  const services = Array.isArray(document.service) ? (document.service as Record<string, unknown>[]) : [];
  const service = services.find(
    (entry) =>
      entry &&
      typeof entry.id === 'string' &&
      (entry.id === '#atproto_pds' || entry.id === `${did}#atproto_pds`) &&
      entry.type === 'AtprotoPersonalDataServer',
  );
  let pds: string | null = null;
  if (service && typeof service.serviceEndpoint === 'string') {
    try {
      const url = new URL(service.serviceEndpoint);
      if (url.protocol === 'https:' || url.protocol === 'http:') pds = url.origin;
    } catch {
      // no usable PDS
    }
  }
  return { handle: handle && isBlueskyHandle(handle) ? handle : null, pds };
}

/** The DID document of a did:plc (from the PLC directory) or did:web (from its host's `/.well-known/did.json`). */
export async function readDidDocument(sources: BlueskySources, did: string): Promise<Record<string, unknown>> {
  const url = did.startsWith('did:plc:')
    ? `${sources.plcUrl}/${did}`
    : `https://${did.slice('did:web:'.length)}/.well-known/did.json`;
  return readJson(sources.fetch, url, `the DID document of ${did}`);
}

/**
 * The account a DID names: its DID document, with its handle only when that handle resolves back to the DID (a
 * document may claim any name; atproto counts a handle only both ways).
 */
export async function resolveDid(sources: BlueskySources, did: string): Promise<BlueskyAccount> {
  return (await resolveDidWithDocument(sources, did)).account;
}

/** resolveDid, with the DID document it read (checked to be the DID's own), for a caller that needs its services. */
export async function resolveDidWithDocument(
  sources: BlueskySources,
  did: string,
): Promise<{ account: BlueskyAccount; document: Record<string, unknown> }> {
  const document = await readDidDocument(sources, did);
  const { handle, pds } = fromDocument(did, document);
  const confirmed = handle !== null && (await resolveHandle(sources, handle)) === did;
  return { account: { did, handle: confirmed ? handle : null, pds }, document };
}

/**
 * The account a person named (handle, `@handle` or DID; see parseBlueskyAccount): a handle must resolve to a DID
 * whose document names that handle back. Throws InvalidBlueskyAccountError for a value that names no account at
 * all, BlueskyResolutionError for one that names none that exists (or when the network cannot say).
 */
export async function resolveBlueskyAccount(sources: BlueskySources, raw: string): Promise<BlueskyAccount> {
  const named = parseBlueskyAccount(raw);
  if (named.did !== undefined) return resolveDid(sources, named.did);
  const did = await resolveHandle(sources, named.handle);
  if (!did) throw new BlueskyResolutionError(`handle ${named.handle} does not name an account`, false);
  const account = await resolveDid(sources, did);
  if (account.handle !== named.handle)
    throw new BlueskyResolutionError(`handle ${named.handle} is not confirmed by the account it names`, false);
  return account;
}

/** The account's profile record (app.bsky.actor.profile, rkey `self`) as its PDS serves it; null when it has none. */
export async function readProfileRecord(
  sources: BlueskySources,
  account: Pick<BlueskyAccount, 'did' | 'pds'>,
): Promise<Record<string, unknown> | null> {
  if (!account.pds) throw new BlueskyResolutionError(`the DID document of ${account.did} names no PDS`, false);
  const query = new URLSearchParams({ repo: account.did, collection: 'app.bsky.actor.profile', rkey: 'self' });
  const url = `${account.pds}/xrpc/com.atproto.repo.getRecord?${query}`;
  let response: Response;
  try {
    response = await sources.fetch(url, { headers: { Accept: 'application/json' } });
  } catch {
    throw new BlueskyResolutionError('the account’s server could not be reached', true);
  }
  // A repository without the record answers 400 RecordNotFound (XRPC's error for it).
  if (response.status === 400 || response.status === 404) {
    void response.body?.cancel();
    return null;
  }
  if (response.status !== 200) {
    void response.body?.cancel();
    throw new BlueskyResolutionError(`the account’s server answered HTTP ${response.status}`, true);
  }
  const body = JSON.parse(await response.text()) as { value?: unknown };
  return body.value && typeof body.value === 'object' ? (body.value as Record<string, unknown>) : null;
}

/** Addresses written in a profile's text: http(s) links, and bare `host/path` ones as Bluesky shows them linked. */
function addressesIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:https?:\/\/)?[a-z0-9.-]+\.[a-z]{2,}(?::\d+)?\/[^\s<>"')\]]*/gi)) {
    const written = match[0].replace(/[.,;:!?]+$/, '');
    found.push(/^https?:\/\//i.test(written) ? written : `https://${written}`);
  }
  return found;
}

/** The addresses a profile record shows: its `website`, then those in its `description`. */
export function profileRecordLinks(record: Record<string, unknown>): string[] {
  const website = typeof record.website === 'string' ? [record.website.trim()] : [];
  const description = typeof record.description === 'string' ? addressesIn(record.description) : [];
  return [...website, ...description];
}

/** What a check of a Bluesky account found: the outcome, and the account as it stands (for a changed handle). */
export interface BlueskyCheck {
  outcome: CheckOutcome;
  /** The account read, or null when it could not be read. */
  account: BlueskyAccount | null;
}

/**
 * Whether the account (by DID) still links the profile's public page from its profile record, its `website` or an
 * address in its description (rel="me" in atproto's terms: the account says which page is its owner's). The
 * account is read from its DID document, so a handle given to another account never passes for this one. Never
 * throws: a failure is an outcome with a reason fit to show the journalist.
 */
export async function checkBlueskyProfile(sources: BlueskySources, did: string, profileUrl: string): Promise<BlueskyCheck> {
  let account: BlueskyAccount;
  try {
    account = await resolveDid(sources, did);
  } catch (error) {
    return { outcome: { ok: false, reason: reasonOf(error) }, account: null };
  }
  try {
    const record = await readProfileRecord(sources, account);
    if (!record) return { outcome: { ok: false, reason: 'the Bluesky account has no profile yet' }, account };
    const links = profileRecordLinks(record);
    if (links.some((link) => samePublicPage(link, profileUrl))) return { outcome: { ok: true }, account };
    return {
      outcome: { ok: false, reason: 'the Bluesky profile’s website and description do not link to this profile' },
      account,
    };
  } catch (error) {
    return { outcome: { ok: false, reason: reasonOf(error) }, account };
  }
}

/** The account by its DID alone, as checkBlueskyProfile reads it, without its profile record (a sign-in's check). */
export async function checkBlueskyAccount(sources: BlueskySources, did: string): Promise<BlueskyCheck> {
  try {
    return { outcome: { ok: true }, account: await resolveDid(sources, did) };
  } catch (error) {
    return { outcome: { ok: false, reason: reasonOf(error) }, account: null };
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof BlueskyResolutionError) return error.message;
  return 'the account could not be read';
}
