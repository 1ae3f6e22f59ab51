import { RETRY_DEFAULTS, type RetryOptions } from './retry';
import { postJson, type RequestOptions, type Transport } from './transport';
import type {
  ArticleAnswer,
  ArticleAnswerV2,
  ArticleBatchAnswer,
  ArticleBatchAnswerV2,
  JournalistAnswer,
  JournalistBatchAnswer,
  JournalistLookup,
} from './types';

export interface BylineClientOptions {
  /** The API key pair as `KEY:SECRET` (a server key). */
  apiKey: string;
  /** The article verifier's address (`{base_url}`), for verifyArticle(s) and their v2. */
  baseUrl?: string;
  /** The journalist verifier's address (`{journalist_base_url}`), for verifyJournalist(s). */
  journalistBaseUrl?: string;
  /** The wait for each attempt's answer. Default 10 000 ms. */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Another fetch (a proxy agent's, instrumentation); the global one by default. */
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** Every operation of both verifiers, each a POST of JSON: single lookups (v1, v2) and batches of 1–100 items. */
export class BylineClient {
  private readonly transport: Transport;
  private readonly baseUrl: string | undefined;
  private readonly journalistBaseUrl: string | undefined;

  constructor(options: BylineClientOptions) {
    // Caught here rather than answered 401 by the service: a key without its secret is a set-up mistake.
    if (!/^[^:\s]+:[^:\s]+$/.test(options.apiKey ?? '')) throw new TypeError('apiKey must be the key pair as KEY:SECRET');
    if (!options.baseUrl && !options.journalistBaseUrl) throw new TypeError('give baseUrl, journalistBaseUrl or both');
    this.baseUrl = options.baseUrl;
    this.journalistBaseUrl = options.journalistBaseUrl;
    this.transport = {
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      authorization: `Bearer ${options.apiKey}`,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: { ...RETRY_DEFAULTS, ...options.retry },
    };
  }

  /** Who wrote the article at this address? `POST {base_url}/api/verify_article` */
  verifyArticle(url: string, options?: RequestOptions): Promise<ArticleAnswer> {
    return this.post(this.articles('api/verify_article'), { url }, options);
  }

  /** The same question, answered in four kinds (`type`). `POST {base_url}/api/v2/verify_article` */
  verifyArticleV2(url: string, options?: RequestOptions): Promise<ArticleAnswerV2> {
    return this.post(this.articles('api/v2/verify_article'), { url }, options);
  }

  /** Does this social account belong to a verified journalist? `POST {journalist_base_url}/api/v1/verify_journalist` */
  verifyJournalist(lookup: JournalistLookup, options?: RequestOptions): Promise<JournalistAnswer> {
    const { social_username, social_type } = lookup;
    return this.post(this.journalists('api/v1/verify_journalist'), { social_username, social_type }, options);
  }

  /** verifyArticle for 1–100 addresses. `POST {base_url}/api/v1/verify_articles` */
  verifyArticles(urls: string[], options?: RequestOptions): Promise<ArticleBatchAnswer> {
    return this.post(this.articles('api/v1/verify_articles'), { urls }, options);
  }

  /** verifyArticleV2 for 1–100 addresses. `POST {base_url}/api/v2/verify_articles` */
  verifyArticlesV2(urls: string[], options?: RequestOptions): Promise<ArticleBatchAnswerV2> {
    return this.post(this.articles('api/v2/verify_articles'), { urls }, options);
  }

  /** verifyJournalist for 1–100 accounts. `POST {journalist_base_url}/api/v1/verify_journalists` */
  verifyJournalists(journalists: JournalistLookup[], options?: RequestOptions): Promise<JournalistBatchAnswer> {
    return this.post(this.journalists('api/v1/verify_journalists'), { journalists }, options);
  }

  private post<T>(url: URL, body: unknown, options?: RequestOptions): Promise<T> {
    return postJson<T>(this.transport, url, body, options);
  }

  private articles(path: string): URL {
    return under(this.baseUrl, 'baseUrl', path);
  }

  private journalists(path: string): URL {
    return under(this.journalistBaseUrl, 'journalistBaseUrl', path);
  }
}

/** `path` under `base`, keeping any path the base has (https://host/byline + api/… → https://host/byline/api/…). */
function under(base: string | undefined, option: string, path: string): URL {
  if (!base) throw new TypeError(`this operation needs the client's ${option}`);
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}
