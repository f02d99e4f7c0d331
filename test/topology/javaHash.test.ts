import { describe, expect, it } from 'vitest';
import { javaHashMapCapacity, javaHashOrder, javaSortedMapString, javaStringHashCode } from '../../src/core/topology/javaHash.ts';

describe('Java HashMap order emulation', () => {
  it('String.hashCode matches Java', () => {
    expect(javaStringHashCode('')).toBe(0);
    expect(javaStringHashCode('hello')).toBe(99162322);
    expect(javaStringHashCode('Aa')).toBe(javaStringHashCode('BB'));
    expect(javaStringHashCode('polygenelubricants')).toBe(-2147483648);
  });
  it('orders by bucket, then insertion within a bucket', () => {
    expect(javaHashOrder(['1', '0', '2'])).toEqual(['0', '1', '2']);
    expect(javaHashOrder(['BB', 'Aa'])).toEqual(['BB', 'Aa']);
    expect(javaHashOrder(['b', 'a', 'b'])).toEqual(['a', 'b']);
    expect(javaHashOrder(['a', 'b', 'c'], new Set(['b']))).toEqual(['a', 'c']);
  });
  it('grows the table like HashMap (threshold 0.75)', () => {
    expect(javaHashMapCapacity(12)).toBe(16);
    expect(javaHashMapCapacity(13)).toBe(32);
    // "0".."12": the 13th key resizes to 32 buckets; "10".."12" hash to 1567..1569 → buckets 31, 0, 1.
    const keys = Array.from({ length: 13 }, (_, i) => String(i));
    expect(javaHashOrder(keys).slice(0, 3)).toEqual(['11', '12', '0']);
  });
  it('TreeMap.toString form', () => {
    expect(
      javaSortedMapString(
        new Map([
          ['b', 3],
          ['a', 2],
        ]),
      ),
    ).toBe('{a=2, b=3}');
  });
});
