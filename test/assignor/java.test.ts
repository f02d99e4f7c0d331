import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cachedStringHashCode, hashMapCapacity, hashMapOrder, hashMapOrderByComputeIfAbsent, PriorityQueue, spreadHash, stringHashCode, tableSizeFor } from '../../src/core/util/java.ts';

describe('stringHashCode (Java String.hashCode)', () => {
  it('matches hand-computed values', () => {
    expect(stringHashCode('')).toBe(0);
    expect(stringHashCode('p1')).toBe(3521); // 112·31 + 49
    expect(stringHashCode('p2')).toBe(3522);
    expect(stringHashCode('A1')).toBe(2064); // 65·31 + 49
    expect(stringHashCode('hello')).toBe(99162322);
    expect(stringHashCode('Aa')).toBe(stringHashCode('BB')); // the classic collision, 2112
    expect(stringHashCode('Aa')).toBe(2112);
  });

  it('wraps at 32 bits', () => {
    expect(stringHashCode('polygenelubricants')).toBe(-2147483648); // Integer.MIN_VALUE
    expect(stringHashCode('abcdefghijklmnop')).toBe(stringHashCode('abcdefghijklmnop') | 0);
  });

  it('spreads the high half into the low half', () => {
    expect(spreadHash(0x12345678)).toBe(0x12345678 ^ 0x1234);
    expect(spreadHash(-1)).toBe(-1 ^ 0xffff);
  });
});

describe('cachedStringHashCode (String.hashCode, kept per string as a Java String keeps its hash)', () => {
  it('gives stringHashCode of any string, on the first call and on later ones', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 20 }), (ss) => {
        for (const s of [...ss, ...ss]) expect(cachedStringHashCode(s)).toBe(stringHashCode(s));
      }),
      { numRuns: 500 },
    );
  });

  it('still answers right once more strings than it keeps (65,536) have passed through it', () => {
    const early = ['Aa', 'BB', 'polygenelubricants', 'f291e77c-865a-46e2-614d-968bd6a83e77'];
    for (const s of early) cachedStringHashCode(s);
    for (let i = 0; i < 70_000; i++) cachedStringHashCode(`process-${i}`);
    expect(early.map(cachedStringHashCode)).toEqual([2112, 2112, -2147483648, stringHashCode('f291e77c-865a-46e2-614d-968bd6a83e77')]);
    expect(cachedStringHashCode('process-69999')).toBe(stringHashCode('process-69999'));
  });
});

describe('tableSizeFor (new HashMap<>(n))', () => {
  it('rounds up to a power of two', () => {
    expect([0, 1, 2, 3, 4, 5, 16, 17, 1000].map(tableSizeFor)).toEqual([1, 1, 2, 4, 4, 8, 16, 32, 1024]);
  });
});

describe('hashMapOrder (java.util.HashMap iteration)', () => {
  const h = stringHashCode;

  it('orders by bucket, then insertion order', () => {
    // "p2" → bucket 2, "p1" → bucket 1 of a 4-slot table (new HashMap<>(3))
    expect(hashMapOrder(['p2', 'p1'], h, 3)).toEqual(['p1', 'p2']);
    // 'q' (113) and 'a' (97) share bucket 1 of 16; 'b' (98) is bucket 2
    expect(hashMapOrder(['b', 'q', 'a'], h)).toEqual(['q', 'a', 'b']);
  });

  it('ignores re-puts of an existing key', () => {
    expect(hashMapOrder(['q', 'a', 'q'], h)).toEqual(['q', 'a']);
  });

  it('keeps relative order when a resize splits a bucket into lo and hi lists', () => {
    // q(113), Q(81), a(97), A(65) all sit in bucket 1 of 16; at 32 slots a, A stay in 1 and q, Q move to 17.
    const filler = ['c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
    const keys = ['q', 'Q', 'a', 'A', ...filler]; // 13 keys > 12 → table doubles to 32
    expect(hashMapCapacity(keys, h)).toBe(32);
    const order = hashMapOrder(keys, h);
    expect(order.filter((k) => 'qQaA'.includes(k))).toEqual(['a', 'A', 'q', 'Q']);
    // 12 keys stay at 16 slots: bucket 1 keeps insertion order q, Q, a, A
    expect(hashMapCapacity(keys.slice(0, 12), h)).toBe(16);
    expect(hashMapOrder(keys.slice(0, 12), h).slice(0, 4)).toEqual(['q', 'Q', 'a', 'A']);
  });

  it('resizes small tables when a ninth key lands in one bucket (treeifyBin below 64 slots)', () => {
    // nine single-char keys ≡ 1 (mod 16); the 9th put resizes 16 → 32, splitting them by bit 4
    const keys = ['!', '1', 'A', 'Q', 'a', 'q', '\u0081', '\u0091', '\u00a1'];
    expect(hashMapCapacity(keys, h)).toBe(32);
    expect(hashMapOrder(keys, h)).toEqual(['!', 'A', 'a', '\u0081', '\u00a1', '1', 'Q', 'q', '\u0091']);
    expect(hashMapOrder(keys.slice(0, 8), h)).toEqual(keys.slice(0, 8));
  });

  it('grows from a small initial capacity like HashMap(int)', () => {
    // capacity 1: thresholds 0, 1, 3 → after 3 keys the table has 4 slots
    expect(hashMapCapacity(['a', 'b', 'c'], h, 1)).toBe(4);
    expect(hashMapCapacity(['a', 'b', 'c', 'd'], h, 1)).toBe(8);
    // worked example members: "A1" 2064 → bucket 0, "A2" 2065 → 1, "B1" 2095 → 15
    expect(hashMapOrder(['B1', 'A2', 'A1'], h)).toEqual(['A1', 'A2', 'B1']);
  });
});

describe('PriorityQueue (java.util.PriorityQueue)', () => {
  type E = { id: string; k: number };
  const byK = (a: E, b: E) => a.k - b.k;
  const drain = (q: PriorityQueue<E>) => {
    const out: string[] = [];
    for (let e = q.poll(); e; e = q.poll()) out.push(e.id);
    return out;
  };

  it('polls equal elements in Java heap order, not FIFO', () => {
    const q = new PriorityQueue<E>(byK);
    q.addAll(['x1', 'x2', 'x3', 'x4'].map((id) => ({ id, k: 0 })));
    // poll x1 moves x4 to the root and siftDown stops at once (compare <= 0)
    expect(drain(q)).toEqual(['x1', 'x4', 'x3', 'x2']);
  });

  it('siftUp stops on equal parent', () => {
    const q = new PriorityQueue<E>(byK);
    q.offer({ id: 'a', k: 1 });
    q.offer({ id: 'b', k: 1 });
    q.offer({ id: 'c', k: 0 });
    expect(q.toArray().map((e) => e.id)).toEqual(['c', 'b', 'a']);
    expect(drain(q)).toEqual(['c', 'a', 'b']);
  });

  it('siftDown prefers the left child on ties', () => {
    const q = new PriorityQueue<E>(byK);
    for (const [id, k] of [
      ['r', 0],
      ['l1', 1],
      ['l2', 1],
      ['z', 2],
    ] as const)
      q.offer({ id, k });
    expect(q.poll()!.id).toBe('r');
    // z goes to the root, children l1, l2 tie → left (l1) moves up
    expect(q.toArray().map((e) => e.id)).toEqual(['l1', 'z', 'l2']);
    expect(q.size).toBe(3);
    expect(q.isEmpty()).toBe(false);
  });

  it('sorts like a heap sort for distinct keys', () => {
    const q = new PriorityQueue<number>((a, b) => a - b);
    q.addAll([5, 3, 9, 1, 7, 2, 8]);
    const out: number[] = [];
    while (!q.isEmpty()) out.push(q.poll()!);
    expect(out).toEqual([1, 2, 3, 5, 7, 8, 9]);
    expect(q.poll()).toBeUndefined();
  });
});

describe('hashMapOrder on large and sparse tables', () => {
  it('agrees between the counting sort and the comparison sort', () => {
    const keys = [...Array(3000).keys()].map((i) => `process-${i * 7919}`);
    const dense = hashMapOrder(keys, stringHashCode, 4096);
    const sparse = hashMapOrder(keys, stringHashCode, 1 << 16);
    const bucket = (k: string, n: number) => spreadHash(stringHashCode(k)) & (n - 1);
    for (let i = 1; i < dense.length; i++) expect(bucket(dense[i - 1]!, 4096)).toBeLessThanOrEqual(bucket(dense[i]!, 4096));
    for (let i = 1; i < sparse.length; i++) expect(bucket(sparse[i - 1]!, 1 << 16)).toBeLessThanOrEqual(bucket(sparse[i]!, 1 << 16));
    expect(new Set(dense).size).toBe(3000);
    // same bucket → insertion order
    for (let i = 1; i < dense.length; i++) {
      if (bucket(dense[i - 1]!, 4096) === bucket(dense[i]!, 4096)) expect(keys.indexOf(dense[i - 1]!)).toBeLessThan(keys.indexOf(dense[i]!));
    }
  });
});

describe('hashMapOrderByComputeIfAbsent (StickyTaskAssignor process map)', () => {
  it('one call per member, repeats included: the repeat at size 7 > threshold 6 resizes 8 → 16 (order printed by a JVM 17)', () => {
    const calls = [
      'p7',
      'f291e77c-865a-46e2-614d-968bd6a83e77',
      'p6',
      '2a9c50cd-f6bf-6206-d1ab-c91883e51b6f',
      'p4',
      'p5',
      'a31a4262-6a54-5ea7-5247-b1f1aaabb7b5',
      'a31a4262-6a54-5ea7-5247-b1f1aaabb7b5',
    ];
    expect(hashMapOrderByComputeIfAbsent(calls, stringHashCode, 8)).toEqual([
      '2a9c50cd-f6bf-6206-d1ab-c91883e51b6f',
      'p4',
      'p5',
      'p6',
      'p7',
      'f291e77c-865a-46e2-614d-968bd6a83e77',
      'a31a4262-6a54-5ea7-5247-b1f1aaabb7b5',
    ]);
    // without the repeat the table stays at 8 slots (f291… in bucket 1, a31a… in bucket 4)
    expect(hashMapOrderByComputeIfAbsent(calls.slice(0, 7), stringHashCode, 8)).toEqual([
      'f291e77c-865a-46e2-614d-968bd6a83e77',
      '2a9c50cd-f6bf-6206-d1ab-c91883e51b6f',
      'a31a4262-6a54-5ea7-5247-b1f1aaabb7b5',
      'p4',
      'p5',
      'p6',
      'p7',
    ]);
  });

  it('a new key goes to the head of its bucket: same-bucket keys iterate newest first', () => {
    // "Aa" and "BB" have the same String.hashCode
    expect(hashMapOrderByComputeIfAbsent(['Aa', 'BB'], stringHashCode, 16)).toEqual(['BB', 'Aa']);
    expect(hashMapOrder(['Aa', 'BB'], stringHashCode, 16)).toEqual(['Aa', 'BB']);
  });
});
