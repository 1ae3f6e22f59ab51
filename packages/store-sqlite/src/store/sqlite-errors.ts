import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';

const TRANSIENT_CODES = ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_FULL', 'SQLITE_READONLY'];

/** A busy, locked, unreachable or unwritable file as StoreUnavailableError (a 503, not a 500); any other error as it is. */
export function unavailableOr(error: unknown): unknown {
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('SQLITE_BUSY')) {
    const message = `embedded store: another process is writing to it (${code}), e.g. an import; try again when it is done`;
    return new StoreUnavailableError(message, { cause: error });
  }
  if (TRANSIENT_CODES.some((prefix) => code.startsWith(prefix))) {
    return new StoreUnavailableError(`embedded store: ${code}`, { cause: error });
  }
  return error;
}

const CANNOT_WRITE: Record<string, string> = {
  SQLITE_FULL: 'the disk or the database is full (SQLITE_FULL)',
  SQLITE_IOERR: 'the disk answered a write with an I/O error (SQLITE_IOERR)',
};

/** What a failed write says of the store's ability to write at all (full disk, I/O error), or null for anything else. */
export function cannotWriteProblem(error: unknown): string | null {
  const cause = error instanceof StoreUnavailableError ? error.cause : error;
  const code = (cause as { code?: string } | null)?.code ?? '';
  const known = Object.keys(CANNOT_WRITE).find((prefix) => code.startsWith(prefix));
  return known ? CANNOT_WRITE[known]! : null;
}

/** The embedded store's file is missing and the caller may not create one. */
export class NoStoreError extends Error {
  constructor(readonly dataDir: string) {
    super(`no Byline store at ${dataDir}`);
    this.name = 'NoStoreError';
  }
}
