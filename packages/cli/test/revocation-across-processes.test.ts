/**
 * Acceptance: a key revoked with `byline keys revoke` is refused within 5 seconds by services that were
 * already running in separate processes. Everything here is a real process on the built code.
 */
import { buildPackages, runCliProcess, startService, tempDir, type RunningService } from '@byline/test-support';
import { DEMO_ARTICLE_URL, DEMO_TWITTER_HANDLE } from '../src/demo-data';

const REVOCATION_BOUND_MS = 5000;
const POLL_EVERY_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function askArticle(service: RunningService, authorization: string): Promise<number> {
  const url = `${service.url}/api/verify_article?url=${encodeURIComponent(DEMO_ARTICLE_URL)}`;
  return (await fetch(url, { method: 'POST', headers: { Authorization: authorization } })).status;
}

async function askJournalist(service: RunningService, authorization: string): Promise<number> {
  const response = await fetch(`${service.url}/api/v1/verify_journalist`, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify({ social_username: DEMO_TWITTER_HANDLE, social_type: 'twitter' }),
  });
  return response.status;
}

describe('revoking a key with the CLI while the services run', () => {
  const dataDir = tempDir('byline-revoke-');
  const services: RunningService[] = [];

  beforeAll(async () => {
    buildPackages('cli', 'article-verifier', 'journalist-verifier');
    // The store exists before the services open it, as after `byline demo` on a real machine.
    const demo = await runCliProcess(['demo'], { dataDir });
    expect(demo).toMatchObject({ code: 0 });
    services.push(
      ...(await Promise.all([startService('article-verifier', { dataDir }), startService('journalist-verifier', { dataDir })])),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(services.map((service) => service.stop()));
  });

  test('both services refuse the revoked key within 5 seconds', async () => {
    const [articleVerifier, journalistVerifier] = services as [RunningService, RunningService];
    const created = await runCliProcess(['keys', 'create', '--email', 'desk@example.org', '--json'], { dataDir });
    expect(created.code).toBe(0);
    const { key, token } = JSON.parse(created.stdout) as { key: string; token: string };
    const authorization = `Bearer ${token}`;

    expect(await askArticle(articleVerifier, authorization)).toBe(200);
    expect(await askJournalist(journalistVerifier, authorization)).toBe(200);

    // Keep both services busy with the key while the CLI revokes it, so any credential cache is warm.
    const keepAsking = setInterval(() => {
      askArticle(articleVerifier, authorization).catch(() => undefined);
      askJournalist(journalistVerifier, authorization).catch(() => undefined);
    }, POLL_EVERY_MS);
    const revoked = await runCliProcess(['keys', 'revoke', key], { dataDir }).finally(() => clearInterval(keepAsking));
    expect(revoked).toMatchObject({ code: 0, stdout: `Revoked key ${key}.\n` });
    const revokedAt = Date.now();

    const refusedAfter: Record<string, number> = {};
    while (Date.now() - revokedAt <= REVOCATION_BOUND_MS && Object.keys(refusedAfter).length < 2) {
      const [article, journalist] = await Promise.all([
        askArticle(articleVerifier, authorization),
        askJournalist(journalistVerifier, authorization),
      ]);
      if (article === 401) refusedAfter.article ??= Date.now() - revokedAt;
      if (journalist === 401) refusedAfter.journalist ??= Date.now() - revokedAt;
      await sleep(POLL_EVERY_MS);
    }
    expect(Object.keys(refusedAfter).sort()).toEqual(['article', 'journalist']);
    // Once refused, always refused.
    expect(await askArticle(articleVerifier, authorization)).toBe(401);
    expect(await askJournalist(journalistVerifier, authorization)).toBe(401);
  }, 30_000);
});
