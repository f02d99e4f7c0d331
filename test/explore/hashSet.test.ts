import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HashSet53 } from '../../src/core/explore/hashSet.ts';

describe('HashSet53', () => {
  it('behaves as a Set of 53-bit values, through growth and with 0', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 }), fc.maxSafeNat()), { maxLength: 400 }), (xs) => {
        const mine = new HashSet53(4);
        const ref = new Set<number>();
        for (const x of xs) {
          expect(mine.add(x)).toBe(!ref.has(x));
          ref.add(x);
          expect(mine.size).toBe(ref.size);
        }
        for (const x of xs) expect(mine.has(x)).toBe(true);
        for (const x of [1, 2 ** 52, 2 ** 53 - 1, 12345]) expect(mine.has(x)).toBe(ref.has(x));
      }),
    );
  });

  it('keeps values that collide in the low bits apart', () => {
    const s = new HashSet53(2);
    const xs = Array.from({ length: 1000 }, (_, i) => i * 4294967296 + 7);
    for (const x of xs) expect(s.add(x)).toBe(true);
    for (const x of xs) expect(s.add(x)).toBe(false);
    expect(s.size).toBe(1000);
    expect(s.has(7 + 1000 * 4294967296)).toBe(false);
  });
});
