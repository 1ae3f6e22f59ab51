/**
 * Commands that read or change existing data never create an embedded store: pointed at a directory without
 * one (mistyped, or its file deleted), they exit 1 with "no Byline store at DIR". Only import, demo, keys create,
 * editors create and publishers create may start a store, and they say so. (MongoDB is not concerned: there is no
 * file to miss.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '@byline/test-support';
import { DEMO_DATA_FILE } from '../src/demo-data';
import { byline } from './cli-harness';

const REFUSING: string[][] = [
  ['keys', 'revoke', 'KEYNOTTHERE'],
  ['keys', 'list', '--email', 'desk@example.org'],
  ['export'],
  ['profiles', 'verify', 'some-slug'],
  ['profiles', 'unverify', 'some-slug', '--reason', 'Left the paper'],
  ['accounts', 'suspend', 'desk@example.org'],
  ['accounts', 'reactivate', 'desk@example.org'],
  ['accounts', 'limit', 'desk@example.org', '10'],
  ['users', 'reset-link', '--email', 'desk@example.org'],
  ['users', 'confirm-link', '--email', 'desk@example.org'],
  ['publishers', 'list'],
  ['publishers', 'show', 'some-slug'],
  ['publishers', 'verify', 'some-slug'],
  ['publishers', 'unverify', 'some-slug'],
  ['publishers', 'domains', 'add', 'some-slug', 'harbour.example'],
  ['publishers', 'domains', 'check', 'some-slug', 'harbour.example'],
  ['publishers', 'domains', 'remove', 'some-slug', 'harbour.example'],
];

const CREATING: string[][] = [
  ['keys', 'create', '--email', 'desk@example.org'],
  ['editors', 'create', '--email', 'editor@example.org'],
  ['publishers', 'create', '--name', 'The Harbour Times'],
  ['demo'],
  ['import', DEMO_DATA_FILE],
];

describe('a data directory without a store', () => {
  test.each(REFUSING.map((args) => [args.join(' '), args]))('byline %s refuses and creates nothing', async (_name, args) => {
    const dataDir = tempDir('byline-nostore-');
    const result = await byline(dataDir, ...(args as string[]));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`byline: no Byline store at ${dataDir}:`);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('is not created either when the directory itself is missing', async () => {
    const dataDir = path.join(tempDir('byline-nostore-'), 'data');
    const result = await byline(dataDir, 'keys', 'revoke', 'KEYNOTTHERE');
    expect(result.stderr).toContain(`no Byline store at ${dataDir}`);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  test.each(CREATING.map((args) => [args.join(' '), args]))('byline %s creates one and says so, once', async (_name, args) => {
    const dataDir = tempDir('byline-newstore-');
    const first = await byline(dataDir, ...(args as string[]));
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(`Created a new Byline store at ${dataDir}.`);
    expect(fs.existsSync(path.join(dataDir, 'byline.sqlite'))).toBe(true);
    const again = await byline(dataDir, 'keys', 'list', '--email', 'desk@example.org');
    expect(again.stderr).not.toContain('Created a new Byline store');
  });
});
