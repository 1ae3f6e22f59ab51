import type { Filter, FindCursor } from 'mongodb';
import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf, type ProfileDoc } from '../store/mongo-schema';
import {
  ASKED_ACTIONS,
  DECISION_ACTIONS,
  foldName,
  MAX_LOOKALIKES,
  ONCE_VERIFIED_ACTIONS,
  stateOf,
  type Directory,
  type DirectoryPage,
  type DirectoryQuery,
  type DirectoryRow,
  type DirectoryState,
  type Lookalike,
} from '@byline/domain/directory/directory-repository';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** FerretDB 1.x has no collations: case-insensitive matches are regular expressions. */
const containing = (text: string) => ({ $regex: escapeRegex(text), $options: 'i' });

const FIRST = 'profile.profile_first_name';
const LAST = 'profile.profile_last_name';
const EMPLOYER = 'profile.profile_employer';

/** "first last" contains the text across the space: the first name ends with what precedes a space, the last begins with the rest. */
function acrossTheSpace(text: string): Filter<ProfileDoc>[] {
  const filters: Filter<ProfileDoc>[] = [];
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) {
    filters.push({
      [FIRST]: { $regex: `${escapeRegex(text.slice(0, i))}$`, $options: 'i' },
      [LAST]: { $regex: `^${escapeRegex(text.slice(i + 1))}`, $options: 'i' },
    });
  }
  return filters;
}

/** A name as the duplicate check compares it (see foldName): any case, any run of whitespace between words. */
const sameFolded = (value: string) => ({
  $regex: `^\\s*${foldName(value).split(' ').map(escapeRegex).join('\\s+')}\\s*$`,
  $options: 'i',
});

const rowBase = (doc: ProfileDoc) => ({
  profileId: doc._id,
  slug: doc.slug,
  firstName: doc.profile.profile_first_name,
  lastName: doc.profile.profile_last_name,
  employer: doc.profile.profile_employer,
  verified: doc.verified === true,
});

/**
 * The directory over the profiles, claims, articles, requests and audit collections. Without joins, a search
 * first gathers the ids the text or the state selects, then reads one page of profiles and their states.
 */
export class MongoDirectory implements Directory {
  constructor(private readonly database: MongoDatabase) {}

  private collection<K extends 'profiles' | 'claims' | 'articles' | 'verificationRequests' | 'audit'>(name: K) {
    return collectionOf(this.database.db, name);
  }

  search({ text, state, limit, offset }: DirectoryQuery): Promise<DirectoryPage> {
    return this.database.run(async () => {
      const and: Filter<ProfileDoc>[] = [];
      const wanted = text?.trim();
      if (wanted) and.push({ _id: { $in: await this.idsMatching(wanted) } });
      if (state) and.push(await this.inState(state));
      const filter: Filter<ProfileDoc> = and.length ? { $and: and } : {};
      const profiles = this.collection('profiles');
      const docs = await profiles.find(filter).sort({ _id: 1 }).skip(offset).limit(limit).toArray();
      return { rows: await this.rowsOf(docs), total: await profiles.countDocuments(filter) };
    });
  }

  private async idsMatching(text: string): Promise<number[]> {
    const pattern = containing(text);
    const [profiles, claims, articles] = await Promise.all([
      this.collection('profiles')
        .find({
          $or: [{ [FIRST]: pattern }, { [LAST]: pattern }, { slug: pattern }, { [EMPLOYER]: pattern }, ...acrossTheSpace(text)],
        })
        .project<{ _id: number }>({ _id: 1 })
        .toArray(),
      this.collection('claims')
        .find({ released_at: null, $or: [{ value: pattern }, { key: pattern }] })
        .project<{ profile_id: number }>({ profile_id: 1 })
        .toArray(),
      this.collection('articles').find({ canonical_url: pattern }).project<{ profile_id: number }>({ profile_id: 1 }).toArray(),
    ]);
    return [...new Set([...profiles.map((doc) => doc._id), ...[...claims, ...articles].map((doc) => doc.profile_id)])];
  }

  /** The profiles in a state, by the rule of stateOf: ids gathered from the open requests and the history. */
  private async inState(state: DirectoryState): Promise<Filter<ProfileDoc>> {
    if (state === 'verified') return { verified: true };
    const pending = await this.profilesOf(this.collection('verificationRequests').find({ status: 'pending' }));
    const once = await this.profilesOf(this.collection('audit').find({ action: { $in: [...ONCE_VERIFIED_ACTIONS] } }));
    const asked = await this.profilesOf(this.collection('audit').find({ action: { $in: [...ASKED_ACTIONS] } }));
    const without = (ids: Set<number>, ...others: Set<number>[]) => [...ids].filter((id) => !others.some((o) => o.has(id)));
    const ids: Record<Exclude<DirectoryState, 'verified' | 'never-asked'>, number[]> = {
      pending: [...pending],
      lapsed: without(once, pending),
      refused: without(asked, once, pending),
    };
    if (state === 'never-asked') return { verified: { $ne: true }, _id: { $nin: [...new Set([...pending, ...once, ...asked])] } };
    return { verified: { $ne: true }, _id: { $in: ids[state] } };
  }

  private async profilesOf(cursor: FindCursor<{ profile_id: number }>): Promise<Set<number>> {
    return new Set((await cursor.project<{ profile_id: number }>({ profile_id: 1 }).toArray()).map((doc) => doc.profile_id));
  }

  private async rowsOf(docs: ProfileDoc[]): Promise<DirectoryRow[]> {
    const ids = docs.map((doc) => doc._id);
    const [pending, records] = await Promise.all([
      this.profilesOf(this.collection('verificationRequests').find({ profile_id: { $in: ids }, status: 'pending' })),
      this.collection('audit')
        .find({ profile_id: { $in: ids }, action: { $in: [...ONCE_VERIFIED_ACTIONS, ...ASKED_ACTIONS] } })
        .project<{ profile_id: number; action: string; at: string }>({ profile_id: 1, action: 1, at: 1 })
        .toArray(),
    ]);
    return docs.map((doc) => {
      const own = records.filter((record) => record.profile_id === doc._id);
      const decided = own
        .filter((record) => (DECISION_ACTIONS as readonly string[]).includes(record.action))
        .map((record) => record.at)
        .sort();
      const row: DirectoryRow = {
        ...rowBase(doc),
        state: stateOf(doc.verified === true, pending.has(doc._id), new Set(own.map((record) => record.action))),
      };
      const last = decided[decided.length - 1];
      return last ? { ...row, lastDecisionAt: last } : row;
    });
  }

  lookalikesOf(profileId: number): Promise<Lookalike[]> {
    return this.database.run(async () => {
      const profiles = this.collection('profiles');
      const mine = await profiles.findOne({ _id: profileId });
      if (!mine) return [];
      const found = new Map<number, Lookalike>();
      const entry = (doc: ProfileDoc): Lookalike => {
        const made = found.get(doc._id) ?? { ...rowBase(doc), reasons: [], sharedClaims: [], sharedArticles: [] };
        found.set(doc._id, made);
        return made;
      };
      const { profile_first_name: first, profile_last_name: last, profile_employer: employer } = mine.profile;
      if (foldName(first) && foldName(last)) {
        const same = await profiles
          .find({
            _id: { $ne: profileId },
            [FIRST]: sameFolded(first),
            [LAST]: sameFolded(last),
            [EMPLOYER]: sameFolded(employer),
          })
          .sort({ _id: 1 })
          .limit(MAX_LOOKALIKES)
          .toArray();
        for (const doc of same) entry(doc).reasons.push('name-and-employer');
      }
      const claims = this.collection('claims');
      const live = await claims.find({ profile_id: profileId, released_at: null }).toArray();
      if (live.length) {
        const others = await claims
          .find({ released_at: null, profile_id: { $ne: profileId }, $or: live.map(({ kind, key }) => ({ kind, key })) })
          .sort({ profile_id: 1, _id: 1 })
          .toArray();
        const docs = await profiles.find({ _id: { $in: [...new Set(others.map((claim) => claim.profile_id))] } }).toArray();
        const byId = new Map(docs.map((doc) => [doc._id, doc]));
        for (const claim of others) {
          const doc = byId.get(claim.profile_id);
          if (!doc) continue;
          const lookalike = entry(doc);
          if (!lookalike.reasons.includes('same-claim')) lookalike.reasons.push('same-claim');
          lookalike.sharedClaims.push({ kind: claim.kind, value: claim.value });
        }
      }
      const articles = this.collection('articles');
      const listed = await articles
        .find({ profile_id: profileId, 'proof.state': { $ne: 'released' } }, { projection: { canonical_url: 1, proven: 1 } })
        .toArray();
      if (listed.length) {
        const provenHere = new Set(listed.filter((doc) => doc.proven).map((doc) => doc.canonical_url));
        // Both proven: co-authors, not look-alikes.
        const others = (
          await articles
            .find({
              canonical_url: { $in: listed.map((doc) => doc.canonical_url) },
              profile_id: { $ne: profileId },
              'proof.state': { $ne: 'released' },
            })
            .sort({ profile_id: 1, _id: 1 })
            .toArray()
        ).filter((doc) => !(doc.proven && provenHere.has(doc.canonical_url)));
        const docs = await profiles.find({ _id: { $in: [...new Set(others.map((doc) => doc.profile_id))] } }).toArray();
        const byId = new Map(docs.map((doc) => [doc._id, doc]));
        for (const article of others) {
          const doc = byId.get(article.profile_id);
          if (!doc) continue;
          const lookalike = entry(doc);
          if (!lookalike.reasons.includes('same-article')) lookalike.reasons.push('same-article');
          lookalike.sharedArticles.push(article.canonical_url);
        }
      }
      return [...found.values()].sort((a, b) => a.profileId - b.profileId).slice(0, MAX_LOOKALIKES);
    });
  }
}
