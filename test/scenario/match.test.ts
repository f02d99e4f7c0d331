import { describe, expect, it } from 'vitest';
import { matchExpectation, type StepOutcome } from '../../src/core/scenario/match.ts';
import { group, member } from './fixtures.ts';

const B = '$.steps[3].expect';

function outcome(over: Partial<StepOutcome> = {}): StepOutcome {
  return { response: null, errorName: null, group: null, records: [], ...over };
}

const a = member('a-1', 'a', {
  memberEpoch: 3,
  assigned: { active: { '0': [1, 0], '1': [] }, standby: { '0': [2] }, warmup: {} },
  pendingRevocation: { active: { '1': [3] }, standby: {}, warmup: {} },
});
const raw = member('9f2c', null, { memberEpoch: 5 });
const g = group([a, raw], { state: 'Reconciling', groupEpoch: 4 });

describe('matchExpectation', () => {
  it('is empty when everything given matches, ignoring omitted keys', () => {
    expect(
      matchExpectation(
        { response: { errorCode: 0 }, error: 'NONE', group: { state: 'Reconciling', members: { a: { memberEpoch: 3 } } } },
        outcome({ response: { errorCode: 0, memberEpoch: 3, status: [] }, errorName: 'NONE', group: g }),
        B,
      ),
    ).toEqual([]);
  });

  it('reports response mismatches with precise paths, including nested arrays', () => {
    const m = matchExpectation(
      { response: { memberEpoch: 2, activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }], missing: 1 } },
      outcome({ response: { memberEpoch: 3, activeTasks: [{ subtopologyId: '0', partitions: [0, 2] }] } }),
      B,
    );
    expect(m).toEqual([
      { path: `${B}.response.memberEpoch`, expected: 2, actual: 3 },
      { path: `${B}.response.activeTasks[0].partitions[1]`, expected: 1, actual: 2 },
      { path: `${B}.response.missing`, expected: 1, actual: undefined },
    ]);
  });

  it('arrays must have the same length', () => {
    const m = matchExpectation({ response: { status: [] } }, outcome({ response: { status: [{ statusCode: 5 }] } }), B);
    expect(m).toEqual([{ path: `${B}.response.status`, expected: [], actual: [{ statusCode: 5 }] }]);
    expect(matchExpectation({ response: { status: null } }, outcome({ response: { status: [] } }), B)).toHaveLength(1);
  });

  it('compares the error by name, "NONE" on success, null when nothing was sent', () => {
    expect(matchExpectation({ error: 'NONE' }, outcome({ errorName: 'NONE' }), B)).toEqual([]);
    expect(matchExpectation({ error: 'NONE' }, outcome({ errorName: 'FENCED_MEMBER_EPOCH' }), B)).toEqual([{ path: `${B}.error`, expected: 'NONE', actual: 'FENCED_MEMBER_EPOCH' }]);
    expect(matchExpectation({ error: 'NONE' }, outcome(), B)).toEqual([{ path: `${B}.error`, expected: 'NONE', actual: null }]);
  });

  it('resolves group members by alias or by member id', () => {
    expect(matchExpectation({ group: { members: { a: { memberEpoch: 3 }, '9f2c': { memberEpoch: 5 }, 'a-1': { processId: 'p1' } } } }, outcome({ group: g }), B)).toEqual([]);
    expect(matchExpectation({ group: { members: { a: { memberEpoch: 2 } } } }, outcome({ group: g }), B)).toEqual([{ path: `${B}.group.members.a.memberEpoch`, expected: 2, actual: 3 }]);
  });

  it('reports a missing member, and checks that a member expected null is absent', () => {
    expect(matchExpectation({ group: { members: { 'b-x': { memberEpoch: 1 } } } }, outcome({ group: g }), B)).toEqual([
      { path: `${B}.group.members["b-x"]`, expected: { memberEpoch: 1 }, actual: undefined },
    ]);
    expect(matchExpectation({ group: { members: { b: null } } }, outcome({ group: g }), B)).toEqual([]);
    const m = matchExpectation({ group: { members: { a: null } } }, outcome({ group: g }), B);
    expect(m).toHaveLength(1);
    expect(m[0]!.path).toBe(`${B}.group.members.a`);
  });

  it('compares task maps per role as sets; an omitted role is not checked', () => {
    const ok = { group: { members: { a: { assigned: { active: { '0': [0, 1] } }, pendingRevocation: { active: { '1': [3] } } } } } };
    expect(matchExpectation(ok, outcome({ group: g }), B)).toEqual([]);
    const bad = { group: { members: { a: { assigned: { active: { '0': [0] }, standby: {} } } } } };
    expect(matchExpectation(bad, outcome({ group: g }), B)).toEqual([
      { path: `${B}.group.members.a.assigned.active`, expected: { '0': [0] }, actual: { '0': [1, 0], '1': [] } },
      { path: `${B}.group.members.a.assigned.standby`, expected: {}, actual: { '0': [2] } },
    ]);
    expect(matchExpectation({ group: { members: { a: { pendingRevocation: { standby: {}, warmup: {} } } } } }, outcome({ group: g }), B)).toEqual([]);
  });

  it('matches target null and a group that does not exist', () => {
    expect(matchExpectation({ group: { members: { a: { target: null } } } }, outcome({ group: g }), B)).toEqual([]);
    expect(matchExpectation({ group: null }, outcome({ group: null }), B)).toEqual([]);
    expect(matchExpectation({ group: null }, outcome({ group: g }), B)).toEqual([{ path: `${B}.group`, expected: null, actual: g }]);
    expect(matchExpectation({ group: { state: 'Empty' } }, outcome({ group: null }), B)).toEqual([{ path: `${B}.group`, expected: { state: 'Empty' }, actual: null }]);
    expect(matchExpectation({ group: { groupEpoch: 4, state: 'Stable' } }, outcome({ group: g }), B)).toEqual([{ path: `${B}.group.state`, expected: 'Stable', actual: 'Reconciling' }]);
  });

  const records = [
    { type: 'StreamsGroupMemberMetadata', key: { groupId: 'app', memberId: 'a-1' }, value: { processId: 'p1', rackId: null } },
    { type: 'StreamsGroupCurrentMemberAssignment', key: { groupId: 'app', memberId: 'a-1' }, value: null },
  ];

  it('matches records in order, with tombstones as value null', () => {
    expect(
      matchExpectation(
        {
          records: [
            { type: 'StreamsGroupMemberMetadata', value: { processId: 'p1' } },
            { type: 'StreamsGroupCurrentMemberAssignment', value: null },
          ],
        },
        outcome({ records }),
        B,
      ),
    ).toEqual([]);
    expect(matchExpectation({ records: [{ type: 'StreamsGroupMemberMetadata' }, { value: { memberEpoch: 1 } }] }, outcome({ records }), B)).toEqual([
      { path: `${B}.records[1].value`, expected: { memberEpoch: 1 }, actual: null },
    ]);
    expect(matchExpectation({ records: [] }, outcome({ records }), B)).toEqual([{ path: `${B}.records`, expected: [], actual: records }]);
  });

  it('compares recordTypes as the list of types', () => {
    expect(matchExpectation({ recordTypes: ['StreamsGroupMemberMetadata', 'StreamsGroupCurrentMemberAssignment'] }, outcome({ records }), B)).toEqual([]);
    expect(matchExpectation({ recordTypes: ['StreamsGroupCurrentMemberAssignment', 'StreamsGroupMemberMetadata'] }, outcome({ records }), B)).toEqual([
      { path: `${B}.recordTypes[0]`, expected: 'StreamsGroupCurrentMemberAssignment', actual: 'StreamsGroupMemberMetadata' },
      { path: `${B}.recordTypes[1]`, expected: 'StreamsGroupMemberMetadata', actual: 'StreamsGroupCurrentMemberAssignment' },
    ]);
    expect(matchExpectation({ recordTypes: [] }, outcome({ records }), B)).toHaveLength(1);
  });

  it('distinguishes types strictly', () => {
    expect(matchExpectation({ response: { memberEpoch: '1' } }, outcome({ response: { memberEpoch: 1 } }), B)).toHaveLength(1);
    expect(matchExpectation({ response: { x: null } }, outcome({ response: { x: 0 } }), B)).toHaveLength(1);
    expect(matchExpectation({ response: { x: {} } }, outcome({ response: { x: [] } }), B)).toHaveLength(1);
    expect(matchExpectation({ response: { x: {} } }, outcome({ response: { x: { y: 1 } } }), B)).toHaveLength(0);
  });
});

describe('expectations as Kafka tests write them (issue 11 item 14)', () => {
  const recs = [
    { type: 'StreamsGroupMemberMetadata', key: { groupId: 'g', memberId: 'A' }, value: {} },
    { type: 'StreamsGroupTopology', key: { groupId: 'g' }, value: {} },
    { type: 'StreamsGroupMetadata', key: { groupId: 'g' }, value: { epoch: 2 } },
  ];
  it('records "contains": a subsequence, in order, other records between allowed', () => {
    const ok = { match: 'contains' as const, items: [{ type: 'StreamsGroupMemberMetadata' }, { type: 'StreamsGroupMetadata', value: { epoch: 2 } }] };
    expect(matchExpectation({ records: ok }, outcome({ records: recs }), B)).toEqual([]);
    // out of order, or a value that differs: a mismatch at the first item that cannot be found
    const reversed = { match: 'contains' as const, items: [{ type: 'StreamsGroupMetadata' }, { type: 'StreamsGroupMemberMetadata' }] };
    expect(matchExpectation({ records: reversed }, outcome({ records: recs }), B).map((m) => m.path)).toEqual([`${B}.records.items[1]`]);
    expect(matchExpectation({ records: { match: 'contains', items: [{ type: 'StreamsGroupMetadata', value: { epoch: 3 } }] } }, outcome({ records: recs }), B)).toHaveLength(1);
  });
  it('records "exact" is the plain list', () => {
    expect(matchExpectation({ records: { match: 'exact', items: [{ type: 'StreamsGroupTopology' }] } }, outcome({ records: recs }), B).map((m) => m.path)).toEqual([`${B}.records.items`]);
  });
  it('timers by key: a deadline, or null for "not scheduled"', () => {
    const timers = new Map([['session-timeout-g-A', 45000]]);
    expect(matchExpectation({ timers: { 'session-timeout-g-A': 45000, 'rebalance-timeout-g-A': null } }, outcome({ timers }), B)).toEqual([]);
    expect(matchExpectation({ timers: { 'session-timeout-g-A': null } }, outcome({ timers }), B)).toEqual([{ path: `${B}.timers["session-timeout-g-A"]`, expected: null, actual: 45000 }]);
  });
  it('groups by id, null for "does not exist"', () => {
    const groupOf = (id: string) => (id === 'g' ? g : null);
    expect(matchExpectation({ groups: { g: { state: 'Reconciling' }, h: null } }, outcome({ groupOf }), B)).toEqual([]);
    expect(matchExpectation({ groups: { h: { state: 'Empty' } } }, outcome({ groupOf }), B).map((m) => m.path)).toEqual([`${B}.groups.h`]);
  });
});
