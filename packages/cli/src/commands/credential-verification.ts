import fs from 'node:fs';
import { verifyCredential, type CredentialCheck, type DidDocument, type VerifiedCredentialResult } from '@byline/client';
import { CliError, type CliContext } from '../cli-context';
import { writeLine } from '../output';

/** A credential, a did document or a status list is a few kilobytes: a file far larger is not one. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

export interface VerifyOptions {
  didDocument?: string;
  statusList?: string;
}

/** The checks in the order verifyCredential makes them, as the command names them. */
const CHECKS: readonly [Exclude<CredentialCheck, 'fetch'>, string][] = [
  ['format', 'Format'],
  ['key', 'Key'],
  ['signature', 'Signature'],
  ['validity', 'Validity'],
  ['status', 'Status'],
];
const LABEL_WIDTH = Math.max(...CHECKS.map(([, label]) => label.length)) + 1;
/**
 * What a credential says is printed only once its signature holds, but reasons quote what it claimed before: control
 * characters (a terminal's escape sequences, line breaks) never reach the terminal.
 */
// eslint-disable-next-line no-control-regex -- these are the characters to take out
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD');
const line = (label: string, text: string) => `${`${label}:`.padEnd(LABEL_WIDTH)} ${printable(text)}`;

/** A file's bytes; a file that cannot be read is the user's to fix (exit 2), naming the option that gave it. */
async function fileBytes(file: string, what: string): Promise<Buffer> {
  try {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile()) throw new CliError(`${what}: ${file} is not a file.`, 2);
    if (stat.size > MAX_FILE_BYTES) throw new CliError(`${what}: ${file} is larger than a credential can be.`, 2);
    return await fs.promises.readFile(file);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${what}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`, 2);
  }
}

async function didDocumentFile(file: string): Promise<DidDocument> {
  const text = (await fileBytes(file, '--did-document')).toString('utf8');
  try {
    return JSON.parse(text) as DidDocument;
  } catch {
    throw new CliError(`--did-document: ${file} is not JSON (a did.json).`, 2);
  }
}

/** The credential at an http(s) address, asked for as either securing; null with why when it cannot be fetched. */
async function fetchedCredential(url: string): Promise<{ bytes: Uint8Array } | { why: string }> {
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/vc+jwt, application/vc+cose' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (response.status !== 200) return { why: `${url} answered ${response.status}` };
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.length > MAX_FILE_BYTES ? { why: `${url} answered more than a credential can be` } : { bytes };
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return { why: `${url} could not be fetched: ${(error as Error).message}${cause ? ` (${cause})` : ''}` };
  }
}

/**
 * `byline credentials verify FILE|URL`: each check's outcome in plain words, then who the credential is about.
 * Exit 0 when valid; 1 (a CliError naming the check) when a check fails; 2 when a file cannot be read.
 */
export async function verifyCredentialCommand(ctx: CliContext, source: string, options: VerifyOptions): Promise<void> {
  const isUrl = /^https?:\/\//i.test(source);
  // Files first: a mistake in the command line is reported before anything is fetched.
  const fromFile = isUrl ? null : await fileBytes(source, 'FILE');
  const didDocument = options.didDocument === undefined ? undefined : await didDocumentFile(options.didDocument);
  const statusList = options.statusList === undefined ? undefined : await fileBytes(options.statusList, '--status-list');
  let secured: Uint8Array;
  if (fromFile) {
    secured = fromFile;
  } else {
    const fetched = await fetchedCredential(source);
    if ('why' in fetched) return failed(ctx, { ok: false, check: 'fetch', reason: fetched.why });
    secured = fetched.bytes;
  }
  const result = await verifyCredential(secured, { didDocument, statusList, timeoutMs: FETCH_TIMEOUT_MS });
  if (!result.ok) return failed(ctx, result);
  printValid(ctx, result);
}

function failed(ctx: CliContext, result: Extract<VerifiedCredentialResult, { ok: false }>): never {
  if (result.check === 'fetch') {
    writeLine(ctx.stdout, line('Fetch', `FAILED: ${result.reason}`));
    throw new CliError('The credential could not be checked: what the checks need could not be fetched (fetch).');
  }
  const at = CHECKS.findIndex(([check]) => check === result.check);
  CHECKS.forEach(([, label], index) =>
    writeLine(ctx.stdout, line(label, index < at ? 'ok' : index === at ? `FAILED: ${result.reason}` : 'not checked')),
  );
  throw new CliError(`The credential is not valid: the ${result.check} check failed.`);
}

function printValid(ctx: CliContext, result: Extract<VerifiedCredentialResult, { ok: true }>): void {
  const { credential } = result;
  const status = credential.credentialStatus;
  const words: Record<(typeof CHECKS)[number][0], string> = {
    format: `ok, a VC 2.0 credential secured as application/vc+${result.securedAs}`,
    key: `ok, ${result.keyId}, listed in the issuer's did document`,
    signature: 'ok (Ed25519)',
    validity: `ok, valid from ${credential.validFrom} until ${credential.validUntil}`,
    status:
      result.status === 'none' || !status
        ? 'not checked: the credential has no revocation status'
        : `ok, not revoked (entry ${status.statusListIndex} of ${status.statusListCredential})`,
  };
  for (const [check, label] of CHECKS) writeLine(ctx.stdout, line(label, words[check]));
  const { name, id, verifiedIdentities } = credential.credentialSubject;
  writeLine(ctx.stdout);
  writeLine(
    ctx.stdout,
    printable(`Valid: ${name}, verified by ${credential.issuer.name} (${credential.issuer.id}); public page ${id}.`),
  );
  writeLine(ctx.stdout, verifiedIdentities.length ? 'Verified identities:' : 'No verified identity.');
  for (const identity of verifiedIdentities) {
    const who = identity.username ? `${identity.username} ` : '';
    writeLine(
      ctx.stdout,
      printable(
        `  ${identity.type}: ${who}${identity.uri} (${identity.method}, ${identity.provider.name}, verified ${identity.verifiedAt})`,
      ),
    );
  }
}
