import {
  foldName,
  MAX_LOOKALIKES,
  type Directory,
  type DirectoryPage,
  type DirectoryQuery,
  type DirectoryRow,
  type Lookalike,
  type LookalikeReason,
} from './directory-repository';
import { factsOf, STATE_RECORDS, stateOf } from './directory-states';
import type { DirectoryCard, StoredDirectory, StoredDirectoryRow } from './stored-directory';

const rowOf = ({ facts, lastDecisionAt, ...card }: StoredDirectoryRow): DirectoryRow => ({
  ...card,
  state: stateOf(facts),
  ...(lastDecisionAt ? { lastDecisionAt } : {}),
});

/** The Directory over either database's reads (StoredDirectory): the states and the look-alikes decided here. */
export function directoryOver(stored: StoredDirectory): Directory {
  return {
    async search({ text, state, limit, offset }: DirectoryQuery): Promise<DirectoryPage> {
      const { rows, total } = await stored.page({
        text: text?.trim() || null,
        facts: state ? factsOf(state) : {},
        records: STATE_RECORDS,
        limit,
        offset,
      });
      return { rows: rows.map(rowOf), total };
    },
    lookalikesOf: (profileId) => lookalikesOf(stored, profileId),
  };
}

async function lookalikesOf(stored: StoredDirectory, profileId: number): Promise<Lookalike[]> {
  const [mine] = await stored.cards([profileId]);
  if (!mine) return [];
  const found = new Map<number, Lookalike>();
  const because = (card: DirectoryCard, reason: LookalikeReason): Lookalike => {
    const lookalike = found.get(card.profileId) ?? { ...card, reasons: [], sharedClaims: [], sharedArticles: [] };
    found.set(card.profileId, lookalike);
    if (!lookalike.reasons.includes(reason)) lookalike.reasons.push(reason);
    return lookalike;
  };
  const [firstName, lastName] = [foldName(mine.firstName), foldName(mine.lastName)];
  if (firstName && lastName) {
    const folded = { firstName, lastName, employer: foldName(mine.employer) };
    for (const card of await stored.sameNames(profileId, folded, MAX_LOOKALIKES)) because(card, 'name-and-employer');
  }
  const claims = await stored.sharedClaims(profileId);
  // An address both have proven is not a sign of one person in two profiles: they are its co-authors.
  const articles = (await stored.sharedArticles(profileId, 'released')).filter(
    ({ provenHere, provenThere }) => !(provenHere && provenThere),
  );
  const cards = new Map(
    (await stored.cards([...new Set([...claims, ...articles].map((shared) => shared.profileId))])).map((card) => [
      card.profileId,
      card,
    ]),
  );
  for (const { profileId: other, kind, value } of claims) {
    const card = cards.get(other);
    if (card) because(card, 'same-claim').sharedClaims.push({ kind, value });
  }
  for (const { profileId: other, canonicalUrl } of articles) {
    const card = cards.get(other);
    if (card) because(card, 'same-article').sharedArticles.push(canonicalUrl);
  }
  return [...found.values()].sort((a, b) => a.profileId - b.profileId).slice(0, MAX_LOOKALIKES);
}
