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
}

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
  };
}
