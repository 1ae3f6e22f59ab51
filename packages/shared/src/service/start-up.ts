import { CONFIG_ERROR_EXIT_CODE, ConfigError } from '../config/config';

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
