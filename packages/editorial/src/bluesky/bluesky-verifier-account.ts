import type { SafeFetch } from '@byline/fetcher';
import { VERIFICATION_COLLECTION } from '@byline/domain/bluesky-verification/bluesky-verification-documents';

/** Byline's Bluesky account as the configuration names it (see BlueskyVerifierConfig). */
export interface VerifierAccountSettings {
  identifier: string;
  appPassword: string;
  pdsUrl: string;
}

/** A verification record as the lexicon has it (app.bsky.graph.verification). */
export interface VerificationRecord {
  subject: string;
  handle: string;
  displayName: string;
  createdAt: string;
}

/** Byline's repository on its PDS: the writes the verifier makes, each one idempotent (put, delete by key). */
export interface VerifierAccount {
  /** Writes the record under `rkey`, replacing what a dead worker may have written there; its address and CID. */
  putVerification(rkey: string, record: VerificationRecord): Promise<{ uri: string; cid: string }>;
  /** Deletes the record under `rkey`; nothing to delete is no error (a retry after the delete went through). */
  deleteVerification(rkey: string): Promise<void>;
}

/** Why a write to Byline's repository failed, in words that never hold the app password or a token. */
export class VerifierAccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerifierAccountError';
  }
}

interface Session {
  did: string;
  accessJwt: string;
}

/** XRPC's error answers (400/401) that a new session mends: the access token expired or was revoked. */
const SESSION_ERRORS = new Set(['ExpiredToken', 'InvalidToken', 'AuthenticationRequired', 'AuthMissing']);

/**
 * Byline's account on its PDS by plain XRPC through the SSRF-safe fetch (the operator's outbound rules and CA apply):
 * a session opened with the app password (com.atproto.server.createSession), kept in memory and opened again when
 * the PDS says it expired, then com.atproto.repo.putRecord and deleteRecord.
 */
export function blueskyVerifierAccount(settings: VerifierAccountSettings, fetch: SafeFetch): VerifierAccount {
  const base = settings.pdsUrl.replace(/\/+$/, '');
  let session: Promise<Session> | null = null;

  async function call(method: string, body: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
    let response: Response;
    try {
      response = await fetch(`${base}/xrpc/${method}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new VerifierAccountError(`the PDS could not be reached (${error instanceof Error ? error.message : 'no answer'})`);
    }
    const text = await response.text().catch(() => '');
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // not JSON: the status says enough
    }
    return { status: response.status, json };
  }

  const failure = (method: string, { status, json }: { status: number; json: Record<string, unknown> }) =>
    new VerifierAccountError(
      `${method} answered HTTP ${status}${typeof json.error === 'string' ? ` ${json.error}` : ''}`.slice(0, 200),
    );

  function openSession(): Promise<Session> {
    session ??= (async () => {
      const answer = await call('com.atproto.server.createSession', {
        identifier: settings.identifier,
        password: settings.appPassword,
      });
      if (answer.status !== 200 || typeof answer.json.accessJwt !== 'string' || typeof answer.json.did !== 'string')
        throw failure('com.atproto.server.createSession', answer);
      return { did: answer.json.did, accessJwt: answer.json.accessJwt };
    })();
    // A failed sign-in is tried again on the next call, not remembered.
    session.catch(() => (session = null));
    return session;
  }

  /** A write in Byline's repository, once more with a new session when the PDS says the old one is over. */
  async function write(method: string, body: (did: string) => Record<string, unknown>) {
    for (let attempt = 0; ; attempt++) {
      const current = await openSession();
      const answer = await call(method, body(current.did), current.accessJwt);
      if (answer.status === 200) return answer.json;
      const sessionOver = (answer.status === 400 || answer.status === 401) && SESSION_ERRORS.has(String(answer.json.error ?? ''));
      if (!sessionOver || attempt > 0) throw failure(method, answer);
      session = null;
    }
  }

  return {
    async putVerification(rkey, record) {
      const json = await write('com.atproto.repo.putRecord', (did) => ({
        repo: did,
        collection: VERIFICATION_COLLECTION,
        rkey,
        // The PDS checks the record against the lexicon: a malformed one is refused, never stored.
        validate: true,
        record: { $type: VERIFICATION_COLLECTION, ...record },
      }));
      if (typeof json.uri !== 'string' || typeof json.cid !== 'string')
        throw new VerifierAccountError('com.atproto.repo.putRecord answered without the record’s address');
      return { uri: json.uri, cid: json.cid };
    },
    async deleteVerification(rkey) {
      await write('com.atproto.repo.deleteRecord', (did) => ({ repo: did, collection: VERIFICATION_COLLECTION, rkey }));
    },
  };
}
