import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { quietLogger, seed } from '@byline/test-support';
import { EDITOR_PROVIDER } from '@byline/domain/proofs/claims';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { DEMO_DATA_FILE } from '../../cli/src/demo-data';
import { createApp as articleVerifier } from '../../article-verifier/src/app';
import { createApp as journalistVerifier } from '../../journalist-verifier/src/app';
import {
  portalStoreFactories,
  profileForm,
  signedUp,
  startPortal,
  submit,
  type Agent,
  type Portal,
} from './support/portal-harness';
import { proveClaim } from './support/proofs';
import { approvedByEditor } from './support/editors';

const run = promisify(execFile);

/** The text of the element with this id, as a browser's copy button takes it. */
function textOf(page: string, id: string): string | undefined {
  const raw = new RegExp(`id="${id}">([^<]+)<`).exec(page)?.[1];
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#96;': '`' };
  return raw?.replace(/&(amp|lt|gt|quot|#39|#96);/g, (entity) => entities[entity]!);
}

/** A server on loopback whose app is given later (the verifiers need the portal's store, the portal their addresses). */
async function laterServer() {
  let app: http.RequestListener = (_req, res) => void res.writeHead(503).end();
  const server = http.createServer((req, res) => app(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (next: http.RequestListener) => (app = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(portalStoreFactories())('API settings: service addresses and ready curl lines ($name store)', (factory) => {
  let portal: Portal;
  let article: Awaited<ReturnType<typeof laterServer>>;
  let journalist: Awaited<ReturnType<typeof laterServer>>;
  beforeEach(async () => {
    article = await laterServer();
    journalist = await laterServer();
    portal = await startPortal(factory, {
      // Plain http, as the tests' client speaks: an https address makes the signed-out cookie Secure, never sent back.
      publicUrls: { portal: 'http://portal.example.org', articleVerifier: article.url, journalistVerifier: journalist.url },
    });
    const deps = { store: portal.store, logger: quietLogger(), authCacheTtlMs: 0 };
    article.serve(articleVerifier(deps));
    journalist.serve(journalistVerifier(deps));
  });
  afterEach(async () => {
    await article.close();
    await journalist.close();
    await portal.close();
  });

  it('shows both service addresses, and with a new key a curl line per operation that answers as shown', async () => {
    const { agent, email } = await signedUp(portal.app);
    const form = profileForm();
    await submit(agent, '/profile', '/profile', form);
    const link = `https://paper.example/curl-${Date.now()}`;
    await submit(agent, '/articles', '/articles', { link, title: 'Curl', published_at: '2024-01-01', active: 'on' });
    const user = await portal.repositories.users.findByEmail(email);
    // Only a proven handle answers "verified" (issue 16): prove the typed one as a network sign-in would.
    await proveClaim(portal.claims, user!.profileId!, 'twitter', form.twitter);
    await approvedByEditor(portal, user!.profileId!);
    // Only a proven article answers: an editor vouches for it (its page, on paper.example, is not served here).
    const [listed] = await portal.repositories.articles.claimsOf(user!.profileId!);
    const evidence = {
      method: 'editor-attestation' as const,
      provider: EDITOR_PROVIDER,
      by: 'editor:ed@example.org',
      note: 'checked',
    };
    await proveArticle(portal.repositories.articles, { profileId: user!.profileId!, articleId: listed!.article.id, evidence });
    await submit(agent, '/settings/api', '/settings/api/account', {});

    const before = (await agent.get('/settings/api')).text;
    expect(before).toContain(`${article.url}/api/verify_article`);
    expect(before).toContain(`${journalist.url}/api/v1/verify_journalist`);
    expect(textOf(before, 'curl-article')).toBeUndefined();

    const posted = await submit(agent, '/settings/api', '/settings/api/keys', { name: 'curl' });
    const page = (await agent.get(posted.headers.location!)).text;
    const token = textOf(page, 'new-token')!;
    const articleLine = textOf(page, 'curl-article')!;
    const journalistLine = textOf(page, 'curl-journalist')!;
    expect(articleLine).toContain(token);
    expect(articleLine).toMatch(/^curl /);
    expect(journalistLine).toContain(token);
    expect(page).toContain('data-copy="curl-article"');

    const articleAnswer = JSON.parse((await run('sh', ['-c', articleLine], { timeout: 20_000 })).stdout);
    expect(articleAnswer).toMatchObject({ verified: true, profile_first_name: 'Aoife' });
    const journalistAnswer = JSON.parse((await run('sh', ['-c', journalistLine], { timeout: 20_000 })).stdout);
    expect(journalistAnswer).toMatchObject({ verified: true, profile_social_profiles: { twitter: form.twitter } });

    const reloaded = (await agent.get('/settings/api')).text;
    expect(reloaded).toContain(`${article.url}/api/verify_article`);
    expect(textOf(reloaded, 'curl-article')).toBeUndefined();
  });

  /** Someone with an API account and no profile, on a store holding what `npx byline demo` loads. */
  async function apiUserOnDemoData(): Promise<Agent> {
    const demo = fs.readFileSync(DEMO_DATA_FILE, 'utf8').trim().split('\n');
    await seed(portal.store, ...demo.map((line) => JSON.parse(line) as unknown));
    const { agent } = await signedUp(portal.app);
    await submit(agent, '/settings/api', '/settings/api/account', {});
    return agent;
  }

  /** The curl lines shown with a new key, run as a user would paste them. */
  async function answersOfCurlLines(agent: Agent, fields: Record<string, string>) {
    const posted = await submit(agent, '/settings/api', '/settings/api/keys', fields);
    // Whitespace as a reader sees it: the template wraps its sentences.
    const page = (await agent.get(posted.headers.location!)).text.replace(/\s+/g, ' ');
    const answers: Record<string, unknown> = {};
    for (const id of ['curl-article', 'curl-journalist'])
      answers[id] = JSON.parse((await run('sh', ['-c', textOf(page, id)!], { timeout: 20_000 })).stdout);
    return { page, answers };
  }

  it('gives someone without a profile curl lines about the demo data, and says this Byline does not hold it', async () => {
    const { agent } = await signedUp(portal.app);
    await submit(agent, '/settings/api', '/settings/api/account', {});
    const { page, answers } = await answersOfCurlLines(agent, { name: 'no profile' });
    expect(page).toContain('these ask about Niamh Cassidy from the demo data');
    expect(page).toMatch(/npx byline demo<\/code\s*>\)\. This Byline does not hold that data/);
    expect(answers).toEqual({
      'curl-article': expect.objectContaining({ verified: false }),
      'curl-journalist': expect.objectContaining({ verified: false }),
    });
  });

  it('gives someone without a profile curl lines that answer verified: true once the demo data is loaded', async () => {
    const agent = await apiUserOnDemoData();
    const { page, answers } = await answersOfCurlLines(agent, { name: 'no profile' });
    expect(page).toContain('Niamh Cassidy from the demo data, which this Byline holds');
    expect(answers).toEqual({
      'curl-article': expect.objectContaining({ verified: true, profile_slug: 'niamh-cassidy' }),
      'curl-journalist': expect.objectContaining({ verified: true, slug: 'niamh-cassidy' }),
    });
  });

  it('gives a browser key curl lines that send its origin, which its verifiers answer', async () => {
    const agent = await apiUserOnDemoData();
    const fields = { name: 'widget', kind: 'browser', key_origins: 'https://news.example', key_limit: '' };
    const { answers } = await answersOfCurlLines(agent, fields);
    expect(answers).toEqual({
      'curl-article': expect.objectContaining({ verified: true }),
      'curl-journalist': expect.objectContaining({ verified: true }),
    });
  });

  it('links each service’s documentation and OpenAPI document where they answer', async () => {
    const { agent } = await signedUp(portal.app);
    const page = (await agent.get('/settings/api')).text;
    for (const base of [article.url, journalist.url]) {
      for (const path of ['/docs', '/openapi.json']) {
        expect(page).toContain(`href="${base}${path}"`);
        const res = await fetch(`${base}${path}`);
        expect([`${base}${path}`, res.status]).toEqual([`${base}${path}`, 200]);
      }
    }
  });
});
