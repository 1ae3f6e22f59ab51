import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createApiKey } from '@byline/shared';
import { createLogger, type Logger } from '@byline/domain/logging/logger';
import { validateProfileRecord } from '@byline/domain/validation/profile-record';
import { type ProfileInput } from '@byline/domain/domain/types';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';

export function tempDir(prefix = 'byline-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function embeddedStore(): SqliteStore {
  return SqliteStore.inDirectory(tempDir());
}

/** Validates raw records as `byline import` does, then stores them. */
export async function seed(store: Store, ...raw: unknown[]): Promise<ProfileInput[]> {
  const records = raw.map((record, index) => {
    const result = validateProfileRecord(record);
    if (result.error !== undefined) throw new Error(`test record ${index} is invalid: ${result.error}`);
    return result.value;
  });
  await repositoriesOf(store).profileTransfers.import(records);
  return records;
}

/** A fresh API key's bearer header value. */
export async function bearer(store: Store, email = 'desk@example.org'): Promise<string> {
  const { token } = await createApiKey(repositoriesOf(store).apiKeys, email, 'tests');
  return `Bearer ${token}`;
}

export const quietLogger = (): Logger => createLogger({ service: 'test', silent: true });

/** A logger at debug level whose every line is kept, to assert on what reaches the logs. */
export function capturingLogger(): { logger: Logger; output: () => string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { logger: createLogger({ service: 'test', level: 'debug', stream }), output: () => chunks.join('') };
}
