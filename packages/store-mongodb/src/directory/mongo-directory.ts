import type { Filter } from 'mongodb';
import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf, type ProfileDoc } from '../store/mongo-schema';
import type { AuditAction } from '@byline/domain/audit/audit-repository';
import type {
  StateFacts,
  StateRecords,
  DatabaseDirectory,
  StoredDirectoryFacts,
  StoredDirectoryQuery,
} from '@byline/domain/directory/stored-directory';

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

/** A stored name that foldName folds to this folded one: any case, any run of whitespace between words. */
const foldingTo = (folded: string) => ({
  $regex: `^\\s*${folded.split(' ').map(escapeRegex).join('\\s+')}\\s*$`,
  $options: 'i',
});

type RecordFact = Exclude<keyof StateFacts, 'verified'>;

/**
 * The directory's reads over the profiles, claims, articles, requests and audit collections (see DatabaseDirectory).
 * Without joins, a page first gathers the ids the text or the facts select, then reads one page of profiles and
 * their facts.
 */
export class MongoDirectory implements DatabaseDirectory {
  constructor(private readonly database: MongoDatabase) {}

  private collection<K extends 'profiles' | 'claims' | 'articles' | 'verificationRequests' | 'audit'>(name: K) {
    return collectionOf(this.database.db, name);
  }

  page({ text, facts, records, limit, offset }: StoredDirectoryQuery) {
    return this.database.run(async () => {
      const and: Filter<ProfileDoc>[] = [];
      if (text) and.push({ _id: { $in: await this.idsMatching(text) } });
      if (facts.verified !== undefined) and.push({ verified: facts.verified ? true : { $ne: true } });
      for (const fact of ['pending', 'onceVerified', 'asked'] as const) {
        const wanted = facts[fact];
        if (wanted === undefined) continue;
        const ids = [...(await this.profilesWith(fact, records))];
        and.push({ _id: wanted ? { $in: ids } : { $nin: ids } });
      }
      const filter: Filter<ProfileDoc> = and.length ? { $and: and } : {};
      const profiles = this.collection('profiles');
      const docs = await profiles.find(filter).sort({ _id: 1 }).skip(offset).limit(limit).toArray();
      return { rows: await this.rowsOf(docs, records), total: await profiles.countDocuments(filter) };
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

  /** The profiles (of those given, else all) with the records the fact is. */
  private async profilesWith(fact: RecordFact, records: StateRecords, ids?: number[]): Promise<Set<number>> {
    const ofIds = ids ? { profile_id: { $in: ids } } : {};
    const cursor =
      fact === 'pending'
        ? this.collection('verificationRequests').find({ ...ofIds, status: records.openRequestStatus })
        : this.collection('audit').find({
            ...ofIds,
            action: { $in: [...(fact === 'onceVerified' ? records.onceVerifiedActions : records.askedActions)] },
          });
    return new Set((await cursor.project<{ profile_id: number }>({ profile_id: 1 }).toArray()).map((doc) => doc.profile_id));
  }

  /** The page's facts from two reads: its open requests, and its history records of any action the facts name. */
  private async rowsOf(docs: ProfileDoc[], records: StateRecords): Promise<StoredDirectoryFacts[]> {
    const ids = docs.map((doc) => doc._id);
    const { onceVerifiedActions, askedActions, decisionActions } = records;
    const [pending, history] = await Promise.all([
      this.profilesWith('pending', records, ids),
      this.collection('audit')
        .find({
          profile_id: { $in: ids },
          action: { $in: [...new Set([...onceVerifiedActions, ...askedActions, ...decisionActions])] },
        })
        .project<{ profile_id: number; action: AuditAction; at: string }>({ profile_id: 1, action: 1, at: 1 })
        .toArray(),
    ]);
    return docs.map((doc) => {
      const own = history.filter((record) => record.profile_id === doc._id);
      const any = (actions: readonly AuditAction[]) => own.some((record) => actions.includes(record.action));
      const decided = own.filter((record) => decisionActions.includes(record.action)).map((record) => record.at);
      return {
        profileId: doc._id,
        facts: {
          verified: doc.verified === true,
          pending: pending.has(doc._id),
          onceVerified: any(onceVerifiedActions),
          asked: any(askedActions),
        },
        lastDecisionAt: decided.sort()[decided.length - 1] ?? null,
      };
    });
  }

  sameNames(profileId: number, folded: { firstName: string; lastName: string; employer: string }, limit: number) {
    return this.database.run(async () => {
      const same = await this.collection('profiles')
        .find({
          _id: { $ne: profileId },
          [FIRST]: foldingTo(folded.firstName),
          [LAST]: foldingTo(folded.lastName),
          [EMPLOYER]: foldingTo(folded.employer),
        })
        .project<{ _id: number }>({ _id: 1 })
        .sort({ _id: 1 })
        .limit(limit)
        .toArray();
      return same.map((doc) => doc._id);
    });
  }
}
