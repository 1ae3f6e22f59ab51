import type { Command } from 'commander';
import Joi from 'joi';
import { checkBrowserKeySettings, createApiKey } from '@byline/shared';
import { plainTextRule } from '@byline/domain/validation/plain-text';
import { type ApiKeySummary, type BrowserKeySettings } from '@byline/domain/domain/types';
import { type Config } from '@byline/domain/config/config';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { CliError, withNewOrExistingStore, withStore, type CliContext } from '../cli-context';
import { checked, validEmail } from '../checked-input';
import { formatTable, writeLine } from '../output';

const nameSchema = Joi.string().trim().min(1).max(100).custom(plainTextRule('line'));

function keyStatus(key: ApiKeySummary): string {
  if (key.revoked_at) return `revoked ${key.revoked_at}`;
  // Rotated in the portal with an overlap: the old secret works until then, beside its successor.
  if (key.retires_at)
    return `${Date.parse(key.retires_at) <= Date.now() ? 'rotated, stopped' : 'rotated, works until'} ${key.retires_at}`;
  return 'active';
}

/** A browser key's own limit and origins; a server key's are its account's. */
const limitOf = (key: ApiKeySummary) => (key.kind === 'browser' ? String(key.rate_limit_per_minute) : 'account');
const originsOf = (key: ApiKeySummary) => (key.kind === 'browser' ? key.origins.join(',') : 'account');

/** The account's requests per minute: its own, or RATE_LIMIT_PER_MINUTE (also for an account not opened yet). */
async function accountLimit(store: Store, config: Config, email: string): Promise<number> {
  const account = await repositoriesOf(store).apiAccounts.findAccount(email);
  return account?.rateLimitPerMinute ?? config.rateLimitPerMinute;
}

/** --origins and --limit checked as the portal checks them (see checkBrowserKeySettings); a mistake names the option. */
function browserSettings(origins: string | undefined, limit: string | undefined, limitCap: number): BrowserKeySettings {
  const result = checkBrowserKeySettings((origins ?? '').split(','), limit, limitCap);
  if (!result.ok) throw new CliError(`--${result.field}: ${result.reason}.`);
  return result.settings;
}

interface CreateOptions {
  email: string;
  name: string;
  json?: boolean;
  browser?: boolean;
  origins?: string;
  limit?: string;
}

export function registerKeys(program: Command, ctx: CliContext): void {
  const keys = program.command('keys').description('create, list, change and revoke API keys');

  keys
    .command('create')
    .description('create the API account if needed and a new key pair; the secret is shown only now')
    .requiredOption('--email <email>', 'the API account')
    .option('--name <label>', 'a label for the key', 'default')
    .option('--browser', 'a browser key: answers only its own web origins (--origins), within its own limit (--limit)')
    .option('--origins <origins>', 'a browser key’s comma-separated web origins (scheme://host[:port]), at least one')
    .option('--limit <per-minute>', 'a browser key’s requests per minute, at most the account’s (default 60)')
    .option('--json', 'print {"key","secret","token"}')
    .action(async (options: CreateOptions) => {
      const email = validEmail(options.email);
      const name = checked<string>(nameSchema, options.name, 'name');
      if (!options.browser && (options.origins !== undefined || options.limit !== undefined))
        throw new CliError('--origins and --limit are for a browser key: add --browser.', 2);
      const { key, secret, token, summary } = await withNewOrExistingStore(ctx, async (store, config) => {
        const browser = options.browser
          ? browserSettings(options.origins, options.limit, await accountLimit(store, config, email))
          : undefined;
        return createApiKey(repositoriesOf(store).apiKeys, email, name, browser, new Date());
      });
      writeLine(ctx.stdout, options.json ? JSON.stringify({ key, secret, token }) : token);
      const kind =
        summary.kind === 'browser'
          ? `browser key (${summary.rate_limit_per_minute} a minute, from ${originsOf(summary)})`
          : 'key';
      writeLine(ctx.stderr, `Created ${kind} ${key} for ${email}. Keep the secret now: it cannot be shown again.`);
    });

  keys
    .command('list')
    .description("list an account's keys with their kind, limit and origins (never their secrets)")
    .requiredOption('--email <email>', 'the API account')
    .option('--json', 'print a JSON array')
    .action(async (options: { email: string; json?: boolean }) => {
      const email = validEmail(options.email);
      const list = await withStore(ctx, (store) => repositoriesOf(store).apiKeys.keysOf(email));
      if (options.json) return writeLine(ctx.stdout, JSON.stringify(list, null, 2));
      if (list.length === 0) return writeLine(ctx.stderr, `No keys for ${email}.`);
      const rows = list.map((k) => [
        k.key,
        k.name,
        k.kind,
        limitOf(k),
        originsOf(k),
        k.created_at,
        k.last_used_at ?? '-',
        keyStatus(k),
      ]);
      writeLine(ctx.stdout, formatTable(['KEY', 'NAME', 'KIND', 'LIMIT', 'ORIGINS', 'CREATED', 'LAST USED', 'STATUS'], rows));
    });

  keys
    .command('browser')
    .description("change a browser key's web origins or limit (the other is kept); running services use them within 5 seconds")
    .argument('<key>', 'the key (the part before the colon)')
    .option('--origins <origins>', 'the comma-separated web origins, replacing the list')
    .option('--limit <per-minute>', 'requests per minute, at most the account’s')
    .action(async (given: string, options: { origins?: string; limit?: string }) => {
      const key = given.trim();
      if (options.origins === undefined && options.limit === undefined) throw new CliError('Give --origins, --limit or both.', 2);
      const settings = await withStore(ctx, async (store, config) => {
        const { apiKeys: keys, apiCredentials: credentials } = repositoriesOf(store);
        const credential = await credentials.findCredential(key);
        if (!credential) throw new CliError(`No API key ${key}.`);
        if (credential.revoked) throw new CliError(`Key ${key} is revoked.`);
        if (!credential.browser)
          throw new CliError(`Key ${key} is a server key: its account's settings apply (byline accounts origins|limit).`);
        const cap = credential.rateLimitPerMinute ?? config.rateLimitPerMinute;
        const next = browserSettings(
          options.origins ?? credential.browser.origins.join(','),
          options.limit ?? String(Math.min(credential.browser.rateLimitPerMinute, cap)),
          cap,
        );
        await keys.setBrowserKey(key, next);
        return next;
      });
      writeLine(ctx.stdout, `Browser key ${key}: ${settings.rateLimitPerMinute} a minute, from ${settings.origins.join(', ')}.`);
    });

  keys
    .command('revoke')
    .description('revoke a key; running services refuse it within 5 seconds')
    .argument('<key>', 'the key (the part before the colon)')
    .action(async (key: string) => {
      const revoked = await withStore(ctx, (store) => repositoriesOf(store).apiKeys.revokeKey(key.trim(), new Date()));
      if (!revoked) throw new CliError(`No API key ${key}.`);
      writeLine(ctx.stdout, `Revoked key ${key}.`);
    });
}
