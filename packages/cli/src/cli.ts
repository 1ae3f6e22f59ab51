import { Command, CommanderError } from 'commander';
import { CONFIG_ERROR_EXIT_CODE, ConfigError } from '@byline/domain/config/config';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { CliError, type CliContext } from './cli-context';
import { registerAccounts } from './commands/accounts';
import { registerCredentials } from './commands/credentials';
import { registerDemo } from './commands/demo';
import { registerEditors } from './commands/editors';
import { registerExport } from './commands/export';
import { registerImport } from './commands/import';
import { registerKeys } from './commands/keys';
import { registerProfiles } from './commands/profiles';
import { registerPublishers } from './commands/publishers';
import { registerRecheck } from './commands/recheck';
import { registerUsers } from './commands/users';
import { registerWebhooks } from './commands/webhooks';
import { writeLine } from './output';

/** Exit code for a command line that does not parse (unknown command or option, missing argument). */
export const USAGE_EXIT_CODE = 2;

export function buildProgram(ctx: CliContext): Command {
  const program = new Command('byline')
    .description('Byline: import and export journalist profiles, manage API keys and webhooks, verification and publishers.')
    .exitOverride()
    .showHelpAfterError('(run "byline --help" for usage)')
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
    });
  for (const register of [
    registerImport,
    registerExport,
    registerKeys,
    registerWebhooks,
    registerProfiles,
    registerPublishers,
    registerAccounts,
    registerEditors,
    registerUsers,
    registerRecheck,
    registerCredentials,
    registerDemo,
  ]) {
    register(program, ctx);
  }
  return program;
}

/** Runs one command line and resolves to the process exit code. User mistakes print a message, never a stack. */
export async function runCli(args: string[], ctx: CliContext): Promise<number> {
  try {
    await buildProgram(ctx).parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE_EXIT_CODE;
    if (error instanceof CliError || error instanceof ConfigError || error instanceof StoreUnavailableError) {
      writeLine(ctx.stderr, `byline: ${error.message}`);
      if (error instanceof ConfigError) return CONFIG_ERROR_EXIT_CODE;
      return error instanceof CliError ? error.exitCode : 1;
    }
    const detail = ctx.env.BYLINE_DEBUG ? (error as Error).stack : (error as Error).message;
    writeLine(ctx.stderr, `byline: unexpected error: ${detail}`);
    return 1;
  }
}
