import { entityTagOf, type TaggedAnswer } from '@byline/domain/domain/rendered-answers';
import { batchAnswer } from '@byline/http/batch-verification-handler';

const answer = (text: string): TaggedAnswer => {
  const json = JSON.stringify({ verified: true, profile_first_name: text });
  return { json, etag: entityTagOf(json) };
};

/** The body as JSON.stringify writes it, encoded as Buffer.from encodes it: what batchAnswer must give, byte for byte. */
const expected = (items: unknown[], answers: TaggedAnswer[]) =>
  Buffer.from(
    `{"results":[${items.map((item, index) => `{"input":${JSON.stringify(item)},"result":${answers[index]!.json}}`).join(',')}]}`,
  );

describe('batchAnswer', () => {
  it.each([
    ['ASCII answers', ['Niamh', 'Ciaran']],
    ['an accented answer among ASCII ones', ['Niamh', 'Seán Ó Briain', 'Ciaran']],
    ['only the last answer not ASCII', ['Niamh', 'Ciaran', 'Zoë']],
    ['characters of three and four bytes', ['記者', 'Ciaran 📰', '\u{1F600}\u{1F600}\u{1F600}']],
    ['an unpaired surrogate (written as U+FFFD)', ['Niamh \ud800']],
    ['a single answer of one character beyond ASCII', ['é']],
  ])('writes %s byte for byte as their text', (_label, names) => {
    const items = names.map((name, index) => `https://news.example/${index}/${name}`);
    const answers = names.map(answer);

    const { body } = batchAnswer(items, answers);

    expect(body.equals(expected(items, answers))).toBe(true);
  });

  it('writes items that are not ASCII as sent', () => {
    const items = [{ social_username: 'séan_ó', social_type: 'twitter' }, 'https://例え.jp/ニュース'];
    const answers = [answer('Niamh'), answer('Ciaran')];

    expect(batchAnswer(items, answers).body.equals(expected(items, answers))).toBe(true);
  });
});
