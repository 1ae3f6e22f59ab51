import Joi from 'joi';

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
  /** Shared rate-limit counters live here when set; otherwise each process counts in memory. */
  redisUrl?: string;
  /** Requests per minute per API key for accounts without their own limit. */
  rateLimitPerMinute: number;
  /** Worker processes per service (node:cluster); 1 runs the service in the process itself. */
  webConcurrency: number;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

const port = Joi.number().integer().min(0).max(65535);

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
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .empty(''),
  WEB_CONCURRENCY: Joi.number().integer().min(1).max(64).default(1),
  RATE_LIMIT_PER_MINUTE: Joi.number().integer().min(1).max(1_000_000_000).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
}).unknown(true);

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
    redisUrl: value.REDIS_URL,
    rateLimitPerMinute: value.RATE_LIMIT_PER_MINUTE,
    webConcurrency: value.WEB_CONCURRENCY,
  };
}
