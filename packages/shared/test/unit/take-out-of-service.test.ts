import type { AnswersUnit } from '@byline/domain/answers/answers-unit';
import { takeOutOfService } from '@byline/domain/answers/take-out-of-service';
import type { DocumentSteps } from '@byline/domain/documents/documents';
import { runNow } from '@byline/domain/store/steps';

/*
 * The rule that takes what a change removes out of service before it, against a unit that records each step it is
 * asked for: which writes, in which order, over which documents. The stores' own tests hold what each write leaves
 * (concurrent-rerender, credential-races, bluesky-verification, interrupted-removal); here the order the rule names.
 */

/** A step as recorded: the primitive, and what it was given. */
type Recorded = [string, ...unknown[]];

/** An answers unit recording the steps the rule asks of it; `staffOf` says whose staff each profile is. */
function recordingUnit(staffOf: Record<number, number[]>, { outOfService = true } = {}) {
  const steps: Recorded[] = [];
  const documents = (name: string) =>
    ({
      updateAll: (where: unknown, set: unknown) => {
        steps.push([`${name}.updateAll`, where, set]);
        return 0;
      },
    }) as unknown as DocumentSteps<never>;
  const unit = {
    publishersOfStaff: (profileIds: number[]) => {
      steps.push(['publishersOfStaff', profileIds]);
      return [...new Set(profileIds.flatMap((id) => staffOf[id] ?? []))];
    },
    credentials: documents('credentials'),
    blueskyVerifications: documents('blueskyVerifications'),
    outOfService: outOfService
      ? {
          profilesPerWrite: 50,
          forgetV2Answers: (profileIds: number[]) => void steps.push(['forgetV2Answers', profileIds]),
          forgetOutletsOf: (publisherIds: number[]) => void steps.push(['forgetOutletsOf', publisherIds]),
        }
      : null,
  } as unknown as AnswersUnit;
  return { unit, steps };
}

const credentialsPending = (round: number[]): Recorded => [
  'credentials.updateAll',
  { profileId: { in: round } },
  { change: expect.any(String), awaitingNote: true },
];
const blueskyWithdrawn = (round: number[]): Recorded => [
  'blueskyVerifications.updateAll',
  { profileId: { in: round }, subject: { gt: '' } },
  { subject: null, change: expect.any(String), dueAt: null },
];

describe('takeOutOfService', () => {
  it('takes the answers, then the credentials, then the Bluesky records, then the outlets out of service', () => {
    const { unit, steps } = recordingUnit({ 1: [10], 2: [10, 11] });
    runNow(takeOutOfService(unit, [1, 2, 1], [12, 10]));
    expect(steps).toEqual([
      // whose staff they are, read before anything is written
      ['publishersOfStaff', [1, 2]],
      ['forgetV2Answers', [1, 2]],
      credentialsPending([1, 2]),
      blueskyWithdrawn([1, 2]),
      // the publishers named, then those the profiles are staff of, each once
      ['forgetOutletsOf', [12, 10, 11]],
    ]);
  });

  it('writes each round of profiles in that order, and the outlets once, after every round', () => {
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    const { unit, steps } = recordingUnit({ 120: [7] });
    runNow(takeOutOfService(unit, ids));
    const rounds = [ids.slice(0, 50), ids.slice(50, 100), ids.slice(100)];
    expect(steps).toEqual([
      ['publishersOfStaff', ids],
      ...rounds.flatMap((round) => [['forgetV2Answers', round], credentialsPending(round), blueskyWithdrawn(round)]),
      ['forgetOutletsOf', [7]],
    ]);
  });

  it('gives each round’s credentials a change of their own, and the Bluesky records another', () => {
    const { unit, steps } = recordingUnit({});
    runNow(
      takeOutOfService(
        unit,
        Array.from({ length: 60 }, (_, i) => i + 1),
      ),
    );
    const changes = steps.flatMap(([name, , set]) => (name.endsWith('.updateAll') ? [(set as { change: string }).change] : []));
    expect(changes).toHaveLength(4);
    expect(new Set(changes).size).toBe(4);
  });

  it('takes only the named outlets out of service when no profile is named', () => {
    const { unit, steps } = recordingUnit({});
    runNow(takeOutOfService(unit, [], [3]));
    expect(steps).toEqual([['forgetOutletsOf', [3]]]);
  });

  it('takes no outlet out of service for profiles on no staff, none named', () => {
    const { unit, steps } = recordingUnit({});
    runNow(takeOutOfService(unit, [5]));
    expect(steps.map(([name]) => name)).toEqual([
      'publishersOfStaff',
      'forgetV2Answers',
      'credentials.updateAll',
      'blueskyVerifications.updateAll',
    ]);
  });

  it('asks nothing of a store where the change and its re-render commit together', () => {
    const { unit, steps } = recordingUnit({ 1: [10] }, { outOfService: false });
    runNow(takeOutOfService(unit, [1], [10]));
    expect(steps).toEqual([]);
  });

  it('refuses, writing nothing, where answers go out of service but credentials or Bluesky records could not', () => {
    for (const missing of ['credentials', 'blueskyVerifications'] as const) {
      const { unit, steps } = recordingUnit({ 1: [10] });
      const without = { ...unit, [missing]: null } as AnswersUnit;
      expect(() => runNow(takeOutOfService(without, [1]))).toThrow(/credentials and the Bluesky verification records/);
      expect(steps).toEqual([]);
    }
  });
});
