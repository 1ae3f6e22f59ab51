import winston from 'winston';
import type { Writable } from 'node:stream';

export type Logger = winston.Logger;

/** Keys whose values are credentials or personal secrets; their values are replaced wherever they appear in a log entry. */
const SECRET_KEY = /authori[sz]ation|authentication|secret|password|token|cookie/i;
export const REDACTED = '[redacted]';

function redactValue(value: unknown, depth: number): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  // An Error's fields are not enumerable: without this an unexpected error is logged as `{}`.
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(inner, depth + 1);
  }
  return out;
}

const redact = winston.format((info) => {
  for (const key of Object.keys(info)) {
    if (SECRET_KEY.test(key)) info[key] = REDACTED;
    else info[key] = redactValue(info[key], 1);
  }
  return info;
});

export interface LoggerOptions {
  level?: string;
  service: string;
  /** Where entries go; stdout by default. Tests pass a stream to read what was logged. */
  stream?: Writable;
  silent?: boolean;
}

/** JSON lines with a timestamp and the service name; credential-looking fields are redacted. */
export function createLogger({ level = 'info', service, stream, silent }: LoggerOptions): Logger {
  return winston.createLogger({
    level,
    silent,
    defaultMeta: { service },
    format: winston.format.combine(
      winston.format.timestamp(),
      winston.format.errors({ stack: true }),
      redact(),
      winston.format.json(),
    ),
    transports: [stream ? new winston.transports.Stream({ stream }) : new winston.transports.Console()],
  });
}
