import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import request from 'supertest';
import { createApiKey } from '@byline/shared';
import { SOCIAL_TYPES, type ProfileInput } from '@byline/domain/domain/types';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { quietLogger, tempDir, testMongoUri, uniqueDatabaseName } from '@byline/test-support';
import { createApp as createArticleApp } from '../../article-verifier/src/app';
import { createApp as createJournalistApp } from '../../journalist-verifier/src/app';
import { runCli } from '../src/cli';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** What a command refused prints: `byline: ` and the reason on stderr, nothing on stdout; it exits 1. */
export const refusedWith = (reason: string): CliResult => ({ code: 1, stdout: '', stderr: `byline: ${reason}\n` });

/** What a command that did its work prints: `line` on stdout, nothing on stderr; it exits 0. */
export const doneWith = (line: string): CliResult => ({ code: 0, stdout: `${line}\n`, stderr: '' });

function capture(isTTY = false): PassThrough & { isTTY: boolean; text(): string } {
  const stream = new PassThrough() as PassThrough & { isTTY: boolean; text(): string };
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.isTTY = isTTY;
  stream.text = () => Buffer.concat(chunks).toString('utf8');
  return stream;
}

/** New targets of `factory` as the tests of the enclosing describe block ask for them, all cleaned up after its last. */
export function targetsCleanedAfterAll(factory: CliTargetFactory): () => CliTarget {
  const targets: CliTarget[] = [];
  afterAll(() => Promise.all(targets.map((t) => t.cleanUp())));
  return () => {
    const target = factory.create();
    targets.push(target);
    return target;
  };
}

/** Runs `byline ARGS` in this process with exactly this environment. */
export async function bylineWithEnv(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliResult> {
  const stdout = capture();
  const stderr = capture();
  const code = await runCli(args, { env, stdout, stderr });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/**
 * A store the CLI can be pointed at through its environment, as a user would: the embedded store in a
 * fresh data directory, or (when the tests have one) a fresh MongoDB database.
 */
export interface CliTarget {
  env: NodeJS.ProcessEnv;
  /** A new connection to the same store, for the test to look at it. */
  openStore(): Store;
  /** Drops what the target created (MongoDB databases; temp directories are left to the OS). */
  cleanUp(): Promise<void>;
}

export interface CliTargetFactory {
  name: string;
  create(): CliTarget;
}

function embeddedTarget(): CliTarget {
  const dataDir = tempDir();
  return { env: { BYLINE_DATA_DIR: dataDir }, openStore: () => SqliteStore.inDirectory(dataDir), cleanUp: async () => {} };
}

function mongoTarget(baseUri: string): CliTarget {
  const url = new URL(baseUri);
  url.pathname = `/${uniqueDatabaseName()}`;
  const uri = url.toString();
  return {
    env: { MONGODB_URI: uri, BYLINE_DATA_DIR: tempDir() },
    openStore: () => MongoStore.open(uri),
    cleanUp: async () => {
      const store = MongoStore.open(uri);
      await store.db.dropDatabase().catch(() => undefined);
      await store.close();
    },
  };
}

/** Every store the CLI tests run against on this machine (like storeFactories() for the HTTP tests). */
export function cliTargets(): CliTargetFactory[] {
  const factories: CliTargetFactory[] = [{ name: 'embedded', create: embeddedTarget }];
  const uri = testMongoUri();
  if (uri) factories.push({ name: 'mongodb', create: () => mongoTarget(uri) });
  return factories;
}

/** Runs `byline ARGS` in this process against a target, or the embedded store in a data directory. */
export function byline(target: CliTarget | string, ...args: string[]): Promise<CliResult> {
  return bylineWithEnv(typeof target === 'string' ? { BYLINE_DATA_DIR: target } : target.env, ...args);
}

/** Writes import records to a temp file: NDJSON by default, or a pretty-printed JSON array. */
export function importFileWith(records: unknown[], format: 'ndjson' | 'json-array' = 'ndjson'): string {
  const file = path.join(tempDir('byline-cli-file-'), format === 'ndjson' ? 'profiles.ndjson' : 'profiles.json');
  const text = format === 'ndjson' ? records.map((r) => JSON.stringify(r)).join('\n') + '\n' : JSON.stringify(records, null, 2);
  fs.writeFileSync(file, text);
  return file;
}

export function readNdjson(file: string): ProfileInput[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as ProfileInput);
}

/** What the API can be asked about a record: its article links and its handles. */
export interface QuestionSource {
  articles: { link: string }[];
  profile_social_profiles?: Partial<Record<string, string>>;
}

/** Both services on the store in `dataDir`, with a working key, to ask what the API answers. */
export class ApiProbe {
  readonly store: Store;
  private readonly article;
  private readonly journalist;
  private authorization = '';

  /** On a target's store, or the embedded store in a data directory. */
  constructor(target: CliTarget | string) {
    this.store = typeof target === 'string' ? SqliteStore.inDirectory(target) : target.openStore();
    const deps = { store: this.store, logger: quietLogger(), authCacheTtlMs: 0 };
    this.article = createArticleApp(deps);
    this.journalist = createJournalistApp(deps);
  }

  async init(): Promise<this> {
    this.authorization = `Bearer ${(await createApiKey(repositoriesOf(this.store).apiKeys, 'probe@example.org', 'probe')).token}`;
    return this;
  }

  /** With `origin`, as a web page there asks. */
  async verifyArticle(url: string, authorization = this.authorization, origin?: string) {
    const asked = request(this.article).post('/api/verify_article').query({ url }).set('Authorization', authorization);
    return origin === undefined ? asked : asked.set('Origin', origin);
  }

  async verifyJournalist(social_type: string, social_username: string, authorization = this.authorization) {
    return request(this.journalist)
      .post('/api/v1/verify_journalist')
      .set('Authorization', authorization)
      .send({ social_type, social_username });
  }

  /** Every answer both operations give for the articles and handles of these records, keyed by question. */
  async answersFor(records: QuestionSource[]): Promise<Record<string, unknown>> {
    const answers: Record<string, unknown> = {};
    for (const record of records) {
      for (const article of record.articles) {
        const res = await this.verifyArticle(article.link);
        answers[`article ${article.link}`] = { status: res.status, body: res.body };
      }
      for (const type of SOCIAL_TYPES) {
        const handle = record.profile_social_profiles?.[type];
        if (!handle) continue;
        const res = await this.verifyJournalist(type, handle);
        answers[`${type} ${handle}`] = { status: res.status, body: res.body };
      }
    }
    return answers;
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** Runs `use` with an API probe on the target's store (an API key made), closing the probe after, whatever happened. */
export async function withProbe<T>(target: CliTarget | string, use: (probe: ApiProbe) => Promise<T>): Promise<T> {
  const probe = await new ApiProbe(target).init();
  try {
    return await use(probe);
  } finally {
    await probe.close();
  }
}
