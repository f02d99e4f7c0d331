// ak4 §4.6 step 1 as Kafka 4.4.0 ships it: TargetAssignmentBuilder.createMemberMetadataAndState gives the assignor
// each member's *assigned* tasks (StreamsGroupMember.assignedTasks, the current assignment), not its current target.
// The KIP-1071 draft (kip1071-draft §7.1 createAssignmentMemberSpec) passes the target. Checked against the real
// broker by `sgp oracle` (oracle/found/random-1.json, the scenario the first test replays).
import { describe, expect, it } from 'vitest';
import { StickyTaskAssignor } from '../../src/core/assignor/sticky.ts';
import type { GroupAssignment, GroupSpec, TaskAssignor, TopologyDescriber } from '../../src/core/assignor/types.ts';
import { buildTargetAssignment } from '../../src/core/coordinator/targetAssignment.ts';
import { toObject } from '../../src/core/model/tasks.ts';
import { Harness, NO_DELAYS, recordsOf } from './harness.ts';

/** One stateless subtopology "0" reading `in0` (6 partitions). */
const STATELESS = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] };

function targetsOf(h: Harness): Record<string, Record<string, number[]>> {
  const out: Record<string, Record<string, number[]>> = {};
  for (const [id, t] of [...h.group!.targetAssignment].sort(([a], [b]) => a.localeCompare(b))) out[id] = toObject(t.active);
  return out;
}

/** An assignor that remembers the previous active tasks it was given per member, then defers to the sticky one. */
class RecordingAssignor implements TaskAssignor {
  readonly name = 'recording';
  seen: Record<string, Record<string, number[]>> = {};
  private readonly sticky = new StickyTaskAssignor({ flavour: '4.4' });
  assign(spec: GroupSpec, topology: TopologyDescriber): GroupAssignment {
    this.seen = Object.fromEntries([...spec.members].map(([id, m]) => [id, toObject(m.activeTasks)]));
    return this.sticky.assign(spec, topology);
  }
}

describe('ak4 §4.6 [4.4] TargetAssignmentBuilder.createMemberMetadataAndState: the assignor reads assigned tasks', () => {
  it('a and d share process p0, b joins before a revoked anything: Kafka 4.4.0 splits a {0,1} · b {2,4} · d {3,5}', () => {
    const h = new Harness({ topics: [['in0', 6]], config: NO_DELAYS });
    h.join('a', 'p0', STATELESS);
    h.join('d', 'p0', STATELESS);
    // a still holds 0–5 (it has not heartbeated since d joined), d holds nothing; the targets were a {0,1,2} · d {3,4,5}
    expect(targetsOf(h)).toEqual({ a: { '0': [0, 1, 2] }, d: { '0': [3, 4, 5] } });
    h.join('b', 'p1', STATELESS);
    // previous tasks = assigned (a 0–5, d none) → d gets 3 and 5; from the targets it would have been b {2,5} · d {3,4}
    expect(targetsOf(h)).toEqual({ a: { '0': [0, 1] }, b: { '0': [2, 4] }, d: { '0': [3, 5] } });
  });

  it("the member specs carry each member's assigned tasks with 'assigned' and its target with 'target' (the draft's rule)", () => {
    const h = new Harness({ topics: [['in0', 6]], config: NO_DELAYS });
    h.join('a', 'p0', STATELESS);
    h.join('d', 'p0', STATELESS);
    const group = h.group!;
    const input = {
      group,
      groupEpoch: group.groupEpoch + 1,
      updatedMember: null,
      replacedMemberId: null,
      configuredTopology: group.configuredTopology,
      assignmentConfigs: new Map([['num.standby.replicas', '0']]),
      timestamp: 0,
    };
    const recorder = new RecordingAssignor();
    buildTargetAssignment({ ...input, assignor: recorder, previousTasks: 'assigned' });
    expect(recorder.seen).toEqual({ a: { '0': [0, 1, 2, 3, 4, 5] }, d: {} });
    buildTargetAssignment({ ...input, assignor: recorder, previousTasks: 'target' });
    expect(recorder.seen).toEqual({ a: { '0': [0, 1, 2] }, d: { '0': [3, 4, 5] } });
  });
});

describe('ak4 §4.6 member order: StreamsGroup.members (TimelineHashMap) order, then the TargetAssignmentBuilder HashMap', () => {
  const recordOrder = (records: readonly { type: string; key: Record<string, unknown> }[]) => records.filter((r) => r.type === 'StreamsGroupTargetAssignmentMember').map((r) => r.key.memberId);
  const withDelay = { 'group.streams.initial.rebalance.delay.ms': 3000, 'group.streams.assignment.interval.ms': 0 };

  it('member ids with equal hash codes (BB, Aa) iterate newest first, as Kafka 4.4.0 writes their target records', () => {
    for (const [first, second] of [
      ['BB', 'Aa'],
      ['Aa', 'BB'],
    ] as const) {
      const h = new Harness({ topics: [['in0', 6]], config: withDelay });
      h.join(first, 'p0', STATELESS);
      h.join(second, 'p0', STATELESS);
      h.join('c', 'p1', STATELESS);
      // the initial-delay timer computes the first target with all three members
      const fired = recordsOf(h.advance(6000));
      expect(recordOrder(fired)).toEqual([second, first, 'c']);
    }
  });

  it('ids in one HashMap bucket but in different table slots (m1 slot 2, m19 slot 1 of 4) follow the table: m19 before m1 whichever joined first', () => {
    for (const [first, second] of [
      ['m1', 'm19'],
      ['m19', 'm1'],
    ] as const) {
      const h = new Harness({ topics: [['in0', 6]], config: withDelay });
      h.join(first, 'p0', STATELESS);
      h.join(second, 'p0', STATELESS);
      h.join('c', 'p1', STATELESS);
      expect(h.group!.membersCapacity).toBe(4);
      expect(recordOrder(recordsOf(h.advance(6000)))).toEqual(['c', 'm19', 'm1']);
    }
  });
});

/** An assignor that remembers the task offsets it was given per member, then defers to the sticky one. */
class OffsetsRecordingAssignor implements TaskAssignor {
  readonly name = 'offsets-recording';
  seen: Record<string, Record<string, Record<number, number>>> = {};
  private readonly sticky = new StickyTaskAssignor({ flavour: '4.4' });
  assign(spec: GroupSpec, topology: TopologyDescriber): GroupAssignment {
    this.seen = Object.fromEntries([...spec.members].map(([id, m]) => [id, Object.fromEntries([...m.taskOffsets].map(([s, ps]) => [s, Object.fromEntries(ps)]))]));
    return this.sticky.assign(spec, topology);
  }
}

describe('[4.4] task offsets reported in a heartbeat reach the assignor of that same heartbeat', () => {
  const STANDBY = { ...NO_DELAYS, 'group.streams.num.standby.replicas': 1 };
  const offsets = [
    { subtopologyId: '0', partition: 3, offset: 100 },
    { subtopologyId: '0', partition: 2, offset: 100 },
  ];

  it('GroupMetadataManager.streamsGroupHeartbeat stores them (StreamsGroup.updateTaskOffsets) before it computes the target', () => {
    const h = new Harness({ config: STANDBY });
    h.join('A', 'pA');
    h.join('B', 'pB');
    const recorder = new OffsetsRecordingAssignor();
    (h.broker.coordinator as { assignor: TaskAssignor }).assignor = recorder;
    h.join('C', 'pC', undefined, { taskOffsets: offsets });
    expect(recorder.seen).toEqual({ A: {}, B: {}, C: { '0': { 2: 100, 3: 100 } } });
    // a later heartbeat with no offsets (null) keeps them; a new list replaces them
    h.beat('C', h.member('C').memberEpoch, null, { rackId: 'r1' });
    expect(recorder.seen.C).toEqual({ '0': { 2: 100, 3: 100 } });
    h.beat('C', h.member('C').memberEpoch, null, { rackId: 'r2', taskOffsets: [{ subtopologyId: '0', partition: 1, offset: 7 }] });
    expect(recorder.seen.C).toEqual({ '0': { 1: 7 } });
  });

  it("the join's standby placement reads the offsets it reports (rank-1 standby candidates)", () => {
    const targets = (taskOffsets: unknown) => {
      const h = new Harness({ config: STANDBY });
      h.join('A', 'pA');
      h.join('B', 'pB');
      const r = h.join('C', 'pC', undefined, taskOffsets ? { taskOffsets } : {});
      return Object.fromEntries(r.records.filter((x) => x.type === 'StreamsGroupTargetAssignmentMember').map((x) => [x.key.memberId, x.value]));
    };
    const t = (active: number[], standby: number[]) => ({
      activeTasks: [{ subtopologyId: '0', partitions: active }],
      standbyTasks: standby.length > 0 ? [{ subtopologyId: '0', partitions: standby }] : [],
      warmupTasks: [],
    });
    expect(targets(null)).toEqual({ A: t([0, 1], [3]), B: t([2], [0, 1]), C: t([3], [2]) });
    expect(targets(offsets)).toEqual({ B: t([3], [0, 1]), C: t([2], []) });
  });

  it('a join that creates the group: the offsets reach its assignor, but the group object they were stored on is replaced by the replay (getOrCreateStreamsGroup), so none are kept', () => {
    const h = new Harness({ config: STANDBY });
    const recorder = new OffsetsRecordingAssignor();
    (h.broker.coordinator as { assignor: TaskAssignor }).assignor = recorder;
    h.join('A', 'pA', undefined, { taskOffsets: offsets });
    expect(recorder.seen).toEqual({ A: { '0': { 2: 100, 3: 100 } } });
    expect(h.group!.taskOffsets.get('A')).toBeUndefined();
    const described = (h.describe().response as { groups: { members: { taskOffsets: unknown[] }[] }[] }).groups[0]!.members[0]!;
    expect(described.taskOffsets).toEqual([]);
  });

  it('MemberTaskOffsets.update: a duplicate task is INVALID_REQUEST and nothing is stored', () => {
    const h = new Harness();
    h.join('A', 'pA');
    const r = h.beat('A', h.member('A').memberEpoch, null, {
      taskEndOffsets: [
        { subtopologyId: '0', partition: 1, offset: 5 },
        { subtopologyId: '0', partition: 1, offset: 6 },
      ],
    });
    expect(r.error).toBe('INVALID_REQUEST');
    expect(r.message).toBe('Task offsets contain a duplicate entry for subtopology 0 and partition 1.');
    expect(h.group!.taskOffsets.get('A')).toBeUndefined();
  });
});
