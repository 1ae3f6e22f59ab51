import type { Command } from 'commander';
import Joi from 'joi';
import { nameRule } from '@byline/domain/validation/name-rule';
import { plainTextRule } from '@byline/domain/validation/plain-text';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import type { Config } from '@byline/domain/config/config';
import { checkPublisherDomain } from '@byline/editorial/publisher-domains/check-publisher-domain';
import {
  DOMAIN_PROOF_METHOD_NAMES,
  newDomainToken,
  proofValueOf,
  txtRecordNameOf,
  wellKnownUrlOf,
} from '@byline/editorial/publisher-domains/domain-token';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { InvalidAttributionDomainError, normaliseAttributionDomain } from '@byline/editorial/authorship/attribution-domains';
import { recheckPolicyOf } from '@byline/editorial/proofs/recheck';
import { refreshPublisherTrust } from '@byline/editorial/trust-txt/refresh-publisher-trust';
import { removePublisherDomain } from '@byline/editorial/publisher-domains/remove-publisher-domain';
import { setPublisherVerified } from '@byline/editorial/publishers/set-publisher-verified';
import { trustTxtSourcesOf } from '@byline/editorial/trust-txt/trust-txt-sources';
import { slugOf } from '@byline/editorial/use-cases/slugs';
import { type Affiliation } from '@byline/domain/staff/staff-repository';
import {
  type Publisher,
  type PublisherDomain,
  type PublisherEvent,
  type Publishers,
} from '@byline/domain/publishers/publishers-repository';
import { checked, quoted } from '../checked-input';
import { CliError, withNewOrExistingStore, withStore, type CliContext } from '../cli-context';
import { formatTable, writeLine } from '../output';
import { staffRecord } from '../publishers-transfer/export-publishers';

/** Who the publisher's history names for these commands: the same operator as `byline profiles verify`'s. */
export const OPERATOR_ACTOR = 'operator (command line)';

const nameSchema = Joi.string().trim().min(1).max(200).required().custom(plainTextRule('line')).custom(nameRule());

/** The form slugOf gives, so a slug typed by hand reads like a derived one in addresses and lists. */
const slugSchema = Joi.string()
  .max(60)
  .pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .required()
  .messages({ 'string.pattern.base': 'must be lower-case letters and digits, words joined by single hyphens (harbour-times)' });

/** As the portal's editors' notes: kept in the history, so plain text only. */
const noteSchema = Joi.string().trim().allow('').max(2000).custom(plainTextRule('prose'));

const METHODS = DOMAIN_PROOF_METHOD_NAMES;

/** A domain as attribution domains are stored (whole domain, no IP, no public suffix); a bad one is named. */
function validDomain(input: string): string {
  try {
    return normaliseAttributionDomain(input);
  } catch (error) {
    if (error instanceof InvalidAttributionDomainError) throw new CliError(`Invalid domain ${quoted(input)}: ${error.message}.`);
    throw error;
  }
}

async function publisherBySlug(publishers: Publishers, slug: string): Promise<Publisher> {
  const publisher = await publishers.findBySlug(slug);
  if (!publisher) throw new CliError(`No publisher with slug ${quoted(slug)}.`);
  return publisher;
}

/** Opens the store and finds the publisher the slug names (none: an error that names the slug), for `work` to use. */
function withPublisher<T>(
  ctx: CliContext,
  slug: string,
  work: (repositories: StoreRepositories, publisher: Publisher, config: Config) => Promise<T>,
): Promise<T> {
  return withStore(ctx, async (store, config) => {
    const repositories = repositoriesOf(store);
    return work(repositories, await publisherBySlug(repositories.publishers, slug), config);
  });
}

/** What `show --json` prints of a publisher, its domains and its history: their fields without the store's ids. */
const publisherJson = ({ id: _id, ...publisher }: Publisher) => ({ ...publisher, verified: publisher.verifiedAt !== null });
const domainJson = ({ publisherId: _publisherId, ...domain }: PublisherDomain) => domain;
const eventJson = ({ id: _id, publisherId: _publisherId, ...event }: PublisherEvent) => event;

export function registerPublishers(program: Command, ctx: CliContext): void {
  const publishers = program
    .command('publishers')
    .description('create publishers, prove their domains (DNS TXT record or well-known file) and verify them');

  publishers
    .command('create')
    .description('create a publisher (not verified, no domains yet); prints its slug')
    .requiredOption('--name <name>', 'the outlet’s name')
    .option('--slug <slug>', 'its slug (default: made from the name)')
    .action(async (options: { name: string; slug?: string }) => {
      const name = checked<string>(nameSchema, options.name, 'name');
      const derived = options.slug ?? slugOf(name);
      if (!derived)
        throw new CliError(`The name ${quoted(name)} gives no slug (no Latin letters or digits): give one with --slug.`);
      const slug = checked<string>(slugSchema, derived, 'slug');
      const created = await withNewOrExistingStore(ctx, (store) =>
        repositoriesOf(store).publishers.create({ slug, name }, OPERATOR_ACTOR, new Date()),
      );
      if (!created) throw new CliError(`The slug "${slug}" is taken by another publisher: choose another with --slug.`);
      writeLine(ctx.stdout, created.slug);
      writeLine(
        ctx.stderr,
        `Created publisher ${created.slug} (${created.name}), not verified. Add its domains with \`byline publishers domains add ${created.slug} DOMAIN\`.`,
      );
    });

  publishers
    .command('list')
    .description('list the publishers: slug, name, verified or not, and their domains with their states')
    .option('--json', 'print a JSON array')
    .action(async (options: { json?: boolean }) => {
      const listed = await withStore(ctx, async (store) => {
        const { publishers: repository, publisherDomains } = repositoriesOf(store);
        const all = await repository.list();
        return Promise.all(
          all.map(async (publisher) => ({ publisher, domains: await publisherDomains.domainsOf(publisher.id) })),
        );
      });
      if (options.json) {
        const json = listed.map(({ publisher, domains }) => ({
          slug: publisher.slug,
          name: publisher.name,
          verified: publisher.verifiedAt !== null,
          domains: domains.map(({ domain, state, method }) => ({ domain, state, method })),
        }));
        return writeLine(ctx.stdout, JSON.stringify(json, null, 2));
      }
      if (listed.length === 0) return writeLine(ctx.stderr, 'No publishers.');
      const rows = listed.map(({ publisher, domains }) => [
        publisher.slug,
        publisher.name,
        publisher.verifiedAt ? 'yes' : 'no',
        domains.map(({ domain, state }) => `${domain} (${state})`).join(', ') || '-',
      ]);
      writeLine(ctx.stdout, formatTable(['SLUG', 'NAME', 'VERIFIED', 'DOMAINS'], rows));
    });

  publishers
    .command('show')
    .description('show a publisher, its domains (state, proof, token, last failure) and its history, newest first')
    .argument('<slug>', 'the publisher')
    .option('--json', 'print {…publisher, "domains", "history"}')
    .action(async (slug: string, options: { json?: boolean }) => {
      const { publisher, domains, history } = await withPublisher(
        ctx,
        slug,
        async ({ publisherDomains, publisherHistory }, found) => ({
          publisher: found,
          domains: await publisherDomains.domainsOf(found.id),
          history: await publisherHistory.historyOf(found.id),
        }),
      );
      if (options.json) {
        const json = { ...publisherJson(publisher), domains: domains.map(domainJson), history: history.map(eventJson) };
        return writeLine(ctx.stdout, JSON.stringify(json, null, 2));
      }
      const verified = publisher.verifiedAt ? `yes, ${publisher.verifiedAt} by ${publisher.verifiedBy}` : 'no';
      const lines = [
        `${publisher.name} (${publisher.slug})`,
        `Verified: ${verified}`,
        `Created: ${publisher.createdAt}`,
        '',
        'Domains:',
        domains.length
          ? formatTable(
              ['DOMAIN', 'STATE', 'PROVEN BY', 'PROVEN AT', 'TOKEN', 'LAST FAILURE'],
              domains.map((domain) => [
                domain.domain,
                domain.state,
                domain.method ? METHODS[domain.method] : '-',
                domain.provenAt ?? '-',
                domain.token,
                domain.lastFailure ?? '-',
              ]),
            )
          : '(none)',
        '',
        'History:',
        formatTable(
          ['AT', 'ACTOR', 'ACTION', 'NOTE'],
          history.map((event) => [event.at, event.actor, event.action, event.note]),
        ),
      ];
      writeLine(ctx.stdout, lines.join('\n'));
    });

  for (const [name, verified] of [
    ['verify', true],
    ['unverify', false],
  ] as const) {
    publishers
      .command(name)
      .description(
        verified
          ? 'mark a publisher verified: lookups then know it on its proven domains'
          : 'withdraw a publisher’s verification',
      )
      .argument('<slug>', 'the publisher')
      .option('--note <text>', 'why, for its history')
      .action(async (slug: string, options: { note?: string }) => {
        const note = checked<string>(noteSchema, options.note ?? '', 'note');
        const change = await withPublisher(ctx, slug, ({ publishers: repository }, publisher) =>
          setPublisherVerified(repository, publisher, verified, OPERATOR_ACTOR, note, new Date()),
        );
        if (change === 'no-such-publisher') throw new CliError(`No publisher with slug ${quoted(slug)}.`);
        const state = verified ? 'verified' : 'not verified';
        // Already so: exit 0 (the state asked for holds), and the history records nothing, as in the portal.
        if (change === 'unchanged') return writeLine(ctx.stdout, `Publisher ${slug} is already ${state}: nothing is recorded.`);
        writeLine(ctx.stdout, `Publisher ${slug} is now ${state}.`);
      });
  }

  publishers
    .command('attribution')
    .description('let lookups of a publisher’s unknown articles have their pages read to attribute them (on), or not (off)')
    .argument('<slug>', 'the publisher')
    .argument('<on|off>', 'on: its pages may be read; off: an outlet that asked not to be read')
    .action(async (slug: string, state: string) => {
      if (state !== 'on' && state !== 'off')
        throw new CliError(`Invalid value ${quoted(state)} for attribution: give on or off.`);
      await withPublisher(ctx, slug, ({ publishers: repository }, publisher) =>
        repository.update(publisher.id, { attribution: state === 'on' }, new Date()),
      );
      writeLine(
        ctx.stdout,
        state === 'on'
          ? `Lookups of ${slug}’s unknown articles may have their pages read to attribute them.`
          : `Lookups of ${slug}’s unknown articles no longer have their pages read.`,
      );
    });

  registerDomains(publishers, ctx);
  registerStaff(publishers, ctx);
}

function registerDomains(publishers: Command, ctx: CliContext): void {
  const domains = publishers.command('domains').description('add, check and remove the domains a publisher proves');
  /** A subcommand on the publisher `<slug>` names and one of its domains, the domain checked before the store opens. */
  const domainCommand = (
    name: string,
    description: string,
    domainHelp: string,
    run: (slug: string, domain: string) => Promise<void>,
  ) =>
    domains
      .command(name)
      .description(description)
      .argument('<slug>', 'the publisher')
      .argument('<domain>', domainHelp)
      .action(async (slug: string, given: string) => run(slug, validDomain(given)));

  domainCommand(
    'add',
    'add a domain to prove; prints its token and the two ways to show it',
    'the domain (covers its subdomains once proven)',
    async (slug, domain) => {
      const added = await withPublisher(ctx, slug, ({ publisherDomains }, publisher) =>
        publisherDomains.addDomain(publisher.id, domain, newDomainToken(), OPERATOR_ACTOR, new Date()),
      );
      if (!added)
        throw new CliError(
          `Publisher ${slug} already has the domain ${domain}: \`byline publishers show ${slug}\` prints its token.`,
        );
      const value = proofValueOf(added.token);
      writeLine(
        ctx.stdout,
        [
          `Added ${domain} to ${slug}. Its token: ${added.token}`,
          'Prove it either way:',
          `  a DNS TXT record ${txtRecordNameOf(domain)} with the value ${value}`,
          `  or the file ${wellKnownUrlOf(domain)} holding ${value}`,
          `Then run \`byline publishers domains check ${slug} ${domain}\`.`,
        ].join('\n'),
      );
    },
  );

  domainCommand(
    'check',
    'check a domain’s proof now and record it; exits 1 unless the domain is proven',
    'the domain',
    async (slug, domain) => {
      const found = await withPublisher(ctx, slug, async (repositories, publisher, config) => {
        // The same proof sources and schedule as the worker's re-checks (DNS_SERVERS, ALLOWED_PRIVATE_ADDRESSES, RECHECK_*).
        const checkedNow = await checkPublisherDomain(
          { publisherDomains: repositories.publisherDomains, queue: repositories.queue },
          { publisherId: publisher.id, domain },
          {
            sources: domainProofSourcesOf(config),
            schedule: recheckPolicyOf(config),
            actor: OPERATOR_ACTOR,
            now: new Date(),
          },
        );
        // A newly proven domain may be the one the publisher's trust.txt is read from.
        if (checkedNow.outcome === 'proven' && checkedNow.firstProof) {
          await refreshPublisherTrust(repositories, publisher.id, { sources: trustTxtSourcesOf(config), now: new Date() });
        }
        return checkedNow;
      });
      switch (found.outcome) {
        case 'proven': {
          const where = found.method === 'dns-txt' ? txtRecordNameOf(domain) : wellKnownUrlOf(domain);
          return writeLine(ctx.stdout, `${domain} is proven for ${slug} by its ${METHODS[found.method]} (${where}).`);
        }
        case 'failing':
          throw new CliError(
            found.wasProven
              ? `${domain} is failing for ${slug} (it stays proven until it has failed for RECHECK_GRACE): ${found.failure}`
              : `${domain} is not proven for ${slug}: ${found.failure}`,
          );
        case 'lapsed':
          throw new CliError(`${domain} lapsed for ${slug} (failing for longer than RECHECK_GRACE): ${found.failure}`);
        case 'taken':
          throw new CliError(
            `${domain} holds ${slug}'s token, but another publisher has it proven: a proven domain belongs to one publisher.`,
          );
        case 'missing':
          throw new CliError(`Publisher ${slug} has no domain ${domain}.`);
      }
    },
  );

  domainCommand('remove', 'take a domain off a publisher, proven or not', 'the domain', async (slug, domain) => {
    const removed = await withPublisher(ctx, slug, (repositories, publisher) =>
      removePublisherDomain(repositories, publisher.id, domain, OPERATOR_ACTOR, new Date()),
    );
    if (!removed) throw new CliError(`Publisher ${slug} has no domain ${domain}.`);
    writeLine(ctx.stdout, `Removed ${domain} from ${slug}.`);
  });
}

/** The reason `staff remove` records: the operator ends it, not either side. */
export const OPERATOR_END_REASON = 'Ended by the operator';

const isOpen = (affiliation: Affiliation) => affiliation.state === 'invited' || affiliation.state === 'active';

function registerStaff(publishers: Command, ctx: CliContext): void {
  const staff = publishers
    .command('staff')
    .description('invite journalists to a verified publisher’s staff, end affiliations, list them');

  staff
    .command('add')
    .description('invite a profile to a verified publisher’s staff; its journalist accepts in the portal')
    .argument('<slug>', 'the publisher')
    .argument('<profile-slug>', 'the journalist’s profile')
    .action(async (slug: string, profileSlug: string) => {
      await withPublisher(ctx, slug, async (repositories, publisher) => {
        // As in the portal: the invitation is the publisher vouching, which only a verified one may do.
        if (publisher.verifiedAt === null)
          throw new CliError(
            `Publisher ${slug} is not verified: only a verified publisher may invite staff (\`byline publishers verify ${slug}\`).`,
          );
        const profile = await repositories.profiles.findBySlug(profileSlug);
        if (!profile) throw new CliError(`No profile with slug ${quoted(profileSlug)}.`);
        const invited = await repositories.staff.invite(publisher.id, { profileId: profile.id }, OPERATOR_ACTOR, new Date());
        if (!invited)
          throw new CliError(
            `${profileSlug} is already invited to or on the staff of ${slug}: \`byline publishers staff list ${slug}\`.`,
          );
      });
      writeLine(
        ctx.stdout,
        `Invited ${profileSlug} to the staff of ${slug}. The journalist accepts the invitation on their profile page in the portal; until then it is not shown or listed as evidence.`,
      );
    });

  staff
    .command('remove')
    .description(`end a profile’s open invitation or affiliation with a publisher (kept, marked ended: "${OPERATOR_END_REASON}")`)
    .argument('<slug>', 'the publisher')
    .argument('<profile-slug>', 'the journalist’s profile')
    .action(async (slug: string, profileSlug: string) => {
      const ended = await withPublisher(ctx, slug, async (repositories, publisher) => {
        const profile = await repositories.profiles.findBySlug(profileSlug);
        if (!profile) throw new CliError(`No profile with slug ${quoted(profileSlug)}.`);
        const open = (await repositories.staff.ofPublisher(publisher.id)).find(
          (affiliation) => affiliation.profileId === profile.id && isOpen(affiliation),
        );
        if (!open || !(await repositories.staff.end(open.id, OPERATOR_ACTOR, OPERATOR_END_REASON, new Date())))
          throw new CliError(`${profileSlug} has no open invitation or affiliation with ${slug}.`);
        return open;
      });
      writeLine(
        ctx.stdout,
        `Ended ${profileSlug}’s ${ended.state === 'active' ? 'affiliation' : 'invitation'} with ${slug} (kept, marked ended).`,
      );
    });

  staff
    .command('list')
    .description('list a publisher’s invitations and affiliations, newest first, with their states')
    .argument('<slug>', 'the publisher')
    .option('--json', 'print a JSON array')
    .action(async (slug: string, options: { json?: boolean }) => {
      const rows = await withPublisher(ctx, slug, async (repositories, publisher) => {
        const affiliations = await repositories.staff.ofPublisher(publisher.id);
        return Promise.all(
          affiliations.map(async (affiliation) => ({
            affiliation,
            profileSlug:
              affiliation.profileId === null
                ? null
                : ((await repositories.profiles.findById(affiliation.profileId))?.profile_slug ?? null),
          })),
        );
      });
      if (options.json) {
        const json = rows.map(({ affiliation, profileSlug }) => staffRecord(affiliation, profileSlug));
        return writeLine(ctx.stdout, JSON.stringify(json, null, 2));
      }
      if (rows.length === 0) return writeLine(ctx.stderr, `No staff for ${slug}.`);
      writeLine(
        ctx.stdout,
        formatTable(
          ['WHO', 'STATE', 'INVITED', 'SINCE', 'ENDED', 'ENDED BY', 'REASON'],
          rows.map(({ affiliation: a, profileSlug }) => [
            profileSlug ?? a.invitedEmail ?? '-',
            a.state,
            a.invitedAt,
            a.acceptedAt ?? '-',
            a.endedAt ?? '-',
            a.endedBy ?? '-',
            a.endedReason ?? '-',
          ]),
        ),
      );
    });
}
