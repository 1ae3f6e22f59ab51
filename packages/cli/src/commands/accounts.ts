import type { Command } from 'commander';
import { normalizeEmail, type AccountStatus } from '@byline/shared';
import { CliError, withStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';

export function registerAccounts(program: Command, ctx: CliContext): void {
  const accounts = program.command('accounts').description('suspend, reactivate or set the rate limit of API accounts');
  const actions: [string, AccountStatus, string][] = [
    ['suspend', 'suspended', 'suspend an API account: its keys get 403 until reactivated'],
    ['reactivate', 'active', 'reactivate a suspended API account'],
  ];
  for (const [name, status, description] of actions) {
    accounts
      .command(name)
      .description(description)
      .argument('<email>', 'the API account')
      .action(async (email: string) => {
        const account = normalizeEmail(email);
        const found = await withStore(ctx, (store) => store.setAccountStatus(account, status));
        if (!found) throw new CliError(`No API account ${account}.`);
        writeLine(ctx.stdout, `Account ${account} is now ${status}.`);
      });
  }
  accounts
    .command('limit')
    .description('set how many requests a minute each key of an account may make ("default" restores RATE_LIMIT_PER_MINUTE)')
    .argument('<email>', 'the API account')
    .argument('<per-minute>', 'a whole number of requests a minute, or "default"')
    .action(async (email: string, perMinute: string) => {
      const limit = parseLimit(perMinute);
      const account = normalizeEmail(email);
      const found = await withStore(ctx, (store) => store.setAccountRateLimit(account, limit));
      if (!found) throw new CliError(`No API account ${account}.`);
      writeLine(ctx.stdout, `Account ${account} may now make ${limit ?? 'the default number of'} requests a minute per key.`);
    });
}

function parseLimit(value: string): number | null {
  if (value === 'default') return null;
  if (!/^[1-9][0-9]{0,8}$/.test(value))
    throw new CliError(`The limit must be a whole number from 1 to 999999999, or "default"; got "${value}".`);
  return Number(value);
}
