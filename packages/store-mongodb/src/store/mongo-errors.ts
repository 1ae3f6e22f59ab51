import { mongodbDriver } from './mongodb-driver';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';

export const DUPLICATE_KEY = 11000;

/** Server error codes that say "try again later" rather than "your request is wrong". */
const TRANSIENT_SERVER_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  50, // MaxTimeMSExpired
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/**
 * FerretDB answers a query it abandons while shutting down with a generic InternalError whose message
 * ends "context canceled" (seen in the outage test), not with ShutdownInProgress.
 */
const SERVER_CANCELLED = /\bcontext canceled\b/;

/** Driver classes that are not exported but carry a stable name (pool exhausted or closed). */
const TRANSIENT_DRIVER_NAMES = new Set(['MongoWaitQueueTimeoutError', 'MongoPoolClosedError', 'MongoPoolClearedError']);

/** Socket errors the driver occasionally lets through unwrapped (seen: EPIPE while the server goes away). */
const SOCKET_ERROR_CODES = new Set([
  'EPIPE',
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

export function isTransient(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const {
    MongoClientClosedError,
    MongoError,
    MongoNetworkError,
    MongoNotConnectedError,
    MongoOperationTimeoutError,
    MongoServerClosedError,
    MongoServerError,
    MongoServerSelectionError,
    MongoStalePrimaryError,
    MongoTopologyClosedError,
    MongoWriteConcernError,
  } = mongodbDriver();
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SOCKET_ERROR_CODES.has(code)) return true;
  if (!(error instanceof MongoError)) return isTransient((error as { cause?: unknown }).cause, depth + 1);
  if (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoOperationTimeoutError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoClientClosedError ||
    error instanceof MongoServerClosedError ||
    error instanceof MongoStalePrimaryError ||
    error instanceof MongoWriteConcernError
  ) {
    return true;
  }
  if (TRANSIENT_DRIVER_NAMES.has(error.name)) return true;
  if (error.hasErrorLabel('RetryableWriteError') || error.hasErrorLabel('ResetPool')) return true;
  if (!(error instanceof MongoServerError)) return false;
  return (typeof error.code === 'number' && TRANSIENT_SERVER_CODES.has(error.code)) || SERVER_CANCELLED.test(error.message);
}

interface WriteError {
  /** The write's position in the batch. */
  index: number;
  code?: number;
}

/** The failed writes of a bulk write error (the driver gives one or a list); none for any other error. */
export function writeErrorsOf(error: unknown): WriteError[] {
  const writeErrors = (error as { writeErrors?: WriteError[] | WriteError } | null)?.writeErrors;
  return Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
}

/**
 * FerretDB 1.x refuses an update that would break a unique index with InternalError (code 1) and SQLite's own
 * message, not with DuplicateKey (11000) as it does for an insert.
 */
const FERRETDB_UNIQUE_UPDATE = /\bUNIQUE constraint failed\b/;

export function isDuplicateKey(error: unknown): boolean {
  if (!(error instanceof mongodbDriver().MongoError)) return false;
  if (error.code === DUPLICATE_KEY) return true;
  if (error.code === 1 && FERRETDB_UNIQUE_UPDATE.test(error.message)) return true;
  return writeErrorsOf(error).some((e) => e.code === DUPLICATE_KEY);
}

/** Outages become StoreUnavailableError (→ 503 with Retry-After); anything else is a bug and passes through. */
export function unavailableOr(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  // A full disk is the operator's to fix, not a bug: 503, as the embedded store's SQLITE_FULL is.
  if (isTransient(error) || cannotWriteProblem(error)) {
    return new StoreUnavailableError(`mongodb: ${(error as Error).message}`, { cause: error });
  }
  return error;
}

/** MongoDB's OutOfDiskSpace; FerretDB passes on its repositories's words (SQLite's, PostgreSQL's). */
const OUT_OF_DISK_SPACE = 14031;
const NO_SPACE = /no space left on device|database or disk is full|could not extend file|OutOfDiskSpace/i;
/** SQLite's SQLITE_IOERR as FerretDB's SQLite repositories words it (a write past a file size limit, a failing disk). */
const DISK_IO_ERROR = /\bdisk I\/O error\b/i;

/**
 * What an operation's error says of the store's ability to write at all (a full disk, a disk that fails writes), or
 * null for anything else; as the embedded store takes SQLITE_FULL and SQLITE_IOERR.
 */
export function cannotWriteProblem(error: unknown): string | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const words = typeof message === 'string' ? message : '';
  if (code === OUT_OF_DISK_SPACE || NO_SPACE.test(words)) return 'the database server has no space left to write';
  if (DISK_IO_ERROR.test(words)) return 'the database server’s disk answered a write with an I/O error';
  return null;
}
