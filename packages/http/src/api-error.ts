import { STATUS_CODES } from 'node:http';

export interface FieldError {
  field: string;
  message: string;
}

/** An error that becomes an application/problem+json answer with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  get title(): string {
    return STATUS_CODES[this.status] ?? 'Error';
  }
}

export const WWW_AUTHENTICATE = 'Bearer realm="byline"';

export function unauthorized(detail: string): ApiError {
  return new ApiError(401, detail, { headers: { 'WWW-Authenticate': WWW_AUTHENTICATE } });
}
