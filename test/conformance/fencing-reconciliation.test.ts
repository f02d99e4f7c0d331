// kafka-20870 §2.2 (epoch fencing, every row) and §2.3 (reconciliation, every row); ak4 §3.3 member transitions,
// §4.4 step 2 and step 7 (owned-task validation), through the broker.
import { describe, expect, it } from 'vitest';
import { computeMetadataHash } from '../../src/core/topology/metadataHash.ts';
import { current, groupMetadata, Harness, memberMetadata, seed, shape, targetMember, targetMetadata, topologyX, type Tasks } from './harness.ts';
import type { Variant } from '../../src/core/scenario/types.ts';

const FENCED_HIGHER = (r: number, m: number) =>
  `The streams group member has a greater member epoch (${r}) than the one known by the group coordinator (${m}). The member must abandon all its partitions and rejoin.`;
const FENCED_LOWER = (r: number, m: number) =>
  `The streams group member has a smaller member epoch (${r}) than the one known by the group coordinator (${m}). The member must abandon all its partitions and rejoin.`;

/**
 * kafka-20870 §4 setup X then scenario 1 steps 1-3: A at E+1 (previous E), assigned {0:[0,1]}; B UNRELEASED at E+1.
 */
function afterScenario1Step3(variant: Variant = 'current') {
  const h = new Harness({ variant });
  const E = h.join('A', 'pA').res.memberEpoch as number;
  h.join('B', 'pB');
  h.beat('A', E);
  const s3 = h.beat('A', E, { active: { '0': [0, 1] } });
  expect(s3.res.memberEpoch).toBe(E + 1);
  return { h, E };
}

describe('kafka-20870 §2.2 — stale-epoch fencing (throwIfStreamsGroupMemberEpochIsInvalid)', () => {
  it('received 0: [4.4] no check — a rejoin of an existing member keeps its epoch and gets its tasks echoed', () => {
    const { h, E } = afterScenario1Step3();
    const r = h.join('A', 'pA');
    expect(r.error).toBe('NONE');
    expect(r.res.memberEpoch).toBe(E + 1);
    expect(r.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0, 1] }]);
    expect(r.records).toEqual([]); // same metadata, reconciled: nothing to write
  });
  it('received > member epoch → FENCED_MEMBER_EPOCH (110) with the "greater" message', () => {
    const { h, E } = afterScenario1Step3();
    const r = h.beat('A', E + 2);
    expect(r.error).toBe('FENCED_MEMBER_EPOCH');
    expect(r.res.errorCode).toBe(110);
    expect(r.message).toBe(FENCED_HIGHER(E + 2, E + 1));
    expect(r.records).toEqual([]);
  });
  it('received == member epoch → no check (even a report of tasks it does not own)', () => {
    const { h, E } = afterScenario1Step3();
    const r = h.beat('A', E + 1, { active: { '0': [2, 3] } });
    expect(r.error).toBe('NONE');
  });
  it('received < member epoch and ≠ previous epoch → FENCED_MEMBER_EPOCH whatever the lists', () => {
    const { h, E } = afterScenario1Step3();
    const r = h.beat('A', E - 1, { active: { '0': [0, 1] } });
    expect(r.error).toBe('FENCED_MEMBER_EPOCH');
    expect(r.message).toBe(FENCED_LOWER(E - 1, E + 1));
  });
  it('== previous epoch, N N N → FENCED_MEMBER_EPOCH', () => {
    const { h, E } = afterScenario1Step3();
    expect(h.beat('A', E).error).toBe('FENCED_MEMBER_EPOCH');
  });
  it('== previous epoch, any partial (coordinator-only) → FENCED_MEMBER_EPOCH', () => {
    for (const lists of [
      { activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }], standbyTasks: null, warmupTasks: null },
      { activeTasks: null, standbyTasks: [], warmupTasks: [] },
      { activeTasks: [], standbyTasks: [], warmupTasks: null },
    ]) {
      const { h, E } = afterScenario1Step3('coordinator-only');
      const r = h.hb({ memberId: 'A', memberEpoch: E, ...lists });
      expect(r.error).toBe('FENCED_MEMBER_EPOCH');
    }
  });
  it('== previous epoch, V V V ⊆ assigned → accepted; reconciled, so no record; response at the current epoch with null lists', () => {
    const { h, E } = afterScenario1Step3();
    const r = h.beat('A', E, { active: { '0': [0, 1] } });
    expect(r.error).toBe('NONE');
    expect(r.res).toMatchObject({ memberEpoch: E + 1, activeTasks: null, standbyTasks: null, warmupTasks: null });
    expect(r.records).toEqual([]);
  });
  it('== previous epoch, V V V with three empty lists → accepted (an empty list is contained)', () => {
    const { h, E } = afterScenario1Step3();
    expect(h.beat('A', E, {}).error).toBe('NONE');
  });
  it('== previous epoch, V V V reporting a task not assigned (or pending) → FENCED_MEMBER_EPOCH', () => {
    const { h, E } = afterScenario1Step3();
    expect(h.beat('A', E, { active: { '0': [0, 1, 2] } }).error).toBe('FENCED_MEMBER_EPOCH');
  });
  it('== previous epoch, V V V with a subtopology id that has no assigned entry, even with no partitions → FENCED_MEMBER_EPOCH', () => {
    const { h, E } = afterScenario1Step3();
    expect(h.beat('A', E, { active: { '0': [0] }, standby: { '0': [] } }).error).toBe('FENCED_MEMBER_EPOCH');
  });
  it('ak4 §3.3 asymmetry: entering UNREVOKED_TASKS rewrites previous := epoch, so a retry with the older previous epoch is fenced', () => {
    const { h, E } = afterScenario1Step3();
    h.beat('B', E + 1, {}); // B takes 0_2, 0_3
    h.join('C', 'pC');
    h.join('D', 'pD'); // four members, four tasks: A must give up one
    const r = h.beat('A', E + 1);
    expect(h.view('A')).toMatchObject({ state: 'UNREVOKED_TASKS', memberEpoch: E + 1, previousMemberEpoch: E + 1 });
    expect(r.res.memberEpoch).toBe(E + 1);
    const retry = h.beat('A', E, { active: { '0': [0, 1] } });
    expect(retry.error).toBe('FENCED_MEMBER_EPOCH');
  });
  it('a rejected (fenced) heartbeat does not refresh the session (kafka-20870 §5)', () => {
    const { h, E } = afterScenario1Step3();
    h.advance(1000);
    const d = h.sessionDeadline('A');
    h.beat('A', E + 5);
    expect(h.sessionDeadline('A')).toBe(d);
    h.beat('A', E + 1);
    expect(h.sessionDeadline('A')).toBe(h.broker.now + 45000);
  });
  it('ak4 §2.3: UNKNOWN_MEMBER_ID for a non-join heartbeat of an unknown dynamic member; GROUP_ID_NOT_FOUND for a missing group', () => {
    const { h } = afterScenario1Step3();
    const u = h.beat('Z', 3);
    expect(u.error).toBe('UNKNOWN_MEMBER_ID');
    expect(u.res.errorCode).toBe(25);
    expect(u.message).toBe('Member Z is not a member of group g.');
    const g = h.hb({ groupId: 'nope', memberId: 'A', memberEpoch: 3 });
    expect(g.error).toBe('GROUP_ID_NOT_FOUND');
    expect(g.res.errorCode).toBe(69);
    expect(g.message).toBe('Streams group nope not found.');
    const l = h.hb({ groupId: 'nope', memberId: 'A', memberEpoch: -1 });
    expect(l.error).toBe('GROUP_ID_NOT_FOUND');
    expect(l.message).toBe('Group nope not found.');
  });
  it('ak4 §2.3: GROUP_MAX_SIZE_REACHED (81) for a new member only ([4.4]: a known member may rejoin)', () => {
    const h = new Harness({ config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0, 'group.streams.max.size': 1 } });
    expect(h.join('A', 'pA').error).toBe('NONE');
    const b = h.join('B', 'pB');
    expect(b.error).toBe('GROUP_MAX_SIZE_REACHED');
    expect(b.res.errorCode).toBe(81);
    expect(h.join('A', 'pA').error).toBe('NONE');
  });
});

describe('kafka-20870 §2.3 — reconciliation (maybeReconcile → CurrentAssignmentBuilder), ak4 §3.3', () => {
  it('reconciled to the target epoch: lists ignored, no record (report absent or present)', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    expect(h.beat('A', E).records).toEqual([]);
    expect(h.beat('A', E, { active: { '0': [0] } }).records).toEqual([]);
    expect(h.view('A')).toMatchObject({ state: 'STABLE', active: { '0': [0, 1, 2, 3] } });
  });
  it('STABLE, epoch < T, revocations, report absent → UNREVOKED_TASKS (epoch unchanged, previous := epoch), one record, rebalance timer', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    const r = h.beat('A', E);
    expect(shape(r.records)).toEqual(['StreamsGroupCurrentMemberAssignment:A']);
    expect(r.records[0]!.value).toEqual({
      memberEpoch: E,
      previousMemberEpoch: E,
      state: 2,
      activeTasks: [{ subtopologyId: '0', partitions: [0, 1], assignmentEpochs: [E, E] }],
      standbyTasks: [],
      warmupTasks: [],
      // [4.4] pending revocation keeps the tasks' assignment epochs (Kafka 4.4's record, seen by sgp oracle)
      activeTasksPendingRevocation: [{ subtopologyId: '0', partitions: [2, 3], assignmentEpochs: [E, E] }],
      standbyTasksPendingRevocation: [],
      warmupTasksPendingRevocation: [],
    });
    expect(h.rebalanceDeadline('A')).toBe(h.broker.now + 300000);
  });
  it('STABLE, epoch < T, revocations, report present and disjoint from pending → skips UNREVOKED: STABLE at T', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    const r = h.beat('A', E, { active: { '0': [0, 1] } });
    expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: E + 1, previousMemberEpoch: E, active: { '0': [0, 1] }, pendingActive: {} });
    expect(r.records.length).toBe(1);
    expect(h.rebalanceDeadline('A')).toBeNull();
  });
  it('STABLE, epoch < T, report present but intersecting pending → as absent (UNREVOKED_TASKS)', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.beat('A', E, { active: { '0': [0, 1, 2, 3] } });
    expect(h.view('A')).toMatchObject({ state: 'UNREVOKED_TASKS', memberEpoch: E, pendingActive: { '0': [2, 3] } });
  });
  it('STABLE, epoch < T, no revocations, tasks held elsewhere → UNRELEASED_TASKS at T (B on join)', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    const b = h.join('B', 'pB');
    expect(b.res).toMatchObject({ memberEpoch: E + 1, activeTasks: [], standbyTasks: [], warmupTasks: [], status: [] });
    expect(h.view('B')).toMatchObject({ state: 'UNRELEASED_TASKS', memberEpoch: E + 1, previousMemberEpoch: 0, active: {} });
  });
  it('STABLE, epoch < T, no revocations, all free → STABLE at T with the new tasks', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.beat('A', E, { active: { '0': [0, 1] } });
    h.beat('B', E + 1, {});
    h.hb({ memberId: 'B', memberEpoch: -1 }); // B leaves: the fence bumps to E+2; A's next heartbeat computes E+2
    const r = h.beat('A', E + 1);
    expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: E + 2, active: { '0': [0, 1, 2, 3] } });
    expect(r.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0, 1, 2, 3] }]);
  });
  it('UNREVOKED_TASKS, report absent → unchanged, no record, rebalance timer keeps its deadline', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.beat('A', E);
    const d = h.rebalanceDeadline('A');
    h.advance(5000);
    const r = h.beat('A', E);
    expect(r.records).toEqual([]);
    expect(r.res).toMatchObject({ memberEpoch: E, activeTasks: null });
    expect(h.rebalanceDeadline('A')).toBe(d);
  });
  it('UNREVOKED_TASKS, report intersecting pending → unchanged, no record', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.beat('A', E);
    expect(h.beat('A', E, { active: { '0': [0, 1, 3] } }).records).toEqual([]);
    expect(h.view('A').state).toBe('UNREVOKED_TASKS');
  });
  it('UNREVOKED_TASKS, report disjoint → next epoch (record), rebalance timer cancelled; then UNRELEASED B progresses without a report', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.beat('A', E);
    const r = h.beat('A', E, { active: { '0': [0, 1] } });
    expect(r.records.length).toBe(1);
    expect(h.rebalanceDeadline('A')).toBeNull();
    expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: E + 1, previousMemberEpoch: E });
    const b = h.beat('B', E + 1); // report absent: UNRELEASED needs no report
    expect(h.view('B')).toMatchObject({ state: 'STABLE', memberEpoch: E + 1, active: { '0': [2, 3] } });
    expect(b.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [2, 3] }]);
    expect(h.state()).toBe('Stable');
  });
  it('coordinator-only: a partial disjoint report in UNREVOKED_TASKS behaves like N N N (no record)', () => {
    const h = new Harness({ variant: 'coordinator-only' });
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    h.beat('A', E);
    const r = h.hb({ memberId: 'A', memberEpoch: E, activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }], standbyTasks: null, warmupTasks: null });
    expect(r.error).toBe('NONE');
    expect(r.records).toEqual([]);
    expect(h.view('A').state).toBe('UNREVOKED_TASKS');
  });

  describe('UNKNOWN member state (persisted value 127)', () => {
    function unknownMember() {
      const h = new Harness();
      const E = h.join('A', 'pA').res.memberEpoch as number;
      seed(h, [current('g', 'A', E, E, 42, { active: { '0': [0, 1, 2, 3] } })]);
      expect(h.member('A').state).toBe('UNKNOWN');
      // a target epoch ahead of the member, so it is not reconciled
      seed(h, [groupMetadata('g', E + 1, h.group!.metadataHash, 0), targetMetadata('g', E + 1)]);
      return { h, E };
    }
    it('report absent → FENCED_MEMBER_EPOCH', () => {
      const { h, E } = unknownMember();
      const r = h.beat('A', E);
      expect(r.error).toBe('FENCED_MEMBER_EPOCH');
      expect(r.message).toBe('The streams group member is in a unknown state. The member must abandon all its tasks and rejoin.');
    });
    it('report present and non-empty → FENCED_MEMBER_EPOCH', () => {
      const { h, E } = unknownMember();
      expect(h.beat('A', E, { active: { '0': [0] } }).error).toBe('FENCED_MEMBER_EPOCH');
    });
    it('report present and all three empty → reconciled at T (record)', () => {
      const { h, E } = unknownMember();
      const r = h.beat('A', E, {});
      expect(r.error).toBe('NONE');
      expect(r.res.memberEpoch).toBe(E + 1);
      expect(h.view('A')).toMatchObject({ state: 'STABLE', memberEpoch: E + 1 });
      expect(shape(r.records)).toEqual(['StreamsGroupCurrentMemberAssignment:A']);
    });
  });
});

describe('ak4 §4.4 step 7 / §2.3 — owned-task validation against a ready configured topology', () => {
  it('a subtopology not in the topology → INVALID_REQUEST "Subtopology 7 does not exist in the topology."', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    const r = h.beat('A', E, { active: { '7': [0] } });
    expect(r.error).toBe('INVALID_REQUEST');
    expect(r.message).toBe('Subtopology 7 does not exist in the topology.');
    expect(r.records).toEqual([]);
  });
  it('a partition outside [0, numberOfTasks) → INVALID_REQUEST "Task 4 for subtopology 0 is invalid. Number of tasks for this subtopology: 4", even when reconciled', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    const r = h.beat('A', E, { standby: { '0': [4] } });
    expect(r.error).toBe('INVALID_REQUEST');
    expect(r.message).toBe('Task 4 for subtopology 0 is invalid. Number of tasks for this subtopology: 4');
    expect(h.beat('A', E, { active: { '0': [-1] } }).message).toBe('Task -1 for subtopology 0 is invalid. Number of tasks for this subtopology: 4');
  });
  it('not checked when the topology is not ready (missing source topic)', () => {
    const h = new Harness({ topics: [] });
    const E = h.join('A', 'pA').res.memberEpoch as number;
    const r = h.beat('A', E, { active: { '7': [99] } });
    expect(r.error).toBe('NONE');
  });
  it('duplicate subtopology ids inside one owned-task list of a member still reconciling → UNKNOWN_SERVER_ERROR (-1), message null, nothing written', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    // B's join moves the target on: A is no longer reconciled to it
    expect(h.join('B', 'pB').error).toBe('NONE');
    const before = h.logSize();
    const r = h.hb({
      memberId: 'A',
      memberEpoch: E,
      activeTasks: [
        { subtopologyId: '0', partitions: [0] },
        { subtopologyId: '0', partitions: [1] },
      ],
      standbyTasks: [],
      warmupTasks: [],
    });
    expect(r.error).toBe('UNKNOWN_SERVER_ERROR');
    expect(r.res.errorCode).toBe(-1);
    expect(r.message).toBeNull();
    expect(h.logSize()).toBe(before);
  });
  it('a member reconciled to the target epoch never converts its owned-task lists (GroupMetadataManager.maybeReconcile returns first): duplicates pass', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    const before = h.logSize();
    const r = h.hb({
      memberId: 'A',
      memberEpoch: E,
      activeTasks: [
        { subtopologyId: '0', partitions: [0] },
        { subtopologyId: '0', partitions: [1] },
      ],
      standbyTasks: [],
      warmupTasks: [],
    });
    expect(r.error).toBe('NONE');
    expect(r.res.memberEpoch).toBe(E);
    expect(h.logSize()).toBe(before);
  });
  it('duplicate client-tag keys → UNKNOWN_SERVER_ERROR', () => {
    const h = new Harness();
    const r = h.join('A', 'pA', topologyX(), {
      clientTags: [
        { key: 'k', value: '1' },
        { key: 'k', value: '2' },
      ],
    });
    expect(r.error).toBe('UNKNOWN_SERVER_ERROR');
    expect(h.logSize()).toBe(0);
  });
});

// exported for the kafka-20870 scenarios
export { afterScenario1Step3 };
export const hashX = (h: Harness) => computeMetadataHash(h.group!.topology!, h.broker.topics);
export type { Tasks };
void memberMetadata;
void targetMember;
