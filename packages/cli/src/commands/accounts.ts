import type { Command } from 'commander';
import { normaliseOrigin, normaliseOriginList } from '@byline/domain/cors/origin-list';
import { normalizeEmail } from '@byline/shared';
import { type AccountStatus } from '@byline/domain/domain/types';
import { repositoriesOf } from '@byline/shared/store';
import { setApiAccountStatus } from '@byline/editorial/webhooks/account-hold';
import { CliError, withStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';

export function registerAccounts(program: Command, ctx: CliContext): void {
  const accounts = program
    .command('accounts')
    .description('suspend, reactivate, or set the rate limit or web origins of API accounts');
  const actions: [string, AccountStatus, string][] = [
    ['suspend', 'suspended', 'suspend an API account: its keys get 403 and its webhook messages are held until reactivated'],
    ['reactivate', 'active', 'reactivate a suspended API account: its held webhook messages are sent, in order'],
  ];
  for (const [name, status, description] of actions) {
    accounts
      .command(name)
      .description(description)
      .argument('<email>', 'the API account')
      .action(async (email: string) => {
        const account = normalizeEmail(email);
        const found = await withStore(ctx, (store) => setApiAccountStatus(repositoriesOf(store), account, status));
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
      const found = await withStore(ctx, (store) => repositoriesOf(store).apiAccounts.setRateLimit(account, limit));
      if (!found) throw new CliError(`No API account ${account}.`);
      writeLine(ctx.stdout, `Account ${account} may now make ${limit ?? 'the default number of'} requests a minute per key.`);
    });
  accounts
    .command('origins')
    .description(
      'print, or change, the web origins (scheme://host[:port]) whose pages may call with the server keys of an account (CORS); server-side calls need none, and a browser key has its own (keys create --browser)',
    )
    .argument('<email>', 'the API account')
    .option('--set <origins>', 'replace the list with these comma-separated origins')
    .option('--add <origin>', 'add one origin')
    .option('--remove <origin>', 'remove one origin')
    .option('--clear', 'remove every origin')
    .action(async (email: string, options: OriginOptions) => {
      const account = normalizeEmail(email);
      const origins = await withStore(ctx, async (store) => {
        const accounts = repositoriesOf(store).apiAccounts;
        const current = await accounts.originsOf(account);
        if (current === null) throw new CliError(`No API account ${account}.`);
        const changed = changedOrigins(current, options);
        if (changed) await accounts.setOrigins(account, changed);
        return changed ?? current;
      });
      if (!origins.length) writeLine(ctx.stdout, `Account ${account} allows no web origins.`);
      else writeLine(ctx.stdout, [`Account ${account} allows these web origins:`, ...origins].join('\n'));
    });
}

interface OriginOptions {
  set?: string;
  add?: string;
  remove?: string;
  clear?: boolean;
}

/** The list after the one change asked for, or null when none was asked (only print it). */
function changedOrigins(current: string[], options: OriginOptions): string[] | null {
  const asked = (['set', 'add', 'remove', 'clear'] as const).filter((name) => options[name] !== undefined);
  if (asked.length > 1)
    throw new CliError(`Give one of --set, --add, --remove or --clear, not ${asked.map((n) => `--${n}`).join(' and ')}.`);
  const valid = (entries: string[]) => {
    const checked = normaliseOriginList(entries);
    if (!checked.ok) throw new CliError(checked.reason);
    return checked.origins;
  };
  const one = (text: string) => {
    const checked = normaliseOrigin(text);
    if (!checked.ok) throw new CliError(checked.reason);
    return checked.origin;
  };
  if (options.clear) return [];
  if (options.set !== undefined) return valid(options.set.split(','));
  if (options.add !== undefined) return valid([...current, one(options.add)]);
  if (options.remove !== undefined) {
    const removed = one(options.remove);
    return current.filter((origin) => origin !== removed);
  }
  return null;
}

function parseLimit(value: string): number | null {
  if (value === 'default') return null;
  if (!/^[1-9][0-9]{0,8}$/.test(value))
    throw new CliError(`The limit must be a whole number from 1 to 999999999, or "default"; got "${value}".`);
  return Number(value);
}
