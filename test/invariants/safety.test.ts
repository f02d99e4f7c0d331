// The safety invariants on hand-built group states: each one fires on its violation and stays quiet otherwise,
// and the checker's reused scratch maps carry nothing from one check to the next.
import { describe, expect, it } from 'vitest';
import { StreamsGroup } from '../../src/core/coordinator/group.ts';
import { checkSafety, snapshotEpochs } from '../../src/core/invariants/safety.ts';
import { newMember, type StreamsGroupMember } from '../../src/core/model/member.ts';
import type { ConfiguredTopology } from '../../src/core/model/topology.ts';
import { EMPTY_SET, taskSet, withEpoch, type TasksTuple } from '../../src/core/model/tasks.ts';

const tuple = (active: Record<string, number[]>, standby: Record<string, number[]> = {}): TasksTuple => ({ active: taskSet(active), standby: taskSet(standby), warmup: EMPTY_SET });

function member(id: string, pid: string, epoch: number, active: Record<string, number[]>, pending: Record<string, number[]> = {}): StreamsGroupMember {
  return {
    ...newMember(id),
    memberEpoch: epoch,
    previousMemberEpoch: epoch - 1,
    processId: pid,
    assignedTasks: { active: withEpoch(taskSet(active), epoch), standby: EMPTY_SET, warmup: EMPTY_SET },
    tasksPendingRevocation: tuple(pending),
  };
}

function group(members: StreamsGroupMember[], targets: Record<string, TasksTuple> = {}, epoch = 2): StreamsGroup {
  const g = new StreamsGroup('app');
  g.groupEpoch = epoch;
  g.assignmentEpoch = epoch;
  for (const m of members) g.putMember(m);
  for (const [id, t] of Object.entries(targets)) g.setTarget(id, t);
  const configured: ConfiguredTopology = { topologyEpoch: 0, metadataHash: 0, subtopologies: [{ subtopologyId: '0', numberOfTasks: 4 } as never], internalTopicsToBeCreated: [], problem: null };
  g.configuredTopology = configured;
  return g;
}

const invariants = (g: StreamsGroup, before = new Map()) => checkSafety(new Map([['app', g]]), before).map((v) => v.invariant);

describe('safety invariants', () => {
  it('a consistent group violates nothing', () => {
    const g = group([member('a', 'p1', 2, { '0': [0, 1] }), member('b', 'p2', 2, { '0': [2, 3] })], { a: tuple({ '0': [0, 1] }, { '0': [2] }), b: tuple({ '0': [2, 3] }) });
    expect(invariants(g)).toEqual([]);
  });

  it('no-double-active: two members hold one active task, also through a pending revocation', () => {
    expect(invariants(group([member('a', 'p1', 2, { '0': [0, 1] }), member('b', 'p2', 2, { '0': [1] })]))).toContain('no-double-active');
    expect(invariants(group([member('a', 'p1', 2, {}, { '0': [3] }), member('b', 'p2', 2, {}, { '0': [3] })]))).toContain('no-double-active');
  });

  it('no-assign-while-pending: a task is assigned while another member still revokes it', () => {
    const vs = checkSafety(new Map([['app', group([member('a', 'p1', 2, {}, { '0': [2] }), member('b', 'p2', 2, { '0': [2] })])]]), new Map());
    expect(vs.map((v) => v.invariant)).toEqual(expect.arrayContaining(['no-assign-while-pending', 'no-double-active']));
    expect(vs.find((v) => v.invariant === 'no-assign-while-pending')!.message).toBe('b is assigned 0_2 while a still has it pending revocation.');
  });

  it('legal-target-assignment: two active owners, a task the topology lacks, a process holding a task twice', () => {
    const two = group([member('a', 'p1', 2, {}), member('b', 'p2', 2, {})], { a: tuple({ '0': [0] }), b: tuple({ '0': [0] }) });
    expect(checkSafety(new Map([['app', two]]), new Map()).map((v) => v.message)).toEqual(['The target gives 0_0 as active to both a and b.']);
    const missing = group([member('a', 'p1', 2, {})], { a: tuple({ '0': [4, 70000, -1] }) });
    expect(checkSafety(new Map([['app', missing]]), new Map()).map((v) => v.message)).toEqual([4, 70000, -1].map((p) => `The target gives a task 0_${p}, which the topology does not have.`));
    const twice = group([member('a', 'p1', 2, {}), member('b', 'p1', 2, {})], { a: tuple({ '0': [1] }), b: tuple({}, { '0': [1] }) });
    expect(checkSafety(new Map([['app', twice]]), new Map()).map((v) => v.message)).toEqual(['Process p1 gets 0_1 twice in the target (a/active and b/standby).']);
  });

  it('valid-member-epochs and stable-at-group-epoch', () => {
    expect(invariants(group([member('a', 'p1', 3, {})]))).toEqual(['valid-member-epochs']);
    const reconciling = group([member('a', 'p1', 1, {})]);
    reconciling.topology = { epoch: 0, subtopologies: [] };
    reconciling.validatedTopologyEpoch = 0;
    expect(reconciling.state()).toBe('RECONCILING');
    expect(invariants(reconciling)).toEqual([]);
    // a target epoch ahead of the group epoch: Stable, with the member above the group epoch
    const ahead = group([member('a', 'p1', 2, {})], {}, 1);
    ahead.assignmentEpoch = 2;
    ahead.topology = { epoch: 0, subtopologies: [] };
    ahead.validatedTopologyEpoch = 0;
    expect(ahead.state()).toBe('STABLE');
    expect(invariants(ahead)).toEqual(['valid-member-epochs', 'stable-at-group-epoch']);
  });

  it('epochs-monotonic: group, assignment and member epochs never go back', () => {
    const before = snapshotEpochs(new Map([['app', group([member('a', 'p1', 2, {})], {}, 2)]]));
    const later = group([member('a', 'p1', 1, {})], {}, 1);
    expect(checkSafety(new Map([['app', later]]), before).map((v) => v.message)).toEqual([
      'The group epoch went back from 2 to 1.',
      'The assignment epoch went back from 2 to 1.',
      "a's epoch went back from 2 to 1.",
    ]);
  });

  it('one process holding a task twice is found among many processes', () => {
    const members = Array.from({ length: 70 }, (_, i) => member(`m${i}`, `p${i}`, 2, {}));
    members.push(member('twin', 'p69', 2, {}));
    const targets: Record<string, TasksTuple> = { m69: tuple({}, { '0': [3] }), twin: tuple({ '0': [3] }) };
    for (const round of [1, 2]) {
      const g = group(members, targets);
      expect(
        checkSafety(new Map([['app', g]]), new Map()).map((v) => v.message),
        `round ${round}`,
      ).toEqual(['Process p69 gets 0_3 twice in the target (m69/standby and twin/active).']);
    }
  });

  it("an unchanged group reuses its examination; any write, a clone's write or a new configured topology is seen", () => {
    const g = group([member('a', 'p1', 2, { '0': [0] }), member('b', 'p2', 2, { '0': [1] })], { a: tuple({ '0': [0] }), b: tuple({ '0': [1] }) });
    expect(invariants(g)).toEqual([]);
    const copy = g.clone();
    copy.putMember(member('b', 'p2', 2, { '0': [0, 1] }));
    expect(invariants(copy)).toEqual(['no-double-active']);
    expect(invariants(g)).toEqual([]);
    g.setTarget('b', tuple({ '0': [0] }));
    expect(invariants(g)).toEqual(['legal-target-assignment']);
    g.setTarget('b', tuple({ '0': [9] }));
    expect(invariants(g)).toEqual(['legal-target-assignment']);
    g.configuredTopology = { ...g.configuredTopology!, subtopologies: [{ subtopologyId: '0', numberOfTasks: 10 } as never] };
    expect(invariants(g)).toEqual([]);
  });

  it('the reused scratch maps forget the previous check', () => {
    const first = group([member('a', 'p1', 2, { '0': [0, 1] })], { a: tuple({ '0': [0, 1] }) });
    const second = group([member('b', 'p2', 2, { '0': [0, 1] })], { b: tuple({ '0': [0, 1] }) });
    expect(invariants(first)).toEqual([]);
    expect(invariants(second)).toEqual([]);
    expect(invariants(first)).toEqual([]);
  });
});
