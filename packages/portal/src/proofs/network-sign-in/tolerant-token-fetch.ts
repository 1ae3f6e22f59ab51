import type { SafeFetch } from '@byline/fetcher';

/**
 * The client library holds token answers to RFC 6749 §5.1, which some networks do not follow: LinkedIn and
 * Instagram leave out `token_type` (always a bearer token), and Instagram's documentation shows the answer
 * wrapped as `{ data: [ { access_token, user_id, … } ] }`. This fetch mends exactly those two things in a
 * successful JSON answer of the token endpoint; everything else passes through untouched.
 */
export function tolerantTokenFetch(fetch: SafeFetch, tokenEndpoint: () => string | undefined): SafeFetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const endpoint = tokenEndpoint();
    if (
      !endpoint ||
      new URL(input).href !== new URL(endpoint).href ||
      response.status !== 200 ||
      !/json/i.test(response.headers.get('content-type') ?? '')
    )
      return response;
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return replaced(response, text);
    }
    const data = isObject(body) && !('access_token' in body) ? body.data : undefined;
    if (Array.isArray(data) && data.length === 1 && isObject(data[0])) body = data[0];
    if (isObject(body) && typeof body.access_token === 'string' && body.token_type === undefined)
      body = { ...body, token_type: 'bearer' };
    return replaced(response, JSON.stringify(body));
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function replaced(response: Response, body: string): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
