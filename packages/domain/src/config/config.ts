import { X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import Joi from 'joi';
import { parseAllowedRange } from '@byline/fetcher/address-policy';
import { parseDnsServer } from '@byline/fetcher/name-resolver';
import { parseSigningKey, SigningKeyError } from '../credentials/signing-key';

export interface Config {
  host: string;
  articleVerifierPort: number;
  journalistVerifierPort: number;
  portalPort: number;
  dataDir: string;
  mongodbUri?: string;
  logLevel: string;
  /** How long a checked credential is reused before the store is asked again; bounded so a revocation lands within 5 s. */
  authCacheTtlMs: number;
  /** The bytes of served answers each verifier process keeps in memory (ANSWER_CACHE_BYTES; 0: none). */
  answerCacheBytes: number;
  /** Shared rate-limit counters live here when set; otherwise each process counts in memory. */
  redisUrl?: string;
  /** Requests per minute per API key for accounts without their own limit. */
  rateLimitPerMinute: number;
  /** Failed API authentications per client address per minute; past it, 429 until the minute ends. */
  authFailuresPerMinute: number;
  /** Express "trust proxy": which proxies' X-Forwarded-For gives the client address (throttles, Secure cookies). */
  trustProxy: boolean | number | string;
  /** Worker processes per service (node:cluster); 1 runs the service in the process itself. */
  webConcurrency: number;
  /** Where people reach the portal and the two services (links in mail, API settings): never taken from a request's Host. */
  publicPortalUrl: string;
  publicArticleVerifierUrl: string;
  publicJournalistVerifierUrl: string;
  /** `smtp://` or `smtps://` server for the portal's and the worker's mail (password reset, owners' notices); unset, none is sent. Holds a password: never log it. */
  smtpUrl?: string;
  /** The From of the portal's mail; required with SMTP_URL. */
  mailFrom?: string;
  /** Whom people ask when they cannot get in (OPERATOR_CONTACT): an email address or an http(s) address; unset, "whoever runs this Byline". */
  operatorContact?: string;
  /** Time between two re-checks of a rel="me" proof that holds (RECHECK_INTERVAL). */
  recheckIntervalMs: number;
  /** How long a rel="me" proof may keep failing before it lapses (RECHECK_GRACE). */
  recheckGraceMs: number;
  /** Time before a failing proof is checked again (RECHECK_RETRY); never more than the grace period. */
  recheckRetryMs: number;
  /** How often the worker looks for due proofs (WORKER_POLL_INTERVAL). */
  workerPollIntervalMs: number;
  /** The worker's /healthz, /readyz and /metrics. */
  workerPort: number;
  /** Ranges every outbound fetch may reach besides the public internet (ALLOWED_PRIVATE_ADDRESSES), as CIDRs. */
  allowedPrivateAddresses: string[];
  /** The resolvers every DNS lookup goes to (DNS_SERVERS), in dns.setServers' form; empty: the system's. */
  dnsServers: string[];
  /** The PLC directory Bluesky accounts' did:plc documents are read from (BLUESKY_PLC_URL); https://plc.directory by default. */
  blueskyPlcUrl: string;
  /**
   * Certificates (PEM) every outbound https fetch trusts besides Node's built-in roots, read from OUTBOUND_CA_FILE:
   * an operator's private CA, or a TLS-inspecting proxy's; empty without it.
   */
  outboundCa: string[];
  /**
   * The operator's key credentials are signed with (CREDENTIAL_SIGNING_KEY: an Ed25519 private JWK, a PEM, or a file
   * holding either); unset, the embedded store generates and keeps one, and MongoDB issues none. Never log it: a
   * KeyObject prints no secret, and nothing else holds it.
   */
  credentialSigningKey?: KeyObject;
  /** How long an issued credential is valid (CREDENTIAL_VALIDITY). */
  credentialValidityMs: number;
  /**
   * Byline's own Bluesky account, which publishes app.bsky.graph.verification records for verified journalists
   * (BLUESKY_VERIFIER_IDENTIFIER, BLUESKY_VERIFIER_APP_PASSWORD, BLUESKY_PDS_URL: all three or none); unset, nothing
   * is published. The app password is a secret: never log it.
   */
  blueskyVerifier?: BlueskyVerifierConfig;
}

/** Byline's Bluesky account as a verifier: the handle or DID it signs in with, its app password, its PDS. */
export interface BlueskyVerifierConfig {
  identifier: string;
  appPassword: string;
  pdsUrl: string;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

/**
 * Served answers kept per verifier process by default: 16 MiB, about six thousand answers, well inside the 400 MB a
 * service is given (see docs/performance.md). Hot addresses and handles are asked again and again; the rest is read.
 */
export const DEFAULT_ANSWER_CACHE_BYTES = 16 * 1024 * 1024;
export const DEFAULT_AUTH_FAILURES_PER_MINUTE = 30;
/** Bluesky's own PLC directory, where did:plc documents are published. */
export const DEFAULT_BLUESKY_PLC_URL = 'https://plc.directory';

const port = Joi.number().integer().min(0).max(65535);

/** An http(s) origin with an optional path, without query or fragment; a trailing slash is dropped. */
const publicUrl = Joi.string()
  .uri({ scheme: ['http', 'https'] })
  .custom((value: string, helpers) => {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) return helpers.error('any.invalid');
    return value.replace(/\/+$/, '');
  })
  .empty('');

/** Checked with messages that never repeat the value: the address holds the SMTP password. */
const smtpUrl = Joi.string()
  .custom((value: string, helpers) => {
    try {
      const url = new URL(value);
      if ((url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname) return value;
    } catch {
      // not an address at all
    }
    return helpers.error('any.invalid');
  })
  .messages({ 'any.invalid': '"SMTP_URL" must be an smtp:// or smtps:// address (smtp://user:password@host:port)' })
  .empty('');

/** `name@example.org` or `Byline <name@example.org>`. */
const mailFrom = Joi.string()
  .pattern(/^(?:[^<>@\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'name@example.org or Name <name@example.org>')
  .empty('');

/** `ops@example.org` (a `mailto:` prefix is dropped) or an http(s) address such as `https://example.org/contact`. */
const operatorContact = Joi.string()
  .trim()
  .custom((value: string, helpers) => {
    const email = value.replace(/^mailto:/i, '');
    if (!Joi.string().email({ tlds: false }).validate(email).error) return email;
    if (
      !Joi.string()
        .uri({ scheme: ['http', 'https'] })
        .validate(value).error
    )
      return value;
    return helpers.error('any.invalid');
  })
  .messages({
    'any.invalid':
      '"OPERATOR_CONTACT" must be an email address (ops@example.org) or an http(s) address (https://example.org/contact)',
  })
  .empty('');

const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration as the settings write it, a whole number and a unit (`90s`, `15m`, `24h`, `3d`), in ms; null otherwise. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,9})(s|m|h|d)$/.exec(text.trim());
  return match ? Number(match[1]) * DURATION_UNITS[match[2]!]! : null;
}

/** A duration setting between `min` and `max` (both written as the setting is), converted to milliseconds. */
const duration = (min: string, max: string) =>
  Joi.string()
    .custom((value: string, helpers) => {
      const ms = parseDuration(value);
      if (ms === null || ms < parseDuration(min)! || ms > parseDuration(max)!) return helpers.error('any.invalid');
      return ms;
    })
    .messages({
      'any.invalid': `{{#label}} must be a whole number and a unit s, m, h or d (e.g. 90s, 15m, 24h, 3d), from ${min} to ${max}`,
    })
    .empty('');

const NAMED_SUBNETS = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrSubnet(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** `true`, `false`, a number of proxy hops, or addresses, subnets and named ranges, comma-separated (as Express takes it). */
const trustProxy = Joi.string()
  .custom((value: string, helpers) => {
    const trimmed = value.trim();
    if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
    if (/^\d{1,3}$/.test(trimmed)) return Number(trimmed);
    const entries = trimmed.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => NAMED_SUBNETS.includes(entry) || isAddressOrSubnet(entry))) return entries.join(',');
    return helpers.error('any.invalid');
  })
  .messages({
    'any.invalid':
      '"TRUST_PROXY" must be true, false, a number of proxy hops, or comma-separated addresses or subnets (10.0.0.0/8, loopback, linklocal, uniquelocal)',
  })
  .empty('');

/** A comma-separated list whose every entry `parse` takes, as the parsed values; empty entries are ignored. */
const listOf = (parse: (entry: string) => { value: string } | { problem: string }) =>
  Joi.string()
    .custom((value: string, helpers) => {
      const parsed = value
        .split(',')
        .filter((entry) => entry.trim())
        .map(parse);
      const values: string[] = [];
      for (const entry of parsed) {
        if ('problem' in entry) return helpers.error('list.entry', { problem: entry.problem });
        values.push(entry.value);
      }
      return values;
    })
    .messages({ 'list.entry': '{{#label}}: {#problem}' })
    .empty('');

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g;

/**
 * A file of PEM certificates, read and parsed here so that a wrong path or a file of something else stops the
 * process at start-up rather than failing every https fetch later; the certificates it holds.
 */
const caFile = Joi.string()
  .custom((path: string, helpers) => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      return helpers.error('ca.unreadable', { path, problem: (error as NodeJS.ErrnoException).code ?? String(error) });
    }
    const certificates = text.match(PEM_CERTIFICATE) ?? [];
    if (!certificates.length) return helpers.error('ca.empty', { path });
    for (const pem of certificates) {
      try {
        new X509Certificate(pem);
      } catch (error) {
        return helpers.error('ca.invalid', { path, problem: error instanceof Error ? error.message : String(error) });
      }
    }
    return certificates.map((pem) => `${pem}\n`);
  })
  .messages({
    'ca.unreadable': '{{#label}}: {#path} cannot be read ({#problem})',
    'ca.empty': '{{#label}}: {#path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)',
    'ca.invalid': '{{#label}}: {#path} holds a certificate that cannot be read ({#problem})',
  })
  .empty('');

const signingKey = Joi.string()
  .custom((value: string, helpers) => {
    try {
      return parseSigningKey(value);
    } catch (error) {
      if (error instanceof SigningKeyError) return helpers.error('key.invalid', { problem: error.message });
      throw error;
    }
  })
  .messages({ 'key.invalid': '{#problem}' })
  .empty('');

/** Byline's Bluesky verifier account: all of these or none. */
const BLUESKY_VERIFIER_VARIABLES = ['BLUESKY_VERIFIER_IDENTIFIER', 'BLUESKY_VERIFIER_APP_PASSWORD', 'BLUESKY_PDS_URL'];

const envSchema = Joi.object({
  HOST: Joi.string().default('0.0.0.0'),
  ARTICLE_VERIFIER_PORT: port.default(8080),
  JOURNALIST_VERIFIER_PORT: port.default(8081),
  PORTAL_PORT: port.default(8082),
  BYLINE_DATA_DIR: Joi.string().default('./data'),
  MONGODB_URI: Joi.string()
    .pattern(/^mongodb(\+srv)?:\/\//, 'mongodb:// or mongodb+srv:// address')
    .empty(''),
  LOG_LEVEL: Joi.string().valid('error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly').default('info'),
  AUTH_CACHE_TTL_MS: Joi.number().integer().min(0).max(4000).default(1000),
  ANSWER_CACHE_BYTES: Joi.number()
    .integer()
    .min(0)
    .max(1024 * 1024 * 1024)
    .default(DEFAULT_ANSWER_CACHE_BYTES),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .empty(''),
  WEB_CONCURRENCY: Joi.number().integer().min(1).max(64).default(1),
  RATE_LIMIT_PER_MINUTE: Joi.number().integer().min(1).max(1_000_000_000).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
  AUTH_FAILURES_PER_MINUTE: Joi.number().integer().min(1).max(1_000_000).default(DEFAULT_AUTH_FAILURES_PER_MINUTE),
  TRUST_PROXY: trustProxy,
  PUBLIC_PORTAL_URL: publicUrl,
  PUBLIC_ARTICLE_VERIFIER_URL: publicUrl,
  PUBLIC_JOURNALIST_VERIFIER_URL: publicUrl,
  SMTP_URL: smtpUrl,
  MAIL_FROM: mailFrom.when('SMTP_URL', { is: Joi.exist(), then: Joi.required() }),
  OPERATOR_CONTACT: operatorContact,
  WORKER_PORT: port.default(8083),
  RECHECK_INTERVAL: duration('1m', '365d').default(parseDuration('24h')),
  RECHECK_GRACE: duration('1m', '365d').default(parseDuration('3d')),
  RECHECK_RETRY: duration('1m', '365d').default(parseDuration('6h')),
  WORKER_POLL_INTERVAL: duration('1s', '1h').default(parseDuration('60s')),
  ALLOWED_PRIVATE_ADDRESSES: listOf(parseAllowedRange),
  DNS_SERVERS: listOf(parseDnsServer),
  BLUESKY_PLC_URL: publicUrl.default(DEFAULT_BLUESKY_PLC_URL),
  OUTBOUND_CA_FILE: caFile,
  CREDENTIAL_SIGNING_KEY: signingKey,
  CREDENTIAL_VALIDITY: duration('1h', '365d').default(parseDuration('30d')),
  // A handle (name.bsky.social) or a DID; checked by shape only: the PDS says at sign-in whether it is an account.
  BLUESKY_VERIFIER_IDENTIFIER: Joi.string()
    .trim()
    .pattern(
      /^(?:did:(?:plc|web):[a-zA-Z0-9._:%-]+|@?[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)+)$/,
    )
    .messages({ 'string.pattern.base': '"BLUESKY_VERIFIER_IDENTIFIER" must be a Bluesky handle (name.bsky.social) or a DID' })
    .empty(''),
  // The message never repeats the value: it is a password.
  BLUESKY_VERIFIER_APP_PASSWORD: Joi.string()
    .min(4)
    .messages({ 'string.min': '"BLUESKY_VERIFIER_APP_PASSWORD" is too short to be an app password' })
    .empty(''),
  BLUESKY_PDS_URL: publicUrl,
})
  .unknown(true)
  .custom((value: { RECHECK_RETRY: number; RECHECK_GRACE: number } & Record<string, unknown>, helpers) => {
    // A failing proof must be checked again before it may lapse.
    if (value.RECHECK_RETRY > value.RECHECK_GRACE) return helpers.error('recheck.retry');
    // Byline's Bluesky account is all three or none: any two alone cannot publish.
    const verifier = BLUESKY_VERIFIER_VARIABLES.filter((name) => value[name] !== undefined);
    if (verifier.length > 0 && verifier.length < BLUESKY_VERIFIER_VARIABLES.length)
      return helpers.error('bluesky.verifier', {
        missing: BLUESKY_VERIFIER_VARIABLES.filter((name) => value[name] === undefined).join(', '),
      });
    return value;
  })
  .messages({
    'recheck.retry': '"RECHECK_RETRY" must not be longer than "RECHECK_GRACE"',
    'bluesky.verifier': `${'"BLUESKY_VERIFIER_IDENTIFIER", "BLUESKY_VERIFIER_APP_PASSWORD" and "BLUESKY_PDS_URL"'} go together: {#missing} missing`,
  });

/** Each variable loadConfig reads, with its default as the schema gives it (documented in docs/operators.md). */
export function configVariables(): { name: string; default: unknown }[] {
  const { keys } = envSchema.describe() as { keys: Record<string, { flags?: { default?: unknown } }> };
  return Object.entries(keys).map(([name, description]) => ({ name, default: description.flags?.default }));
}

/**
 * The exit code of every Byline process (the services, the worker, the portal, the CLI) stopped by a
 * configuration error: EX_CONFIG of sysexits.h. Restarting cannot mend it, so `npm start` stops everything on it.
 */
export const CONFIG_ERROR_EXIT_CODE = 78;

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment once at start-up; a bad value throws ConfigError naming every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { value, error } = envSchema.validate(env, { abortEarly: false, convert: true });
  if (error) throw new ConfigError(error.details.map((d) => d.message));
  return {
    host: value.HOST,
    articleVerifierPort: value.ARTICLE_VERIFIER_PORT,
    journalistVerifierPort: value.JOURNALIST_VERIFIER_PORT,
    portalPort: value.PORTAL_PORT,
    dataDir: value.BYLINE_DATA_DIR,
    mongodbUri: value.MONGODB_URI,
    logLevel: value.LOG_LEVEL,
    authCacheTtlMs: value.AUTH_CACHE_TTL_MS,
    answerCacheBytes: value.ANSWER_CACHE_BYTES,
    redisUrl: value.REDIS_URL,
    rateLimitPerMinute: value.RATE_LIMIT_PER_MINUTE,
    authFailuresPerMinute: value.AUTH_FAILURES_PER_MINUTE,
    trustProxy: value.TRUST_PROXY ?? false,
    webConcurrency: value.WEB_CONCURRENCY,
    publicPortalUrl: value.PUBLIC_PORTAL_URL ?? `http://localhost:${value.PORTAL_PORT}`,
    publicArticleVerifierUrl: value.PUBLIC_ARTICLE_VERIFIER_URL ?? `http://localhost:${value.ARTICLE_VERIFIER_PORT}`,
    publicJournalistVerifierUrl: value.PUBLIC_JOURNALIST_VERIFIER_URL ?? `http://localhost:${value.JOURNALIST_VERIFIER_PORT}`,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    operatorContact: value.OPERATOR_CONTACT,
    recheckIntervalMs: value.RECHECK_INTERVAL,
    recheckGraceMs: value.RECHECK_GRACE,
    recheckRetryMs: value.RECHECK_RETRY,
    workerPollIntervalMs: value.WORKER_POLL_INTERVAL,
    workerPort: value.WORKER_PORT,
    allowedPrivateAddresses: value.ALLOWED_PRIVATE_ADDRESSES ?? [],
    dnsServers: value.DNS_SERVERS ?? [],
    blueskyPlcUrl: value.BLUESKY_PLC_URL,
    outboundCa: value.OUTBOUND_CA_FILE ?? [],
    credentialSigningKey: value.CREDENTIAL_SIGNING_KEY,
    credentialValidityMs: value.CREDENTIAL_VALIDITY,
    blueskyVerifier: value.BLUESKY_VERIFIER_IDENTIFIER
      ? {
          identifier: value.BLUESKY_VERIFIER_IDENTIFIER.replace(/^@/, ''),
          appPassword: value.BLUESKY_VERIFIER_APP_PASSWORD,
          pdsUrl: value.BLUESKY_PDS_URL,
        }
      : undefined,
  };
}
