/**
 * Every answer a verifier's HTTP test receives is checked against the OpenAPI document that service serves
 * (GET /openapi.json, fetched once per document): the status must be listed for the path and method, the
 * content type and body must match the listed schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses), the
 * listed headers must be present when required and match their schemas, and no API header may be sent that
 * the answer does not list. An answer the document does not describe rejects the request's promise, so the
 * test fails with the reason.
 *
 * Hooked in by `checkedRequest` (a drop-in for supertest's `request`, imported by the verifier suites
 * instead of supertest) rather than a jest setup file: the root jest config serves every package, and only
 * these suites talk to a service that has a document.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Express } from 'express';
import supertest, { type Response } from 'supertest';

type Json = Record<string, unknown>;

/** Headers the services send on purpose: each one present must be listed for that answer. */
const API_HEADERS = [
  'x-request-id',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'www-authenticate',
  'allow',
  'location',
  'etag',
  'access-control-allow-origin',
  'access-control-expose-headers',
];

const DOCUMENT_ID = 'https://byline.invalid/openapi.json';

/** `~` and `/` escaped for a JSON pointer segment. */
const pointerSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export class OpenApiConformance {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  /**
   * `moreApiHeaders`: headers (lower case) a service sends on purpose beyond API_HEADERS, which must be listed
   * wherever they are sent too (the portal's Cache-Control and Vary, say).
   */
  constructor(
    private readonly document: Json,
    private readonly moreApiHeaders: readonly string[] = [],
  ) {
    addFormats(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  }

  /** Why this answer is not what the document describes, or [] when it is. */
  problemsOf(method: string, target: string, res: Response): string[] {
    const path = normalisedPath(target);
    const found = this.responseFor(method.toLowerCase(), path, res.status);
    if (typeof found === 'string') return [found];
    const { response, pointer } = found;
    const where = `${method} ${path} → ${res.status}`;
    return [...this.headerProblems(response, res), ...this.bodyProblems(response, pointer, method, res)].map(
      (problem) => `${where}: ${problem}`,
    );
  }

  /** The listed response (with a JSON pointer to it for schema references), or why there is none. */
  private responseFor(method: string, concretePath: string, status: number): { response: Json; pointer: string } | string {
    const paths = this.document.paths as Record<string, Json>;
    const path = documentedPath(Object.keys(paths), concretePath) ?? concretePath;
    const item = paths[path];
    // HEAD is answered by GET's route (Express); its answer is GET's without a body.
    const operationMethod = method === 'head' && item && !item.head ? 'get' : method;
    const operation = item?.[operationMethod] as Json | undefined;
    if (!operation) {
      // An address or method the document does not list: only the generic 404 or 405 problem may answer it.
      const name = { 404: 'NotFound', 405: 'MethodNotAllowed' }[status];
      if (!name) return `${method.toUpperCase()} ${path} is not in the document, and ${status} is neither 404 nor 405`;
      return { response: this.resolve(`#/components/responses/${name}`), pointer: `#/components/responses/${name}` };
    }
    const responses = operation.responses as Record<string, Json>;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => responses[candidate]);
    if (!key) return `${method.toUpperCase()} ${path} does not list status ${status}`;
    let pointer = `#/paths/${pointerSegment(path)}/${operationMethod}/responses/${key}`;
    let response = responses[key]!;
    if (typeof response.$ref === 'string') {
      pointer = response.$ref;
      response = this.resolve(pointer);
    }
    return { response, pointer };
  }

  private headerProblems(response: Json, res: Response): string[] {
    const listed = Object.fromEntries(
      Object.entries((response.headers ?? {}) as Record<string, Json>).map(([name, header]) => [
        name.toLowerCase(),
        typeof header.$ref === 'string' ? this.resolve(header.$ref) : header,
      ]),
    );
    const problems: string[] = [];
    for (const [name, header] of Object.entries(listed)) {
      const value = res.headers[name] as string | undefined;
      if (value === undefined) {
        if (header.required) problems.push(`required header ${name} is missing`);
        continue;
      }
      const schema = header.schema as Json;
      const typed = schema.type === 'integer' && /^\d+$/.test(value) ? Number(value) : value;
      const validate = this.ajv.compile(schema);
      if (!validate(typed)) problems.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(validate.errors)}`);
    }
    for (const name of [...API_HEADERS, ...this.moreApiHeaders]) {
      if (res.headers[name] !== undefined && !listed[name]) problems.push(`header ${name} is sent but not listed`);
    }
    return problems;
  }

  private bodyProblems(response: Json, pointer: string, method: string, res: Response): string[] {
    const content = response.content as Record<string, Json> | undefined;
    const text = res.text ?? '';
    if (!content) return text ? [`a body is sent but none is listed`] : [];
    const contentType = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!content[contentType])
      return [`content type ${contentType || '(none)'} is not one of ${Object.keys(content).join(', ')}`];
    if (method.toUpperCase() === 'HEAD') return [];
    let body: unknown = text;
    if (/[/+]json$/.test(contentType)) {
      try {
        body = JSON.parse(text);
      } catch {
        return [`the body is not JSON: ${text.slice(0, 200)}`];
      }
    }
    const validate = this.schemaAt(`${pointer}/content/${pointerSegment(contentType)}/schema`);
    return validate(body) ? [] : [`body ${this.ajv.errorsText(validate.errors)}: ${text.slice(0, 500)}`];
  }

  private schemaAt(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  private resolve(pointer: string): Json {
    let node: unknown = this.document;
    for (const segment of pointer.replace(/^#\//, '').split('/')) {
      node = (node as Json)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (!node || typeof node !== 'object') throw new Error(`${pointer} is not in the document`);
    return node as Json;
  }
}

/**
 * The document's path that names `path`: the same path, else the templated one (`/j/{slug}/credential.jwt`, each
 * `{name}` standing for characters other than `/`) with the most literal characters, as OpenAPI says concrete
 * paths win (`/status/{n}.jwt` over `/status/{n}` for `/status/1.jwt`).
 */
function documentedPath(documented: string[], path: string): string | undefined {
  if (documented.includes(path)) return path;
  const escaped = (literal: string) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const literalLength = (template: string) => template.replace(/\{[^}]*\}/g, '').length;
  return documented
    .filter((template) => template.includes('{'))
    .filter((template) =>
      new RegExp(
        `^${template
          .split(/\{[^}]*\}/)
          .map(escaped)
          .join('[^/]+')}$`,
      ).test(path),
    )
    .sort((a, b) => literalLength(b) - literalLength(a))[0];
}

/** The path as Express routes it: no query string, no trailing slash (routing is not strict). */
function normalisedPath(target: string): string {
  const path = new URL(target, 'http://localhost').pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const conformanceByDocument = new Map<string, OpenApiConformance>();
const documentOfApp = new WeakMap<Express, Promise<OpenApiConformance>>();

/** The checker for the document `app` serves; fetched once per app, compiled once per distinct document. */
export function conformanceOf(app: Express): Promise<OpenApiConformance> {
  let found = documentOfApp.get(app);
  if (!found) {
    found = supertest(app)
      .get('/openapi.json')
      .then((res) => {
        if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}`);
        const text = res.text;
        let conformance = conformanceByDocument.get(text);
        if (!conformance) {
          conformance = new OpenApiConformance(JSON.parse(text) as Json);
          conformanceByDocument.set(text, conformance);
        }
        return conformance;
      });
    documentOfApp.set(app, found);
  }
  return found;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']);

/**
 * supertest's `request(app)`, whose every answer is checked against the document `app` serves: a request
 * whose answer the document does not describe rejects with the reasons.
 */
export function checkedRequest(app: Express): ReturnType<typeof supertest> {
  const agent = supertest(app);
  return new Proxy(agent, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof property !== 'string' || !METHODS.has(property) || typeof value !== 'function') return value;
      return (url: string) => checkedTest(app, (value as (url: string) => supertest.Test).call(target, url));
    },
  });
}

function checkedTest(app: Express, test: supertest.Test): supertest.Test {
  const then = test.then.bind(test);
  let checked: Promise<Response> | undefined;
  // Awaiting the request (or chaining .expect(…) and then awaiting) now also checks the answer; the request
  // still starts only then, once the test has set its query, headers and body.
  test.then = ((onFulfilled, onRejected) => {
    checked ??= then(async (res: Response) => {
      const conformance = await conformanceOf(app);
      const request = (res as Response & { req: { method: string; path: string } }).req;
      const problems = conformance.problemsOf(request.method, request.path, res);
      if (problems.length) throw new Error(`The answer is not what the OpenAPI document describes:\n${problems.join('\n')}`);
      return res;
    });
    return checked.then(onFulfilled, onRejected);
  }) as supertest.Test['then'];
  return test;
}
