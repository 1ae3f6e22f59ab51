import { CONFIG_ERROR_EXIT_CODE, ConfigError, type Config } from '@byline/domain/config/config';
import type { Logger } from '@byline/domain/logging/logger';
import { embeddedStoreFile, openStore } from '@byline/shared';
import type { Store } from '@byline/domain/store/store';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';

/**
 * Runs a process's configuration checks (`load`); a ConfigError is printed as one line naming the process,
 * which then exits with CONFIG_ERROR_EXIT_CODE (the logger needs the configuration, so this goes to stderr).
 */
export function configOrExit<T>(name: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exit(CONFIG_ERROR_EXIT_CODE);
  }
}

/**
 * Opens the store for a long-running process. One that cannot be opened now (busy, or unsafe to open: see
 * StoreOpenLock) is logged as one error line naming the file and the remedy, and the process exits 1, to be
 * started again (by `npm start`, after its back-off) once the file is back; no stack trace, no crash loop
 * at full speed. MongoDB never fails here: it is retried in the background.
 */
export async function openStoreOrExit(config: Config, logger: Logger): Promise<Store> {
  try {
    return await openStore(config, { logger });
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    logger.error(`cannot open the store: ${error.message}`, { file: embeddedStoreFile(config) });
    process.exit(1);
  }
}
