/**
 * `npm start` tells a newcomer the next step only while it is needed: on a store with the demo data and an active API
 * key it asks for neither; once every key is revoked it asks for a key again, and for nothing else.
 */
import { runCliProcess, tempDir } from '@byline/test-support';
import { launchNpmStart } from './npm-start-support';

async function startedOutput(dataDir: string): Promise<string> {
  const start = await launchNpmStart(dataDir);
  try {
    await start.ready();
    return start.output();
  } finally {
    await start.stop();
  }
}

describe('npm start’s next steps', () => {
  it('asks for no key while one is active, and for one once none is', async () => {
    const dataDir = tempDir('byline-npm-start-hints-');
    expect((await runCliProcess(['demo'], { dataDir })).code).toBe(0);
    const created = await runCliProcess(['keys', 'create', '--email', 'you@example.org'], { dataDir });
    expect(created.code).toBe(0);

    const withKey = await startedOutput(dataDir);
    expect(withKey).toContain('Store (embedded) holds 7 profile(s).');
    expect(withKey).not.toContain('keys create');
    expect(withKey).not.toContain('byline demo');

    const key = created.stdout.trim().split(':')[0]!;
    expect((await runCliProcess(['keys', 'revoke', key], { dataDir })).code).toBe(0);
    const withoutKey = await startedOutput(dataDir);
    expect(withoutKey).toContain('Store (embedded) holds 7 profile(s). No API key is active yet; create one:');
    expect(withoutKey).toContain('  npx byline keys create --email you@example.org');
    expect(withoutKey).not.toContain('byline demo');
  }, 300_000);
});
