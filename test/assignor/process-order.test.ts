// The assignor's one-pass process order (src/core/assignor/process-order.ts) is StickyTaskAssignor's processIdToState
// iteration order, as util/java.ts hashMapOrderByComputeIfAbsent emulates it (checked there against a JVM).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { processOrder, processOrderByPut } from '../../src/core/assignor/process-order.ts';
import { hashMapOrder, hashMapOrderByComputeIfAbsent, stringHashCode } from '../../src/core/util/java.ts';

/** Ids built from "Aa" and "BB" (equal String.hashCode) collide in whole groups: bins fill past the treeify threshold. */
const colliding = fc.array(fc.constantFrom('Aa', 'BB'), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));
const processId = fc.oneof(colliding, fc.string({ maxLength: 6 }), fc.constantFrom('p1', 'p2', 'p3', 'f291e77c-865a-46e2-614d-968bd6a83e77'));

describe('processOrder (StickyTaskAssignor.initialize: computeIfAbsent into new HashMap<>(numMembers))', () => {
  it("orders processes as hashMapOrderByComputeIfAbsent and maps every member to its process's place", () => {
    fc.assert(
      fc.property(fc.array(processId, { maxLength: 200 }), (ids) => {
        const order = processOrder(ids);
        expect(order.processIds).toEqual(hashMapOrderByComputeIfAbsent(ids, stringHashCode, ids.length));
        expect(ids.map((_, m) => order.processIds[order.memberProcess[m]!])).toEqual(ids);
      }),
      { numRuns: 2000 },
    );
  });

  it('a repeat at size 7 > threshold 6 resizes 8 → 16 (the order a JVM 17 printed)', () => {
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
    expect(processOrder(calls).processIds).toEqual(['2a9c50cd-f6bf-6206-d1ab-c91883e51b6f', 'p4', 'p5', 'p6', 'p7', 'f291e77c-865a-46e2-614d-968bd6a83e77', 'a31a4262-6a54-5ea7-5247-b1f1aaabb7b5']);
  });

  it('no members, no processes', () => {
    expect(processOrder([])).toEqual({ processIds: [], memberProcess: new Int32Array(0) });
  });
});

describe('processOrderByPut (4.2.2/4.3.2 StickyTaskAssignor.initialize: putIfAbsent into new HashMap<>(numMembers))', () => {
  it("orders processes as hashMapOrder with the members' count as capacity and maps every member to its process's place", () => {
    fc.assert(
      fc.property(fc.array(processId, { maxLength: 200 }), (ids) => {
        const order = processOrderByPut(ids);
        expect(order.processIds).toEqual(hashMapOrder(ids, stringHashCode, ids.length));
        expect(ids.map((_, m) => order.processIds[order.memberProcess[m]!])).toEqual(ids);
      }),
      { numRuns: 500 },
    );
  });

  it('p0 and p2 share a bucket of a 2-slot table: computeIfAbsent iterates p2 first (newest at the head, no resize yet), putIfAbsent p0 first (resized to 4 after the insert; the orders a JVM 17 printed)', () => {
    expect(processOrder(['p0', 'p2']).processIds).toEqual(['p2', 'p0']);
    expect(processOrderByPut(['p0', 'p2']).processIds).toEqual(['p0', 'p2']);
  });
});
