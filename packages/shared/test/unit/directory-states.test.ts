import { DIRECTORY_STATES } from '@byline/domain/directory/directory-repository';
import { factsOf, stateOf } from '@byline/domain/directory/directory-states';
import type { StateFacts } from '@byline/domain/directory/stored-directory';

/** Every combination of the four facts. */
const everyFacts: StateFacts[] = Array.from({ length: 16 }, (_, bits) => ({
  verified: (bits & 1) > 0,
  pending: (bits & 2) > 0,
  onceVerified: (bits & 4) > 0,
  asked: (bits & 8) > 0,
}));

const holds = (wanted: Partial<StateFacts>, facts: StateFacts) =>
  (Object.keys(wanted) as (keyof StateFacts)[]).every((fact) => wanted[fact] === facts[fact]);

describe("the directory's states and their facts", () => {
  it('filters by exactly the profiles each state is told for: factsOf is stateOf read backwards', () => {
    for (const state of DIRECTORY_STATES) {
      for (const facts of everyFacts)
        expect([state, facts, holds(factsOf(state), facts)]).toEqual([state, facts, stateOf(facts) === state]);
    }
  });

  it('puts verified before an open request, and that before the history', () => {
    expect(stateOf({ verified: true, pending: true, onceVerified: true, asked: true })).toBe('verified');
    expect(stateOf({ verified: false, pending: true, onceVerified: true, asked: true })).toBe('pending');
    expect(stateOf({ verified: false, pending: false, onceVerified: true, asked: true })).toBe('lapsed');
    expect(stateOf({ verified: false, pending: false, onceVerified: false, asked: true })).toBe('refused');
    expect(stateOf({ verified: false, pending: false, onceVerified: false, asked: false })).toBe('never-asked');
  });
});
