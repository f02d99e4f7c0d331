import { describe, expect, it } from 'vitest';
import { MemoizedAssignor } from '../../src/core/assignor/memo.ts';
import { StickyTaskAssignor } from '../../src/core/assignor/sticky.ts';
import type { GroupAssignment, GroupSpec, TaskAssignor, TopologyDescriber } from '../../src/core/assignor/types.ts';
import { group, plain, topology, type MemberInit } from './helpers.ts';

/** Counts the calls that reach the real assignor. */
class Counting implements TaskAssignor {
  readonly name = 'counting';
  calls = 0;
  private readonly inner = new StickyTaskAssignor({ flavour: '4.4' });

  assign(spec: GroupSpec, topo: TopologyDescriber): GroupAssignment {
    this.calls++;
    return this.inner.assign(spec, topo);
  }
}

const members: Record<string, MemberInit> = {
  m1: { process: 'p1', active: { '0': [0, 1, 2] }, tags: { zone: 'a' } },
  m2: { process: 'p2', standby: { '0': [0] }, offsets: { '0': { 0: 10 } } },
  m3: { process: 'p3' },
};

describe('MemoizedAssignor', () => {
  it('answers equal inputs from the memo with the very same assignment', () => {
    const inner = new Counting();
    const memo = new MemoizedAssignor(inner);
    const first = memo.assign(group(members, { 'num.standby.replicas': '1' }), topology({ '0': 4 }));
    const again = memo.assign(group(members, { 'num.standby.replicas': '1' }), topology({ '0': 4 }));
    expect(again).toBe(first);
    expect(inner.calls).toBe(1);
    expect(plain(first)).toEqual(plain(new StickyTaskAssignor({ flavour: '4.4' }).assign(group(members, { 'num.standby.replicas': '1' }), topology({ '0': 4 }))));
  });

  it('recomputes when any input the assignor reads differs', () => {
    const inner = new Counting();
    const memo = new MemoizedAssignor(inner);
    const base = (): GroupSpec => group(members, { 'num.standby.replicas': '1' });
    memo.assign(base(), topology({ '0': 4 }));
    const variants: [GroupSpec, TopologyDescriber][] = [
      [group(members, { 'num.standby.replicas': '0' }), topology({ '0': 4 })],
      [base(), topology({ '0': 5 })],
      [base(), topology({ '0': 4 }, [])],
      [group({ ...members, m3: { process: 'p1' } }, { 'num.standby.replicas': '1' }), topology({ '0': 4 })],
      [group({ ...members, m1: { ...members.m1!, tags: { zone: 'b' } } }, { 'num.standby.replicas': '1' }), topology({ '0': 4 })],
      [group({ ...members, m2: { ...members.m2!, offsets: { '0': { 0: 11 } } } }, { 'num.standby.replicas': '1' }), topology({ '0': 4 })],
      [group({ ...members, m1: { ...members.m1!, active: { '0': [0, 1] } } }, { 'num.standby.replicas': '1' }), topology({ '0': 4 })],
      // the member order is the coordinator's HashMap order, which the assignor follows: part of the key
      [group(Object.entries(members).reverse(), { 'num.standby.replicas': '1' }), topology({ '0': 4 })],
      // so is the order inside a task set
      [group({ ...members, m1: { ...members.m1!, active: { '0': [2, 1, 0] } } }, { 'num.standby.replicas': '1' }), topology({ '0': 4 })],
    ];
    for (const [spec, topo] of variants) memo.assign(spec, topo);
    expect(inner.calls).toBe(1 + variants.length);
  });

  it('an id cannot imitate the separators of another key', () => {
    const inner = new Counting();
    const memo = new MemoizedAssignor(inner);
    memo.assign(group({ 'a|1#b': { process: 'p' } }), topology({ '0': 1 }));
    memo.assign(group({ a: { process: '1#b|p' } }), topology({ '0': 1 }));
    expect(inner.calls).toBe(2);
  });

  it('a throwing assignor is asked again', () => {
    let calls = 0;
    const memo = new MemoizedAssignor({
      name: 'failing',
      assign: () => {
        calls++;
        throw new Error('boom');
      },
    });
    expect(() => memo.assign(group(members), topology({ '0': 1 }))).toThrow('boom');
    expect(() => memo.assign(group(members), topology({ '0': 1 }))).toThrow('boom');
    expect(calls).toBe(2);
  });
});
