import type { Command } from 'commander';
import Joi from 'joi';
import { createApiKey, plainTextRule, type ApiKeySummary } from '@byline/shared';
import { CliError, withNewOrExistingStore, withStore, type CliContext } from '../cli-context';
import { checked, validEmail } from '../checked-input';
import { formatTable, writeLine } from '../output';

const nameSchema = Joi.string().trim().min(1).max(100).custom(plainTextRule('line'));

function keyStatus(key: ApiKeySummary): string {
  return key.revoked_at ? `revoked ${key.revoked_at}` : 'active';
}

export function registerKeys(program: Command, ctx: CliContext): void {
  const keys = program.command('keys').description('create, list and revoke API keys');

  keys
    .command('create')
    .description('create the API account if needed and a new key pair; the secret is shown only now')
    .requiredOption('--email <email>', 'the API account')
    .option('--name <label>', 'a label for the key', 'default')
    .option('--json', 'print {"key","secret","token"}')
    .action(async (options: { email: string; name: string; json?: boolean }) => {
      const email = validEmail(options.email);
      const name = checked<string>(nameSchema, options.name, 'name');
      const { key, secret, token } = await withNewOrExistingStore(ctx, (store) => createApiKey(store, email, name));
      writeLine(ctx.stdout, options.json ? JSON.stringify({ key, secret, token }) : token);
      writeLine(ctx.stderr, `Created key ${key} for ${email}. Keep the secret now: it cannot be shown again.`);
    });

  keys
    .command('list')
    .description("list an account's keys (never their secrets)")
    .requiredOption('--email <email>', 'the API account')
    .option('--json', 'print a JSON array')
    .action(async (options: { email: string; json?: boolean }) => {
      const email = validEmail(options.email);
      const list = await withStore(ctx, (store) => store.listApiKeys(email));
      if (options.json) return writeLine(ctx.stdout, JSON.stringify(list, null, 2));
      if (list.length === 0) return writeLine(ctx.stderr, `No keys for ${email}.`);
      const rows = list.map((k) => [k.key, k.name, k.created_at, k.last_used_at ?? '-', keyStatus(k)]);
      writeLine(ctx.stdout, formatTable(['KEY', 'NAME', 'CREATED', 'LAST USED', 'STATUS'], rows));
    });

  keys
    .command('revoke')
    .description('revoke a key; running services refuse it within 5 seconds')
    .argument('<key>', 'the key (the part before the colon)')
    .action(async (key: string) => {
      const revoked = await withStore(ctx, (store) => store.revokeApiKey(key.trim()));
      if (!revoked) throw new CliError(`No API key ${key}.`);
      writeLine(ctx.stdout, `Revoked key ${key}.`);
    });
}
