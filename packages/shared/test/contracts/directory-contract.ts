import type { StoreRepositories } from '@byline/shared/store';
import { EDITOR_PROVIDER } from '@byline/domain/proofs/claims';
import { proveArticle } from '@byline/domain/articles/prove-article';
import { freshRepositoriesPerTest, profileFields, type StoreFactory } from '@byline/test-support';
import { setClaims } from '@byline/domain/claims/set-claims';
import { contractArticle } from './journalist-contract';
import type { ProfileFields } from '@byline/domain/profiles/profile-fields';
import type { DirectoryQuery } from '@byline/domain/directory/directory-repository';

let n = 0;
async function profileOf(repositories: StoreRepositories, fields: Partial<ProfileFields>, slug = `dir-${++n}`) {
  const user = await repositories.users.create(
    { email: `dir${++n}@example.org`, passwordHash: 'x', role: 'journalist' },
    new Date(),
  );
  return repositories.profiles.save(user.id, profileFields(fields), slug);
}

/**
 * The promises of the Directory port, for stores made by `factory`. Run on every database by
 * packages/shared/test/contracts/directory.test.ts.
 */
export function directoryContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const search = (query: Partial<DirectoryQuery>) => repositories().directory.search({ limit: 100, offset: 0, ...query });
  const slugsOf = async (query: Partial<DirectoryQuery>) => (await search(query)).rows.map((row) => row.slug);

  it('finds profiles by name, full name, slug, employer, claimed handle or site and article address, in any case', async () => {
    const aoife = await profileOf(
      repositories(),
      { profile_first_name: 'Aoife', profile_last_name: 'Ó Briain', profile_employer: 'The Ledger' },
      'aoife-o-briain',
    );
    const other = await profileOf(
      repositories(),
      { profile_first_name: 'Cian', profile_last_name: 'Walsh', profile_employer: 'Harbour Times' },
      'cian-walsh',
    );
    await setClaims(repositories().claims, aoife.id, { twitter: ['@AoifeReports'], website: ['https://aoife.example/about'] });
    await repositories().articles.add(other.id, contractArticle('courts/appeal-2024'));

    for (const text of [
      'aoife',
      'Ó BRIAIN',
      'aoife ó briain',
      'ife ó',
      'aoife-o-bri',
      'the ledger',
      'aoifereports',
      'aoife.example',
    ]) {
      expect([text, await slugsOf({ text })]).toEqual([text, ['aoife-o-briain']]);
    }
    expect(await slugsOf({ text: 'HARBOUR' })).toEqual(['cian-walsh']);
    expect(await slugsOf({ text: 'news.example.org/courts/APPEAL' })).toEqual(['cian-walsh']);
    expect(await slugsOf({ text: '%' })).toEqual([]);
    expect(await slugsOf({ text: '.*' })).toEqual([]);
    expect(await slugsOf({})).toEqual(['aoife-o-briain', 'cian-walsh']);
  });

  it('tells each profile’s state: verified, pending, lapsed, refused or never asked', async () => {
    const [verified, pending, lapsed, refused, never] = [
      await profileOf(repositories(), {}, 'is-verified'),
      await profileOf(repositories(), {}, 'is-pending'),
      await profileOf(repositories(), {}, 'is-lapsed'),
      await profileOf(repositories(), {}, 'is-refused'),
      await profileOf(repositories(), {}, 'is-never-asked'),
    ];
    const { verification } = repositories();
    await verification.request(verified.id, 'a@example.org');
    await verification.decide({ profileId: verified.id, actor: 'ed@example.org', action: 'verified', note: '' });
    await verification.request(pending.id, 'b@example.org');
    await verification.decide({ profileId: lapsed.id, actor: 'ed@example.org', action: 'verified', note: '' });
    await verification.decide({ profileId: lapsed.id, actor: 'ed@example.org', action: 'unverified', note: 'left' });
    await verification.request(refused.id, 'c@example.org');
    await verification.decide({ profileId: refused.id, actor: 'ed@example.org', action: 'rejected', note: 'no' });

    const { rows, total } = await search({});
    expect(total).toBe(5);
    expect(rows.map((row) => [row.slug, row.state, row.verified])).toEqual([
      ['is-verified', 'verified', true],
      ['is-pending', 'pending', false],
      ['is-lapsed', 'lapsed', false],
      ['is-refused', 'refused', false],
      ['is-never-asked', 'never-asked', false],
    ]);
    expect(rows[0]!.lastDecisionAt).toMatch(/Z$/);
    expect(rows[1]!.lastDecisionAt).toBeUndefined();
    for (const state of ['verified', 'pending', 'lapsed', 'refused', 'never-asked'] as const) {
      expect(await slugsOf({ state })).toEqual([`is-${state}`]);
    }
    // Sent back to the queue without a live proof, it is pending; refused then, it has lapsed.
    await verification.returnToQueue({
      profileId: verified.id,
      actor: 'byline:no-live-proof',
      action: 'no-live-proof',
      note: '',
    });
    expect(await slugsOf({ state: 'pending' })).toEqual(['is-verified', 'is-pending']);
    await verification.decide({ profileId: verified.id, actor: 'ed@example.org', action: 'rejected', note: '' });
    expect(await slugsOf({ state: 'lapsed' })).toEqual(['is-verified', 'is-lapsed']);
    expect(never.id).toBeGreaterThan(0);
  });

  it('pages through the matches with their total, the text and the state together', async () => {
    for (let i = 0; i < 5; i++)
      await profileOf(repositories(), { profile_employer: i % 2 ? 'Odd Weekly' : 'Even Daily' }, `paged-${i}`);
    const first = await search({ text: 'even', limit: 2, offset: 0 });
    expect([first.rows.map((row) => row.slug), first.total]).toEqual([['paged-0', 'paged-2'], 3]);
    const second = await search({ text: 'even', limit: 2, offset: 2 });
    expect([second.rows.map((row) => row.slug), second.total]).toEqual([['paged-4'], 3]);
    expect((await search({ text: 'odd', state: 'never-asked' })).total).toBe(2);
    expect((await search({ text: 'odd', state: 'verified' })).total).toBe(0);
  });

  it('lists look-alikes: the same name and employer, or the same handle or site claimed', async () => {
    const one = await profileOf(
      repositories(),
      { profile_first_name: 'Niamh', profile_last_name: 'Cassidy', profile_employer: 'The Ledger' },
      'niamh-1',
    );
    const twin = await profileOf(
      repositories(),
      { profile_first_name: ' niamh ', profile_last_name: 'CASSIDY', profile_employer: 'the  ledger' },
      'niamh-2',
    );
    const elsewhere = await profileOf(
      repositories(),
      { profile_first_name: 'Niamh', profile_last_name: 'Cassidy', profile_employer: 'Other Paper' },
      'niamh-3',
    );
    const sameHandle = await profileOf(
      repositories(),
      { profile_first_name: 'Someone', profile_last_name: 'Else' },
      'someone-else',
    );
    await setClaims(repositories().claims, one.id, { twitter: ['@NiamhC'], website: ['https://niamh.example/'] });
    await setClaims(repositories().claims, sameHandle.id, { twitter: ['@niamhc'] });
    await setClaims(repositories().claims, elsewhere.id, { website: ['https://NIAMH.example'] });

    const lookalikes = await repositories().directory.lookalikesOf(one.id);
    expect(lookalikes.map(({ slug, reasons, sharedClaims }) => [slug, reasons, sharedClaims.map((c) => c.kind)])).toEqual([
      ['niamh-2', ['name-and-employer'], []],
      ['niamh-3', ['same-claim'], ['website']],
      ['someone-else', ['same-claim'], ['twitter']],
    ]);
    expect(lookalikes[2]).toMatchObject({ profileId: sameHandle.id, firstName: 'Someone', lastName: 'Else', verified: false });
    expect((await repositories().directory.lookalikesOf(twin.id)).map((l) => l.slug)).toEqual(['niamh-1']);
    expect((await repositories().directory.lookalikesOf(sameHandle.id)).map((l) => l.slug)).toEqual(['niamh-1']);
    expect(await repositories().directory.lookalikesOf(one.id + 1000)).toEqual([]);
  });

  it('lists as look-alikes the profiles listing the same article address, until both have it proven (co-authors)', async () => {
    const mine = await profileOf(repositories(), { profile_first_name: 'Orla', profile_last_name: 'Keane' }, 'orla-keane');
    const theirs = await profileOf(repositories(), { profile_first_name: 'Other', profile_last_name: 'Person' }, 'other-person');
    await repositories().articles.add(mine.id, contractArticle('disputed'));
    const claimed = await repositories().articles.add(theirs.id, contractArticle('disputed'));
    expect(
      (await repositories().directory.lookalikesOf(mine.id)).map(({ slug, reasons, sharedArticles }) => [
        slug,
        reasons,
        sharedArticles,
      ]),
    ).toEqual([['other-person', ['same-article'], ['https://news.example.org/disputed']]]);
    const evidence = {
      method: 'editor-attestation' as const,
      provider: EDITOR_PROVIDER,
      by: 'editor:ed@example.org',
      note: 'checked',
    };
    expect(
      await proveArticle(repositories().articles, { profileId: theirs.id, articleId: claimed.article.id, evidence }),
    ).toMatchObject({ ok: true });
    // Her proof takes nothing from my claim: the editor still sees who else lists the address.
    expect((await repositories().directory.lookalikesOf(mine.id)).map(({ slug }) => slug)).toEqual(['other-person']);
    const [mineClaim] = await repositories().articles.claimsOf(mine.id);
    await proveArticle(repositories().articles, { profileId: mine.id, articleId: mineClaim!.article.id, evidence });
    expect(await repositories().directory.lookalikesOf(mine.id)).toEqual([]);
  });
}
