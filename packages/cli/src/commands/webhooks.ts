import type { Command } from 'commander';
import type { Config } from '@byline/domain/config/config';
import type { Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { isAccountHeld, HELD_BY_SUSPENSION } from '@byline/editorial/webhooks/account-hold';
import {
  registerEndpoint,
  removeEndpoint,
  rotateEndpointSecret,
  setEndpointEnabled,
  type WebhookDeps,
} from '@byline/editorial/webhooks/manage-endpoints';
import { WEBHOOK_EVENT_TYPES } from '@byline/domain/webhook-events/webhook-event';
import { type WebhookEndpoint } from '@byline/domain/webhooks/webhooks-repository';
import { outboundOf } from '@byline/fetcher';
import { CliError, withStore, type CliContext } from '../cli-context';
import { validEmail } from '../checked-input';
import { formatTable, writeLine } from '../output';

const depsOf = (store: Store, config: Config): WebhookDeps => ({
  webhookEndpoints: repositoriesOf(store).webhookEndpoints,
  webhookDeliveries: repositoriesOf(store).webhookDeliveries,
  queue: repositoriesOf(store).queue,
  outbound: outboundOf(config),
});

/** Enabled, failing since when, held while its account is suspended, or disabled and why. */
export function endpointStatus(endpoint: WebhookEndpoint, held = false): string {
  if (!endpoint.enabled) return `disabled${endpoint.disabledReason ? ` (${endpoint.disabledReason})` : ''}`;
  if (held) return HELD_BY_SUSPENSION;
  return endpoint.failingSince ? `failing since ${endpoint.failingSince}` : 'enabled';
}

/** Whether the account's deliveries are held (it is suspended). */
const heldFor = (store: Store, email: string) => isAccountHeld(repositoriesOf(store).apiAccounts, email);

/** The endpoint with this id (a positive whole number), or a CliError. */
async function endpointById(store: Store, given: string): Promise<WebhookEndpoint> {
  const id = /^\d{1,15}$/.test(given.trim()) ? Number(given.trim()) : NaN;
  const endpoint = Number.isSafeInteger(id) ? await repositoriesOf(store).webhookEndpoints.find(id) : null;
  if (!endpoint) throw new CliError(`No webhook endpoint ${given}.`);
  return endpoint;
}

/** What `list --json` prints of an endpoint: everything but its secrets, and whether its deliveries are held. */
const publicView = ({ secret: _secret, previousSecret: _previous, ...endpoint }: WebhookEndpoint, held: boolean) => ({
  ...endpoint,
  held,
});

export function registerWebhooks(program: Command, ctx: CliContext): void {
  const webhooks = program
    .command('webhooks')
    .description("manage an API account's webhook endpoints: signed event deliveries (see docs/api.md, Webhooks)");

  webhooks
    .command('add')
    .description('register an endpoint; its signing secret is shown only now')
    .argument('<account>', "the API account's email")
    .argument('<url>', 'the https address events are POSTed to')
    .requiredOption('--events <types>', `comma-separated event types: ${WEBHOOK_EVENT_TYPES.join(', ')}`)
    .option('--json', 'print {"id","url","events","secret"}')
    .action(async (account: string, url: string, options: { events: string; json?: boolean }) => {
      const email = validEmail(account);
      const endpoint = await withStore(ctx, async (store, config) => {
        if (!(await repositoriesOf(store).apiAccounts.findAccount(email))) throw new CliError(`No API account ${email}.`);
        const result = await registerEndpoint(depsOf(store, config), { email, url, events: options.events });
        if ('problem' in result) {
          const { field, message } = result.problem;
          throw new CliError(`${field === 'url' ? 'URL' : '--events'}: ${message}.`, 2);
        }
        return result.endpoint;
      });
      const { id, events, secret } = endpoint;
      writeLine(ctx.stdout, options.json ? JSON.stringify({ id, url: endpoint.url, events, secret }) : secret);
      writeLine(ctx.stderr, `Added webhook endpoint ${id} for ${email}. Keep the secret now: it cannot be shown again.`);
    });

  webhooks
    .command('list')
    .description("list an account's endpoints with their events and status (never their secrets)")
    .argument('<account>', "the API account's email")
    .option('--json', 'print a JSON array')
    .action(async (account: string, options: { json?: boolean }) => {
      const email = validEmail(account);
      const [list, held] = await withStore(ctx, (store) =>
        Promise.all([repositoriesOf(store).webhookEndpoints.endpointsOf(email), heldFor(store, email)]),
      );
      if (options.json)
        return writeLine(
          ctx.stdout,
          JSON.stringify(
            list.map((e) => publicView(e, held)),
            null,
            2,
          ),
        );
      if (list.length === 0) return writeLine(ctx.stderr, `No webhook endpoints for ${email}.`);
      const rows = list.map((e) => [String(e.id), e.url, e.events.join(','), endpointStatus(e, held), e.createdAt]);
      writeLine(ctx.stdout, formatTable(['ID', 'URL', 'EVENTS', 'STATUS', 'CREATED'], rows));
    });

  for (const [name, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    webhooks
      .command(name)
      .description(enabled ? 'enable an endpoint: the messages waiting for it are delivered' : 'stop delivering to an endpoint')
      .argument('<id>', 'the endpoint (see list)')
      .action(async (id: string) => {
        await withStore(ctx, async (store, config) =>
          setEndpointEnabled(depsOf(store, config), await endpointById(store, id), enabled),
        );
        writeLine(ctx.stdout, `Webhook endpoint ${id} ${enabled ? 'enabled' : 'disabled'}.`);
      });
  }

  webhooks
    .command('rotate')
    .description('give an endpoint a new signing secret (shown only now); the old one also signs for 24 hours')
    .argument('<id>', 'the endpoint (see list)')
    .action(async (id: string) => {
      const secret = await withStore(ctx, async (store, config) =>
        rotateEndpointSecret(depsOf(store, config), await endpointById(store, id)),
      );
      writeLine(ctx.stdout, secret);
      writeLine(ctx.stderr, `Rotated the secret of webhook endpoint ${id}; the previous one also signs for 24 hours.`);
    });

  webhooks
    .command('remove')
    .description('remove an endpoint and its messages')
    .argument('<id>', 'the endpoint (see list)')
    .action(async (id: string) => {
      await withStore(ctx, async (store, config) => removeEndpoint(depsOf(store, config), await endpointById(store, id)));
      writeLine(ctx.stdout, `Removed webhook endpoint ${id}.`);
    });

  webhooks
    .command('attempts')
    .description("an endpoint's latest messages and each attempt: status, time and the start of the answer")
    .argument('<id>', 'the endpoint (see list)')
    .option('--limit <n>', 'how many messages', '20')
    .action(async (id: string, options: { limit: string }) => {
      const limit = Math.min(Math.max(Number.parseInt(options.limit, 10) || 20, 1), 200);
      const { messages, held } = await withStore(ctx, async (store) => {
        const endpoint = await endpointById(store, id);
        return {
          messages: await repositoriesOf(store).webhookDeliveries.messagesOf(endpoint.id, limit),
          held: await heldFor(store, endpoint.email),
        };
      });
      if (messages.length === 0) return writeLine(ctx.stderr, `No messages for webhook endpoint ${id}.`);
      const rows = messages.flatMap((m) =>
        (m.attempts.length ? m.attempts : [null]).map((a) => [
          String(m.id),
          m.type,
          held && m.state === 'pending' ? HELD_BY_SUSPENSION : m.state,
          a?.at ?? '-',
          a ? String(a.status ?? a.error) : '-',
          (a?.excerpt ?? '').replace(/\s+/g, ' ').slice(0, 60),
        ]),
      );
      writeLine(ctx.stdout, formatTable(['MESSAGE', 'TYPE', 'STATE', 'ATTEMPT AT', 'STATUS', 'ANSWER'], rows));
    });
}
