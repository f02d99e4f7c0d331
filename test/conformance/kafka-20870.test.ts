// kafka-20870 §4 scenarios 1-6 through the broker, under the variants `current`, `coordinator-only` and
// `A-persist-partial` where the spec lists them. Epochs are relative: setup X reaches its steady state at E (the
// spec's 5), so the spec's 6 is E+1 and 7 is E+2. Setup Y is stipulated by records (epochs 7 and 8 as in the spec).
import { describe, expect, it } from 'vitest';
import { topology as normTopology } from '../../src/core/protocol/normalize.ts';
import { computeMetadataHash } from '../../src/core/topology/metadataHash.ts';
import type { Variant } from '../../src/core/scenario/types.ts';
import { current, groupMetadata, Harness, ids, memberMetadata, NO_DELAYS, recordsOf, seed, shape, targetMember, targetMetadata, topologyY } from './harness.ts';

const PARTIAL_42 = 'If one task-type is non-null, all must be non-null.';
const TA = 'StreamsGroupTargetAssignmentMember';

/** Setup X, scenario 1 steps 1-2: A UNREVOKED at E (pending {0:[2,3]}), B UNRELEASED at E+1. */
function scenario1Step2(variant: Variant) {
  const h = new Harness({ variant });
  const E = h.join('A', 'pA').res.memberEpoch as number;
  h.join('B', 'pB');
  h.beat('A', E);
  return { h, E };
}
const partialActive = (E: number, t: Record<string, number[]>) => ({ memberId: 'A', memberEpoch: E, activeTasks: ids(t), standbyTasks: null, warmupTasks: null });

describe('kafka-20870 §4 scenario 1 — baseline, full reports', () => {
  for (const variant of ['current', 'coordinator-only', 'A-persist-partial'] as Variant[]) {
    it(`steps 1-4 under ${variant}`, () => {
      const h = new Harness({ variant });
      const E = h.join('A', 'pA').res.memberEpoch as number;
      // step 1
      const s1 = h.join('B', 'pB');
      expect(shape(s1.records)).toEqual([
        'StreamsGroupMemberMetadata:B',
        'StreamsGroupMetadata',
        `${TA}:A`,
        `${TA}:B`,
        'StreamsGroupTargetAssignmentMetadata',
        'StreamsGroupCurrentMemberAssignment:B',
      ]);
      expect(s1.records[2]!.value).toMatchObject({ activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
      expect(s1.records[3]!.value).toMatchObject({ activeTasks: [{ subtopologyId: '0', partitions: [2, 3] }] });
      expect(s1.records[5]!.value).toMatchObject({ memberEpoch: E + 1, previousMemberEpoch: 0, state: 3, activeTasks: [] });
      expect(s1.res).toMatchObject({ memberEpoch: E + 1, activeTasks: [], standbyTasks: [], warmupTasks: [], status: [] });
      expect(h.state()).toBe('Reconciling');
      // step 2
      const s2 = h.beat('A', E);
      expect(s2.res).toMatchObject({ memberEpoch: E, activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }], standbyTasks: [], warmupTasks: [] });
      expect(h.view('A')).toMatchObject({ state: 'UNREVOKED_TASKS', memberEpoch: E, previousMemberEpoch: E, pendingActive: { '0': [2, 3] } });
      expect(h.rebalanceDeadline('A')).toBe(h.broker.now + 300000);
      // step 3
      const s3 = h.beat('A', E, { active: { '0': [0, 1] } });
      expect(s3.records.length).toBe(1);
      expect(s3.res).toMatchObject({ memberEpoch: E + 1, activeTasks: null });
      expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: E + 1, previousMemberEpoch: E });
      expect(h.rebalanceDeadline('A')).toBeNull();
      // step 4
      const s4 = h.beat('B', E + 1, {});
      expect(s4.records[0]!.value).toMatchObject({ state: 1, activeTasks: [{ subtopologyId: '0', partitions: [2, 3], assignmentEpochs: [E + 1, E + 1] }] });
      expect(s4.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [2, 3] }]);
      expect(h.state()).toBe('Stable');
    });
  }
});

describe('kafka-20870 §4 scenario 2 — a client reports only the changed role', () => {
  it('current (broker): every partial heartbeat → 42, nothing written; A expires 45 s after step 2; B gets all four at E+2; A then UNKNOWN_MEMBER_ID', () => {
    const { h, E } = scenario1Step2('current');
    const step2At = h.broker.now;
    for (let t = 5000; t < 45000; t += 5000) {
      h.advance(5000);
      const r = h.hb(partialActive(E, { '0': [0, 1] }));
      expect(r.error).toBe('INVALID_REQUEST');
      expect(r.message).toBe(PARTIAL_42);
      expect(r.records).toEqual([]);
      expect(h.beat('B', E + 1).error).toBe('NONE');
    }
    const fired = h.advance(step2At + 45000 - h.broker.now);
    expect(fired.map((f) => f.timer.key)).toContain('session-timeout-g-A');
    expect(shape(recordsOf(fired))).toEqual(['StreamsGroupCurrentMemberAssignment(tombstone):A', `${TA}(tombstone):A`, 'StreamsGroupMemberMetadata(tombstone):A', 'StreamsGroupMetadata']);
    expect(recordsOf(fired)[3]!.value).toMatchObject({ epoch: E + 2 });
    const b = h.beat('B', E + 1);
    expect(b.res).toMatchObject({ memberEpoch: E + 2, activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2, 3] }] });
    expect(h.hb(partialActive(E, { '0': [0, 1] })).error).toBe('INVALID_REQUEST'); // still the service check first
    expect(h.beat('A', E).error).toBe('UNKNOWN_MEMBER_ID');
  });
  it('coordinator-only: responses succeed (epoch E, lists null), no record, session refreshed; A stays UNREVOKED until the rebalance timeout fences it', () => {
    const { h, E } = scenario1Step2('coordinator-only');
    const step2At = h.broker.now;
    for (let t = 5000; t <= 295000; t += 5000) {
      h.advance(5000);
      const r = h.hb(partialActive(E, { '0': [0, 1] }));
      expect(r.error).toBe('NONE');
      expect(r.res).toMatchObject({ memberEpoch: E, activeTasks: null, standbyTasks: null, warmupTasks: null });
      expect(r.records).toEqual([]);
      expect(h.sessionDeadline('A')).toBe(h.broker.now + 45000);
      h.beat('B', E + 1);
    }
    expect(h.view('A').state).toBe('UNREVOKED_TASKS');
    expect(h.view('B').state).toBe('UNRELEASED_TASKS');
    expect(h.state()).toBe('Reconciling');
    const fired = h.advance(step2At + 300000 - h.broker.now);
    expect(fired.map((f) => f.timer.key)).toEqual(['rebalance-timeout-g-A']);
    expect(h.group!.members.has('A')).toBe(false);
    expect(h.beat('B', E + 1).res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0, 1, 2, 3] }]);
  });
  it('A-persist-partial: the active role reported, nothing pending elsewhere → completes like scenario 1 step 3 (one record)', () => {
    const { h, E } = scenario1Step2('A-persist-partial');
    const r = h.hb(partialActive(E, { '0': [0, 1] }));
    expect(r.error).toBe('NONE');
    expect(shape(r.records)).toEqual(['StreamsGroupCurrentMemberAssignment:A']);
    expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: E + 1 });
  });
});

/** Setup Y stipulated by records: steady at 7, then the given target at 8. */
function setupY(variant: Variant) {
  const topics: [string, number][] = [
    ['in0', 2],
    ['in1', 1],
    ['app-0-changelog', 2],
    ['app-1-changelog', 1],
  ];
  const h = new Harness({ variant, topics, config: { ...NO_DELAYS, 'group.streams.num.standby.replicas': 1 } });
  const topo = normTopology(topologyY())!;
  const hash = computeMetadataHash(topo, h.broker.topics);
  seed(h, [
    memberMetadata('g', 'A', 'pA'),
    memberMetadata('g', 'C', 'pC'),
    { type: 'StreamsGroupTopology', key: { groupId: 'g' }, value: { epoch: topo.epoch, subtopologies: topo.subtopologies } },
    groupMetadata('g', 7, hash, 1),
    targetMember('g', 'A', { active: { '0': [0, 1] }, standby: { '1': [0] } }),
    targetMember('g', 'C', { active: { '1': [0] }, standby: { '0': [0, 1] } }),
    targetMetadata('g', 7),
    current('g', 'A', 7, 6, 1, { active: { '0': [0, 1] }, standby: { '1': [0] } }),
    current('g', 'C', 7, 6, 1, { active: { '1': [0] }, standby: { '0': [0, 1] } }),
  ]);
  expect(h.state()).toBe('Stable');
  seed(h, [
    groupMetadata('g', 8, hash, 1),
    targetMember('g', 'A', { active: { '0': [0] }, standby: { '0': [1] } }),
    targetMember('g', 'C', { active: { '0': [1], '1': [0] }, standby: { '0': [0] } }),
    targetMetadata('g', 8),
  ]);
  // step 1: A without lists → UNREVOKED at 7 with the demotion granted at once
  const a = h.beat('A', 7);
  expect(a.res).toMatchObject({ memberEpoch: 7, activeTasks: [{ subtopologyId: '0', partitions: [0] }], standbyTasks: [{ subtopologyId: '0', partitions: [1] }], warmupTasks: [] });
  expect(h.view('A')).toMatchObject({ state: 'UNREVOKED_TASKS', memberEpoch: 7, active: { '0': [0] }, standby: { '0': [1] }, pendingActive: { '0': [1] }, pendingStandby: { '1': [0] } });
  const c = h.beat('C', 7);
  expect(c.res).toMatchObject({ memberEpoch: 8, activeTasks: null });
  expect(h.view('C')).toMatchObject({ state: 'UNRELEASED_TASKS', memberEpoch: 8, active: { '1': [0] } });
  expect(h.view('C').standby['0']).toContain(1); // keeps standby 0_1 for the in-place promotion
  return h;
}
const HB1 = { memberId: 'A', memberEpoch: 7, activeTasks: ids({ '0': [0] }), standbyTasks: null, warmupTasks: null };
const HB2 = { memberId: 'A', memberEpoch: 7, activeTasks: null, standbyTasks: ids({ '0': [1] }), warmupTasks: null };

describe('kafka-20870 §4 scenario 3 — two roles released in two partial reports (setup Y)', () => {
  it('Java reference: one full report completes (STABLE 8, one record); C then gets active 0_1 in place', () => {
    const h = setupY('current');
    const r = h.beat('A', 7, { active: { '0': [0] }, standby: { '0': [1] } });
    expect(r.records.length).toBe(1);
    expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: 8 });
    h.beat('C', 8);
    expect(h.view('C')).toMatchObject({ state: 'STABLE', memberEpoch: 8, active: { '0': [1], '1': [0] }, standby: { '0': [0] } });
  });
  it('current: HB1 and HB2 → 42; A expires after the session timeout', () => {
    const h = setupY('current');
    expect(h.hb(HB1).message).toBe(PARTIAL_42);
    expect(h.hb(HB2).message).toBe(PARTIAL_42);
    h.beat('C', 8);
    h.advance(40000);
    h.beat('C', 8);
    const fired = h.advance(5000);
    expect(fired.map((f) => f.timer.key)).toContain('session-timeout-g-A');
    expect(h.group!.members.has('A')).toBe(false);
  });
  it('coordinator-only: HB1 and HB2 have no effect; A is fenced by the rebalance timer', () => {
    const h = setupY('coordinator-only');
    expect(h.hb(HB1).records).toEqual([]);
    expect(h.hb(HB2).records).toEqual([]);
    expect(h.view('A').state).toBe('UNREVOKED_TASKS');
    const deadline = h.rebalanceDeadline('A')!;
    while (h.broker.now + 5000 < deadline) {
      h.advance(5000);
      expect(h.hb(HB1).records).toEqual([]); // accepted, refreshes the session, changes nothing
      h.beat('C', 8);
    }
    const fired = h.advance(deadline - h.broker.now);
    expect(fired.map((f) => f.timer.key)).toEqual(['rebalance-timeout-g-A']);
    expect(h.group!.members.has('A')).toBe(false);
  });
  it('A-persist-partial: HB1 records the reduced pending (standby {1:[0]}) and frees 0_1 for C; HB2 completes at 8', () => {
    const h = setupY('A-persist-partial');
    const r1 = h.hb(HB1);
    expect(shape(r1.records)).toEqual(['StreamsGroupCurrentMemberAssignment:A']);
    expect(h.view('A')).toMatchObject({ state: 'UNREVOKED_TASKS', memberEpoch: 7, pendingActive: {}, pendingStandby: { '1': [0] } });
    h.beat('C', 8);
    expect(h.view('C').active).toEqual({ '0': [1], '1': [0] });
    const r2 = h.hb(HB2);
    expect(r2.records.length).toBe(1);
    expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: 8 });
  });
});

describe('kafka-20870 §3 option A — the rebalance deadline (issue 11 item 6)', () => {
  it('A-persist-partial: a record that only shrank the pending set keeps the original rebalance deadline', () => {
    const h = setupY('A-persist-partial');
    const deadline = h.rebalanceDeadline('A')!;
    h.advance(30000);
    expect(h.hb(HB1).records.length).toBe(1);
    // "keep the original deadline when only the pending set shrank"
    expect(h.rebalanceDeadline('A')).toBe(deadline);
    while (h.broker.now + 5000 < deadline) {
      h.advance(5000);
      expect(h.hb(HB1).records).toEqual([]); // accepted, refreshes the session, changes nothing
      h.beat('C', 8);
    }
    const fired = h.advance(deadline - h.broker.now);
    expect(fired.map((f) => f.timer.key)).toContain('rebalance-timeout-g-A');
    expect(h.group!.members.has('A')).toBe(false);
  });
  it('A-persist-partial: entering a new revocation at another epoch still schedules a fresh deadline', () => {
    const h = setupY('A-persist-partial');
    h.hb(HB1);
    h.hb(HB2);
    expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: 8 });
    expect(h.rebalanceDeadline('A')).toBeNull();
  });
});

describe('kafka-20870 §4 scenario 4 — failover between HB1 and HB2', () => {
  it('A-persist-partial: HB1 is in the log; the new coordinator replays pending standby {1:[0]} only; HB2 completes', () => {
    const h = setupY('A-persist-partial');
    h.hb(HB1);
    h.failover();
    expect(h.view('A')).toMatchObject({ state: 'UNREVOKED_TASKS', pendingActive: {}, pendingStandby: { '1': [0] } });
    h.hb(HB2);
    expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: 8 });
  });
  it('current: a Java client resends all three lists to the new coordinator and completes; a per-role client gets 42 on both', () => {
    const h = setupY('current');
    expect(h.hb(HB1).error).toBe('INVALID_REQUEST');
    h.failover();
    expect(h.hb(HB2).error).toBe('INVALID_REQUEST');
    h.beat('A', 7, { active: { '0': [0] }, standby: { '0': [1] } });
    expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: 8 });
  });
});

describe('kafka-20870 §4 scenario 5 — lost response, retry with the previous epoch', () => {
  function afterStep3(variant: Variant) {
    const { h, E } = scenario1Step2(variant);
    h.beat('A', E, { active: { '0': [0, 1] } });
    return { h, E };
  }
  for (const variant of ['current', 'coordinator-only', 'A-persist-partial'] as Variant[]) {
    it(`(a) full report at the previous epoch → accepted, no record, epoch E+1, lists null [${variant}]`, () => {
      const { h, E } = afterStep3(variant);
      const r = h.beat('A', E, { active: { '0': [0, 1] } });
      expect(r.error).toBe('NONE');
      expect(r.records).toEqual([]);
      expect(r.res).toMatchObject({ memberEpoch: E + 1, activeTasks: null, standbyTasks: null, warmupTasks: null });
    });
    it(`(b) all three null at the previous epoch → FENCED_MEMBER_EPOCH; the [4.4] rejoin with 0 keeps epoch E+1 and echoes the tasks [${variant}]`, () => {
      const { h, E } = afterStep3(variant);
      expect(h.beat('A', E).error).toBe('FENCED_MEMBER_EPOCH');
      const j = h.join('A', 'pA');
      expect(j.res).toMatchObject({ memberEpoch: E + 1, activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
    });
    it(`(c) partial at the previous epoch → ${variant === 'current' ? '42' : 'FENCED_MEMBER_EPOCH'} [${variant}]`, () => {
      const { h, E } = afterStep3(variant);
      const r = h.hb(partialActive(E, { '0': [0, 1] }));
      expect(r.error).toBe(variant === 'current' ? 'INVALID_REQUEST' : 'FENCED_MEMBER_EPOCH');
    });
  }
});

describe('kafka-20870 §4 scenario 6 — partial report while nothing is pending', () => {
  function reconciled(variant: Variant) {
    const { h, E } = scenario1Step2(variant);
    h.beat('A', E, { active: { '0': [0, 1] } });
    h.beat('B', E + 1, {});
    expect(h.state()).toBe('Stable');
    return { h, E };
  }
  it('current: 42 each time; A fenced 45 s after its last accepted heartbeat; B takes 0_0-0_3 at E+2', () => {
    const { h, E } = reconciled('current');
    const last = h.broker.now;
    for (let i = 0; i < 8; i++) {
      h.advance(5000);
      expect(h.hb(partialActive(E + 1, { '0': [0, 1] })).message).toBe(PARTIAL_42);
      h.beat('B', E + 1);
    }
    const fired = h.advance(last + 45000 - h.broker.now);
    expect(fired.map((f) => f.timer.key)).toContain('session-timeout-g-A');
    expect(h.beat('B', E + 1).res).toMatchObject({ memberEpoch: E + 2, activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2, 3] }] });
  });
  for (const variant of ['coordinator-only', 'A-persist-partial'] as Variant[]) {
    it(`${variant}: harmless — accepted, nothing pending, no record, session refreshed`, () => {
      const { h, E } = reconciled(variant);
      for (let i = 0; i < 12; i++) {
        h.advance(5000);
        const r = h.hb(partialActive(E + 1, { '0': [0, 1] }));
        expect(r.error).toBe('NONE');
        expect(r.records).toEqual([]);
        h.beat('B', E + 1);
      }
      expect(h.group!.members.has('A')).toBe(true);
      expect(h.state()).toBe('Stable');
    });
  }
});
