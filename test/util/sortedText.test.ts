// SortedText (issue 13, scale): the joined text of a sorted set kept in chunks equals sorting and joining the set,
// after any sequence of additions and deletions (enough of them to split chunks and empty them again).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedText } from '../../src/core/util/sortedText.ts';

describe('SortedText', () => {
  it('is the sorted, joined set after any additions and deletions', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 700 })), { maxLength: 2000 }), (ops) => {
        const t = new SortedText(', ');
        const set = new Set<string>();
        for (const [add, n] of ops) {
          const x = `m${n}`;
          if (add) {
            t.add(x);
            set.add(x);
          } else {
            t.delete(x);
            set.delete(x);
          }
        }
        expect(t.size).toBe(set.size);
        expect(t.text()).toBe([...set].sort().join(', '));
      }),
      { numRuns: 60 },
    );
  });
});
