import { validateProfileRecord } from '@byline/domain/validation/profile-record';

const NOW = '2025-01-02T03:04:05.678Z';

const minimal = () => ({
  profile_first_name: 'Niamh',
  profile_slug: 'niamh-cassidy',
  articles: [{ title: 'Harbour towns', link: 'https://example-news.ie/a', published_at: '2024-05-01T12:00:00Z' }],
});

function valid(input: unknown) {
  const result = validateProfileRecord(input, NOW);
  if (result.error !== undefined) throw new Error(`expected a valid record, got: ${result.error}`);
  return result.value;
}

describe('validateProfileRecord', () => {
  it('fills every default of a minimal record', () => {
    const record = valid(minimal());

    expect(record).toEqual({
      verified: false,
      profile_first_name: 'Niamh',
      profile_last_name: '',
      profile_title: '',
      profile_created_at: NOW,
      profile_bio: '',
      profile_employer: '',
      profile_residing: '',
      profile_slug: 'niamh-cassidy',
      profile_image: '',
      profile_social_profiles: { twitter: '', facebook: '', linkedin: '', instagram: '' },
      user_location: '',
      user_city: '',
      follower_count: 0,
      articles: [
        {
          title: 'Harbour towns',
          description: '',
          link: 'https://example-news.ie/a',
          created_at: NOW,
          updated_at: NOW,
          og_image: '',
          icon_path: '',
          published_at: '2024-05-01T12:00:00.000Z',
          post_id: null,
          feature: false,
          lg_index: null,
          tag_list: [],
          active: true,
          search_visible: true,
          author_name: null,
        },
      ],
    });
  });

  it.each([
    ['2024-05-01T12:00:00Z', '2024-05-01T12:00:00.000Z'],
    ['2024-05-01T14:00:00+02:00', '2024-05-01T12:00:00.000Z'],
    ['2024-05-01T12:00:00.5Z', '2024-05-01T12:00:00.500Z'],
    ['2024-05-01', '2024-05-01T00:00:00.000Z'],
    ['2024-05-01T12:00:00.000Z', '2024-05-01T12:00:00.000Z'],
    ['2024-02-30T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
  ])('normalises the timestamp %s to UTC with milliseconds', (given, expected) => {
    const record = valid({ ...minimal(), profile_created_at: given });
    expect(record.profile_created_at).toBe(expected);
  });

  it('keeps given timestamps, and updated_at defaults to created_at', () => {
    const input = minimal();
    Object.assign(input.articles[0]!, { created_at: '2024-04-30T08:00:00.000Z' });

    const [article] = valid(input).articles;

    expect(article!.created_at).toBe('2024-04-30T08:00:00.000Z');
    expect(article!.updated_at).toBe('2024-04-30T08:00:00.000Z');
  });

  it('strips id, profile_id and article_count, and keeps trailing whitespace and unicode', () => {
    const input = {
      ...minimal(),
      id: 99,
      article_count: 12,
      profile_employer: 'Courier  ',
      profile_bio: 'Ó Dálaigh 東京 🌊',
      articles: [{ ...minimal().articles[0], id: 5, profile_id: 99 }],
    };

    const record = valid(input) as unknown as Record<string, unknown> & { articles: Record<string, unknown>[] };

    expect(record).not.toHaveProperty('id');
    expect(record).not.toHaveProperty('article_count');
    expect(record.articles[0]).not.toHaveProperty('id');
    expect(record.articles[0]).not.toHaveProperty('profile_id');
    expect(record.profile_employer).toBe('Courier  ');
    expect(record.profile_bio).toBe('Ó Dálaigh 東京 🌊');
  });

  it.each([
    ['profile_first_name', { profile_first_name: undefined }],
    ['profile_slug', { profile_slug: undefined }],
    ['profile_slug', { profile_slug: 'has spaces' }],
    ['profile_slug', { profile_slug: 'ünicode' }],
    ['profile_created_at', { profile_created_at: 'yesterday' }],
    ['profile_created_at', { profile_created_at: '2024-13-01T00:00:00.000Z' }],
    ['follower_count', { follower_count: -1 }],
    ['follower_count', { follower_count: 1.5 }],
    ['verified', { verified: 'perhaps' }],
    ['twitter', { profile_social_profiles: { twitter: '@' } }],
    ['linkedin', { profile_social_profiles: { linkedin: 'https://x.com/someone' } }],
    ['myspace', { profile_social_profiles: { myspace: 'tom' } }],
  ])('rejects a bad %s, naming it', (field, overrides) => {
    const result = validateProfileRecord({ ...minimal(), ...overrides }, NOW);

    expect(result.value).toBeUndefined();
    expect(result.error).toContain(field);
  });

  it.each([
    ['title', { title: undefined }],
    ['link', { link: undefined }],
    ['link', { link: '/relative' }],
    ['link', { link: 'ftp://example-news.ie/a' }],
    ['published_at', { published_at: undefined }],
    ['published_at', { published_at: 'not a date' }],
    ['tag_list', { tag_list: 'climate' }],
    ['active', { active: 'yes please' }],
  ])('rejects an article with a bad %s, naming it', (field, overrides) => {
    const input = minimal();
    const result = validateProfileRecord({ ...input, articles: [{ ...input.articles[0], ...overrides }] }, NOW);

    expect(result.error).toContain(field);
  });

  it.each([
    ['profile_first_name', { profile_first_name: 'Niamh\u0000' }, 'U+0000'],
    ['profile_last_name', { profile_last_name: 'Cassidy\u202E' }, 'U+202E'],
    ['profile_title', { profile_title: 'Climate\ncorrespondent' }, 'U+000A'],
    ['profile_employer', { profile_employer: 'The \u2067Courier' }, 'U+2067'],
    ['profile_bio', { profile_bio: 'Reports\u0000' }, 'U+0000'],
    ['profile_image', { profile_image: 'https://cdn.example/\u202Egpj.exe' }, 'U+202E'],
    ['profile_social_profiles.twitter', { profile_social_profiles: { twitter: '@Niamh\u202E' } }, 'U+202E'],
  ])('refuses %s with a control character or text-direction override, naming the field', (field, overrides, character) => {
    const result = validateProfileRecord({ ...minimal(), ...overrides }, NOW);

    expect(result.value).toBeUndefined();
    expect(result.error).toContain(`"${field}" must not contain ${character}`);
  });

  it.each([
    ['title', { title: 'Storm\u202E' }],
    ['link', { link: 'https://example-news.ie/a\u0000' }],
    ['tag_list[0]', { tag_list: ['climate\u0085'] }],
    ['author_name', { author_name: 'Niamh\u2069' }],
  ])('refuses an article %s with such a character, naming it', (field, overrides) => {
    const input = minimal();
    const result = validateProfileRecord({ ...input, articles: [{ ...input.articles[0], ...overrides }] }, NOW);

    expect(result.error).toMatch(new RegExp(`"articles\\[0\\]\\.${field.replace(/[[\]]/g, '\\$&')}" must not contain U\\+`));
  });

  it('keeps every script, emoji, the marks U+200E/U+200F, and a biography’s line breaks and tabs', () => {
    const result = validateProfileRecord(
      { ...minimal(), profile_last_name: 'Ní Bhriain 渡辺 👩🏽‍💻', profile_employer: 'הארץ\u200F (IL)', profile_bio: 'One\r\n\tTwo' },
      NOW,
    );

    expect(result.error).toBeUndefined();
  });

  it('reports every problem of a record at once', () => {
    const result = validateProfileRecord({ articles: [] }, NOW);

    expect(result.error).toContain('profile_first_name');
    expect(result.error).toContain('profile_slug');
  });

  it('refuses a handle no account of its network can have, giving every reason at once', () => {
    const result = validateProfileRecord(
      {
        ...minimal(),
        profile_social_profiles: {
          twitter: 'javascript:alert(5)',
          instagram: '<svg/onload=alert(5)>',
          facebook: 'niamh cassidy',
          linkedin: 'niamh.cassidy',
        },
      },
      NOW,
    );

    expect(result.value).toBeUndefined();
    expect(result.error).toContain('"profile_social_profiles.twitter" must be an X (Twitter) username');
    expect(result.error).toContain('"profile_social_profiles.instagram" must be an Instagram username');
    expect(result.error).toContain('"profile_social_profiles.facebook" must be a Facebook username');
    expect(result.error).toContain('"profile_social_profiles.linkedin" must be a LinkedIn profile name');
  });

  it('accepts, from an operator, handles the networks gave out under older rules (the `known` rule)', () => {
    const record = valid({
      ...minimal(),
      profile_social_profiles: { twitter: '@NiamhCassidyReports', facebook: 'niam', linkedin: 'nc', instagram: '' },
    });
    expect(record.profile_social_profiles).toEqual({
      twitter: '@NiamhCassidyReports',
      facebook: 'niam',
      linkedin: 'nc',
      instagram: '',
    });
  });

  it('carries each handle in the form stores keep: a profile address becomes the username, a typed @ stays', () => {
    const record = valid({
      ...minimal(),
      profile_social_profiles: {
        twitter: ' @NiamhCass94 ',
        linkedin: 'https://www.linkedin.com/in/niamh-cassidy-galway/',
        facebook: 'https://www.facebook.com/profile.php?id=100012345678901',
        instagram: 'https://www.instagram.com/niamh.writes/',
      },
    });

    expect(record.profile_social_profiles).toEqual({
      twitter: '@NiamhCass94',
      linkedin: 'niamh-cassidy-galway',
      facebook: '100012345678901',
      instagram: 'niamh.writes',
    });
  });
});
