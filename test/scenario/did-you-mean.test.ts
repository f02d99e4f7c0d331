// The validator names the known field a misspelled one is closest to (issue 20, missing 8).
import { expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { closestName, editDistance } from '../../src/core/util/closest.ts';

const errorsOf = (doc: unknown) => {
  const r = parseScenario(JSON.stringify(doc));
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
};

it('suggests processId for procesId, memberEpoch for memberEpoc, and nothing for a name far from every field', () => {
  expect(errorsOf({ format: 1, clients: { a: { profile: 'java', procesId: 'p1' } } }).join('\n')).toMatch(/\$\.clients\.a\.procesId: Unknown field "procesId" in .*; did you mean "processId"\?/);
  expect(errorsOf({ format: 1, steps: [{ send: 'StreamsGroupHeartbeat', data: { memberEpoc: 0 } }] }).join('\n')).toMatch(/did you mean "memberEpoch"\?/);
  expect(errorsOf({ format: 1, colour: 'red' }).join('\n')).not.toMatch(/did you mean/);
});

it('measures edits with swaps, and refuses a tie', () => {
  expect(editDistance('procesId', 'processId')).toBe(1);
  expect(editDistance('tiltle', 'title')).toBe(1);
  expect(editDistance('tilte', 'title')).toBe(1);
  expect(closestName('TITLE', ['title', 'notes'])).toBe('title');
  expect(closestName('ab', ['ac', 'ad'])).toBeNull();
});
