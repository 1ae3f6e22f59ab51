// Generates the benchmark data set straight through the profiles' import (repositoriesOf(store).profiles), in batches.
// Deterministic: article i and profile p have addresses and handles computable from their number, so the
// load generator picks random known ones without a list in memory.
import fs from 'node:fs';
import path from 'node:path';
import { canonicalizeUrl, createApiKey, openStore, toAuthorProfileResponse } from '@byline/shared';
import { repositoriesOf } from '@byline/shared/store';
import { recordProofs } from '@byline/domain/claims/record-proof';
import { blueskyProfileEvidence } from '@byline/editorial/bluesky/bluesky-evidence';

export const ARTICLES_PER_PROFILE = 10;
const PROFILES_PER_BATCH = 1000;
const DATASET_VERSION = 4;
const SECTIONS = ['politics', 'climate', 'business', 'culture', 'science', 'sport', 'world', 'tech'];
const BENCH_EMAIL = 'bench@byline.example';
/** The outlet every article address is on: a verified publisher with its domain proven and a few staff (v2). */
export const BENCH_OUTLET = { slug: 'bench-news', name: 'Bench News', domain: 'bench-news.example', staff: 3 };

export const articleUrl = (i) => `https://www.bench-news.example/${SECTIONS[i % SECTIONS.length]}/2024/story-${i}`;
export const unknownArticleUrl = (i) => `https://www.bench-news.example/unknown/2024/story-${i}`;
// X handles are at most 15 characters (see social-handle.ts): 13 for the 10 000 000-article set's profiles.
export const handle = (p) => `bench_j${p}`;
export const unknownHandle = (p) => `not_a_journo_${p}`;
// Each profile's Bluesky account, proven by its profile record: a handle, and a did:plc whose 24 base32 letters
// spell the profile's number.
export const blueskyHandle = (p) => `bench-j${p}.bsky.social`;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
export const blueskyDid = (p) => {
  let letters = '';
  for (let n = p; letters.length < 24; n = Math.floor(n / 32)) letters = BASE32[n % 32] + letters;
  return `did:plc:${letters}`;
};

function article(i) {
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  return {
    title: `Councils weigh the cost of coastal defences as winter storms return (${i})`,
    description:
      'Local authorities along the coast say the flood barriers promised three years ago will not be ready before the storm season, leaving harbour towns exposed.',
    link: articleUrl(i),
    created_at: `2024-${month}-${day}T08:00:00.000Z`,
    updated_at: `2024-${month}-${day}T09:30:00.000Z`,
    og_image: `https://cdn.bench-news.example/img/${i}.jpg`,
    icon_path: 'https://cdn.bench-news.example/favicon.png',
    published_at: `2024-${month}-${day}T07:${String(i % 60).padStart(2, '0')}:00.000Z`,
    post_id: null,
    feature: i % 7 === 0,
    lg_index: null,
    tag_list: ['climate', 'coast', 'local-government'],
    active: true,
    search_visible: true,
    author_name: null,
  };
}

const profileSlug = (p) => `bench-journalist-${p}`;

export function profileRecord(p, articleCount) {
  const first = p * ARTICLES_PER_PROFILE;
  const articles = [];
  for (let i = first; i < first + articleCount; i++) articles.push(article(i));
  return {
    verified: true,
    profile_first_name: 'Niamh',
    profile_last_name: `Cassidy-${p}`,
    profile_title: 'Climate correspondent',
    profile_created_at: '2021-03-04T10:15:30.123Z',
    profile_bio: 'Reports on climate, coastal communities and the politics of adaptation.',
    profile_employer: 'The Western Courier',
    profile_residing: 'Galway',
    profile_slug: profileSlug(p),
    profile_image: `https://cdn.bench-news.example/profiles/${p}.jpg`,
    profile_social_profiles: {
      twitter: `@${handle(p)}`,
      facebook: `bench.journo.${p}`,
      linkedin: `bench-journo-${p}`,
      instagram: `benchjourno${p}`,
    },
    user_location: 'IE',
    user_city: 'Galway',
    follower_count: 1000 + (p % 5000),
    articles,
  };
}

/** Writes the data set's sample answer, the fixed body of the two baseline servers, and returns its path. */
export function sampleAnswerFile(dir, dataset) {
  const file = path.join(dir, 'sample-answer.json');
  fs.writeFileSync(file, JSON.stringify(dataset.sampleAnswer));
  return file;
}

/**
 * Makes (or reuses) a data set of `articles` articles, 10 per verified profile, plus an API key whose
 * account limit is high enough never to answer 429 during the run. Returns what the load needs.
 */
export async function prepareDataset({ store: kind, articles, dir, mongodbUri, fresh, log }) {
  const metaFile = path.join(dir, 'meta.json');
  const wanted = { version: DATASET_VERSION, store: kind, articles, mongodbUri: kind === 'mongo' ? mongodbUri : undefined };
  if (!fresh && fs.existsSync(metaFile)) {
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
    if (JSON.stringify(meta.wanted) === JSON.stringify(wanted)) {
      log(`reusing the data set in ${path.relative(process.cwd(), dir)} (--fresh to rebuild)`);
      return meta;
    }
  }
  if (kind === 'embedded') fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const store = await openStore({ dataDir: dir, mongodbUri: kind === 'mongo' ? mongodbUri : undefined });
  try {
    const profiles = Math.ceil(articles / ARTICLES_PER_PROFILE);
    const started = process.hrtime.bigint();
    for (let p = 0; p < profiles; p += PROFILES_PER_BATCH) {
      const batch = [];
      for (let q = p; q < Math.min(p + PROFILES_PER_BATCH, profiles); q++) {
        batch.push(profileRecord(q, Math.min(ARTICLES_PER_PROFILE, articles - q * ARTICLES_PER_PROFILE)));
      }
      await repositoriesOf(store).profiles.import(batch);
      const done = Math.min((p + PROFILES_PER_BATCH) * ARTICLES_PER_PROFILE, articles);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      process.stderr.write(
        `\r  generating: ${done.toLocaleString('en')} / ${articles.toLocaleString('en')} articles (${Math.round(done / seconds).toLocaleString('en')}/s)   `,
      );
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    process.stderr.write('\n');
    await addOutlet(repositoriesOf(store), profiles);
    await addBlueskyAccounts(repositoriesOf(store), profiles);
    const { apiAccounts, apiKeys } = repositoriesOf(store);
    const { token, key } = await createApiKey(apiKeys, BENCH_EMAIL, `bench ${new Date().toISOString()}`);
    await apiAccounts.setRateLimit(BENCH_EMAIL, 1_000_000_000);
    const sample = await store.findAuthorOfArticle(canonicalizeUrl(articleUrl(0)));
    const meta = {
      wanted,
      profiles,
      generation: { seconds: Number(seconds.toFixed(1)), articlesPerSecond: Math.round(articles / seconds) },
      key,
      token,
      // The fixed body of the two baseline servers: a real verify_article answer from this data set.
      sampleAnswer: sample ? toAuthorProfileResponse(sample) : null,
    };
    if (!meta.sampleAnswer) throw new Error('the generated data set does not answer its own first article');
    fs.writeFileSync(metaFile, JSON.stringify(meta, null, 2));
    return meta;
  } finally {
    await store.close();
  }
}

/**
 * Each profile's Bluesky account, proven as the profile-record check proves one (verify_journalist's `bluesky`):
 * recordProofs for a thousand profiles in one unit of write (one transaction on SQLite; a commit a proof made
 * the ten-million-article set's accounts take half an hour).
 */
async function addBlueskyAccounts(repositories, profiles) {
  const nextCheckAt = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  for (let first = 0; first < profiles; first += PROFILES_PER_BATCH) {
    const proofs = [];
    for (let p = first; p < Math.min(first + PROFILES_PER_BATCH, profiles); p++) {
      const profile = await repositories.profiles.findBySlug(profileSlug(p));
      const [handle, did] = [blueskyHandle(p), blueskyDid(p)];
      const evidence = blueskyProfileEvidence(handle, did, nextCheckAt);
      proofs.push({ profileId: profile.id, kind: 'bluesky', value: handle, key: did, evidence });
    }
    const results = await recordProofs(repositories.claims, proofs);
    const refused = results.findIndex((result) => !result.ok);
    if (refused >= 0)
      throw new Error(`the bench's Bluesky account ${proofs[refused].value} was not proven: ${results[refused].reason}`);
    const done = Math.min(first + PROFILES_PER_BATCH, profiles);
    process.stderr.write(`\r  Bluesky accounts: ${done.toLocaleString('en')} / ${profiles.toLocaleString('en')}   `);
  }
  process.stderr.write('\n');
}

/**
 * The publisher of the data set's domain, verified, its domain proven, vouching for its first few profiles: v2's
 * known articles answer with its domain_info, its unknown ones with its staff and their latest articles there.
 */
async function addOutlet(repositories, profiles) {
  const now = new Date();
  const { publishers, publisherDomains, staff } = repositories;
  const outlet = await publishers.create({ slug: BENCH_OUTLET.slug, name: BENCH_OUTLET.name }, 'bench', now);
  await publisherDomains.addDomain(outlet.id, BENCH_OUTLET.domain, 'bench-token', 'bench', now);
  const proof = { outcome: 'proven', method: 'dns-txt', at: now.toISOString() };
  await publisherDomains.recordCheck(outlet.id, BENCH_OUTLET.domain, proof, null);
  await publishers.setVerified(outlet.id, true, 'bench', 'the bench outlet', now);
  for (let p = 0; p < Math.min(BENCH_OUTLET.staff, profiles); p++) {
    const profile = await repositories.profiles.findBySlug(profileSlug(p));
    const invited = await staff.invite(outlet.id, { profileId: profile.id }, 'bench', now);
    await staff.accept(invited.id, profile.id, now);
  }
}
