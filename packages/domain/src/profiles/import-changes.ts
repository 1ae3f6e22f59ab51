import { operatorImportProof, type ArticleProof } from '../articles/article-proof';
import { step, type Steps } from '../store/steps';
import { SOCIAL_TYPES, type ProfileInput, type SocialType } from '../domain/types';
import { handleKey, normalizeSocialProfiles } from '../social/social-handle';
import { canonicalizeUrl } from '../url/canonical-url';
import { settleImportSteps } from './imported-handles';
import { heldByAnother } from './import-plan';
import type { ImportUnit } from './import-unit';
import { ImportConflictError, type ImportProblem, type ImportProgress, type ImportSummary } from './profiles-repository';

/** The import reports progress after every this many records. */
export const IMPORT_PROGRESS_EVERY = 500;

/** A record as the import writes it: its handles in the stored form, and none the rules refuse, whoever the caller. */
export function importedRecord(given: ProfileInput): ProfileInput {
  const social = normalizeSocialProfiles(given.profile_social_profiles, `profile ${given.profile_slug}`);
  return { ...given, profile_social_profiles: social };
}

interface HandleClaim {
  index: number;
  type: SocialType;
  key: string;
  value: string;
  profileId: number;
}

/**
 * One import, inside one transaction the caller opens and commits (or rolls back when a step throws), fed records
 * in order (add) and ended with finish(): the import's rules, written once over an ImportUnit of primitive reads
 * and writes (see database/steps.ts).
 *
 * - Profiles match stored ones by slug; a record's fields replace the stored ones (a later record of the same slug
 *   wins), its `verified` included (what a person decided is kept above the store: see imported-verification.ts).
 * - Articles are upserted by profile and canonical address and never deleted when a record leaves them out: the
 *   profile's own claim of the address, proven or not, is proven by the import. Other profiles' claims and proofs of
 *   the address are left as they are: several profiles may have one address proven (co-authors), and an unproven
 *   claim is decided by its own page check.
 * - A social handle belongs to one profile only. Every profile being imported releases its old handles first, so a
 *   swap of handles between profiles of one import works, and the first record to claim a handle wins. A claim on
 *   a handle another profile holds may only be decided once that profile's record has (or has not) come, so it
 *   waits for finish(), and so does every later claim on the same handle, to keep the file's order. Any claim left
 *   on a handle held by another profile fails the whole import with ImportConflictError.
 * - Then the imported handles are proven (imported-handles.ts) and every profile imported is re-rendered.
 *
 * Gives the same result as applying the records one after the other, except for the handles (above). Records need
 * not be held: only waiting claims and the ids of the profiles touched are kept, which lets a large file stream.
 */
export class ImportRun {
  private readonly touched = new Set<number>();
  /** Profiles whose old handles this import has released (once, before the first record of it claims). */
  private readonly released = new Set<number>();
  private readonly waiting: HandleClaim[] = [];
  private readonly contested = new Set<string>();
  private profiles = 0;
  private articles = 0;
  /** Every imported article is proven by the operator's import: one proof. */
  private readonly articleProof: ArticleProof;

  /** `now`: the import's time, on every proof and release it writes. */
  constructor(
    private readonly unit: ImportUnit,
    private readonly now: string,
  ) {
    this.articleProof = operatorImportProof(now);
  }

  /** Writes these records (the next ones of the import, in order). */
  *add(records: ProfileInput[]): Steps<void> {
    for (const record of records) yield* this.addRecord(record, this.profiles++);
  }

  private *addRecord(given: ProfileInput, index: number): Steps<void> {
    const { unit } = this;
    const { articles, ...profile } = importedRecord(given);
    const social = profile.profile_social_profiles;
    let profileId = yield* step(unit.profileIdOf(profile.profile_slug));
    if (profileId === null) profileId = yield* step(unit.insertProfile(profile));
    else yield* step(unit.updateProfile(profileId, profile));
    if (!this.released.has(profileId)) {
      yield* step(unit.dropHandlesOf(profileId));
      this.released.add(profileId);
    }
    this.touched.add(profileId);

    for (const type of SOCIAL_TYPES) {
      const value = social[type];
      if (value) yield* this.claim({ index, type, key: handleKey(type, value), value, profileId });
    }
    for (const article of articles) {
      const canonical = canonicalizeUrl(article.link);
      const proof = this.articleProof;
      // Insert first: in a bulk import nearly every article is new, and then one write is enough.
      if (!(yield* step(unit.insertProvenArticle(profileId, canonical, article, proof))))
        yield* step(unit.proveListedArticle(profileId, canonical, article, proof));
      this.articles++;
    }
  }

  /** Takes a free handle now; a claim on a held or contested one waits for finish(). */
  private *claim(claim: HandleClaim): Steps<void> {
    const holder = yield* step(this.unit.handleHolder(claim.type, claim.key));
    if (holder === claim.profileId) return;
    const id = `${claim.type}\u0000${claim.key}`;
    if (holder === null && !this.contested.has(id)) {
      yield* step(this.unit.insertHandle(claim.type, claim.key, claim.profileId));
      return;
    }
    this.contested.add(id);
    this.waiting.push(claim);
  }

  /** A waiting claim, once every record has released its handles: taken if free, a problem if held by another. */
  private *decide(claim: HandleClaim, problems: ImportProblem[]): Steps<void> {
    const holder = yield* step(this.unit.handleHolder(claim.type, claim.key));
    if (holder === null) yield* step(this.unit.insertHandle(claim.type, claim.key, claim.profileId));
    else if (holder !== claim.profileId) problems.push(heldByAnother(claim.index, claim.type, claim.value));
  }

  /** Decides the waiting claims, proves the handles, re-renders. */
  *finish(): Steps<ImportSummary> {
    const { unit, now } = this;
    const problems: ImportProblem[] = [];
    for (const claim of this.waiting) yield* this.decide(claim, problems);
    if (problems.length) throw new ImportConflictError(problems.sort((a, b) => a.index - b.index));
    const othersMayClaim = yield* step(unit.anyUnprovenClaim());
    yield* settleImportSteps(unit, this.released, this.touched, now, othersMayClaim);
    return { profiles: this.profiles, articles: this.articles };
  }
}

/** An import of these records in one run, reporting progress after every IMPORT_PROGRESS_EVERY of them. */
export function* importRecordsSteps(
  unit: ImportUnit,
  records: ProfileInput[],
  now: string,
  onProgress?: (progress: ImportProgress) => void,
): Steps<ImportSummary> {
  const run = new ImportRun(unit, now);
  for (let done = 0; done < records.length;) {
    const next = Math.min(records.length, done + IMPORT_PROGRESS_EVERY);
    yield* run.add(records.slice(done, next));
    done = next;
    onProgress?.({ done, total: records.length });
  }
  return yield* run.finish();
}
