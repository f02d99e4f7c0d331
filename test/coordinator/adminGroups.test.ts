// ListGroups and DeleteGroups (issue 11 item 12): GroupMetadataManager.listGroups and GroupCoordinatorShard.deleteGroups
// of the published 4.4.0 group coordinator, for streams groups and simple classic groups.
import { describe, expect, it } from 'vitest';
import { Coordinator } from '../../src/core/coordinator/runtime.ts';
import { broker, CLIENT, commit, G, join, leave } from '../offsets/helpers.ts';

const list = (b: ReturnType<typeof broker>, data: Record<string, unknown> = {}) =>
  b.send('ListGroups', 5, data, CLIENT).response as { errorCode: number; groups: { groupId: string; protocolType: string; groupState: string; groupType: string }[] };
const del = (b: ReturnType<typeof broker>, groupsNames: string[]) => b.send('DeleteGroups', 2, { groupsNames }, CLIENT);

describe('ListGroups', () => {
  it('lists streams groups (protocol type "streams") and simple classic groups, with state and type filters', () => {
    const b = broker();
    join(b, 'a');
    b.send('OffsetCommit', 9, { groupId: 'admin-only', memberId: '', generationIdOrMemberEpoch: -1, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] }, CLIENT);
    const all = list(b);
    expect(all.errorCode).toBe(0);
    expect(all.groups).toEqual(
      expect.arrayContaining([
        { groupId: G, protocolType: 'streams', groupState: 'Stable', groupType: 'streams' },
        { groupId: 'admin-only', protocolType: '', groupState: 'Empty', groupType: 'classic' },
      ]),
    );
    expect(all.groups).toHaveLength(2);
    // states compare case-insensitively; an unknown type matches nothing
    expect(list(b, { statesFilter: ['  empty'] }).groups.map((g) => g.groupId)).toEqual(['admin-only']);
    expect(list(b, { typesFilter: ['streams'] }).groups.map((g) => g.groupId)).toEqual([G]);
    expect(list(b, { typesFilter: ['share'] }).groups).toEqual([]);
  });
});

describe('ListGroups state and type filters (GroupMetadataManager.listGroups, Group.isInStates, GroupType.parse)', () => {
  it('a filter is lower-cased then trimmed and compared with StreamsGroupState.toLowerCaseString: NotReady is "not_ready"', () => {
    const b = broker();
    // a topology whose source topic does not exist: the group is NotReady
    b.send(
      'StreamsGroupHeartbeat',
      1,
      {
        groupId: 'waiting',
        memberId: 'w',
        memberEpoch: 0,
        rebalanceTimeoutMs: 300000,
        topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['missing'] }] },
        activeTasks: [],
        standbyTasks: [],
        warmupTasks: [],
      },
      CLIENT,
    );
    join(b, 'a');
    expect(list(b).groups.find((g) => g.groupId === 'waiting')?.groupState).toBe('NotReady');
    const ids = (statesFilter: string[]) => list(b, { statesFilter }).groups.map((g) => g.groupId);
    expect(ids(['NotReady'])).toEqual([]);
    expect(ids(['notready'])).toEqual([]);
    expect(ids(['not_ready'])).toEqual(['waiting']);
    expect(ids(['NOT_READY '])).toEqual(['waiting']);
    expect(ids(['STABLE'])).toEqual([G]);
    // classic and unknown state names match no streams group
    expect(ids(['PreparingRebalance', 'bogus'])).toEqual([]);
  });

  it('a type filter goes through GroupType.parse: lower-cased but not trimmed (" streams" is an unknown type)', () => {
    const b = broker();
    join(b, 'a');
    const ids = (typesFilter: string[]) => list(b, { typesFilter }).groups.map((g) => g.groupId);
    expect(ids(['STREAMS'])).toEqual([G]);
    expect(ids([' streams'])).toEqual([]);
    expect(ids(['consumer', 'unknown'])).toEqual([]);
  });
});

describe('DeleteGroups', () => {
  it('a group with members: NON_EMPTY_GROUP; an unknown one: GROUP_ID_NOT_FOUND; nothing written', () => {
    const b = broker();
    join(b, 'a');
    const r = del(b, [G, 'nope']);
    expect(r.response).toEqual({
      throttleTimeMs: 0,
      results: [
        { groupId: G, errorCode: 68 },
        { groupId: 'nope', errorCode: 69 },
      ],
    });
    expect(r.batch).toBeNull();
  });

  it('an Empty streams group: its offset tombstones, then the group tombstones, in one batch; a fresh coordinator agrees', () => {
    const b = broker();
    join(b, 'a');
    commit(b, 'a', 2, { orders: [0] });
    leave(b, 'a');
    const r = del(b, [G]);
    expect(r.response).toEqual({ throttleTimeMs: 0, results: [{ groupId: G, errorCode: 0 }] });
    expect(r.batch!.records.map((x) => `${x.type}${x.value === null ? '(tombstone)' : ''}`)).toEqual([
      'OffsetCommit(tombstone)',
      'StreamsGroupTargetAssignmentMetadata(tombstone)',
      'StreamsGroupMetadata(tombstone)',
      'StreamsGroupTopology(tombstone)',
    ]);
    expect(b.coordinator.groups.has(G)).toBe(false);
    expect(new Coordinator(b.coordinator.options, b.coordinator.log.clone(), b.coordinator.now).groups.has(G)).toBe(false);
  });

  it('a simple classic group: offset tombstones and a GroupMetadata tombstone', () => {
    const b = broker();
    b.send(
      'OffsetCommit',
      9,
      {
        groupId: 'admin-only',
        memberId: '',
        generationIdOrMemberEpoch: -1,
        topics: [
          {
            name: 'orders',
            partitions: [
              { partitionIndex: 0, committedOffset: 5 },
              { partitionIndex: 1, committedOffset: 6 },
            ],
          },
        ],
      },
      CLIENT,
    );
    const r = del(b, ['admin-only']);
    expect(r.batch!.records.map((x) => x.type)).toEqual(['OffsetCommit', 'OffsetCommit', 'GroupMetadata']);
    expect(list(b).groups).toEqual([]);
  });

  it('each id once, in the order of a Java HashSet of the ids (GroupCoordinatorService.updateResponseAndGetNonErrorGroupList)', () => {
    const b = broker();
    const adminCommit = (groupId: string) =>
      b.send('OffsetCommit', 9, { groupId, memberId: '', generationIdOrMemberEpoch: -1, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] }, CLIENT);
    adminCommit('a');
    adminCommit('b');
    // "b".hashCode() = 98 lands in bucket 2, "a" (97) in bucket 1: the set iterates a, b whatever the request's order
    const r = del(b, ['b', 'a', 'b']);
    expect(r.response).toEqual({
      throttleTimeMs: 0,
      results: [
        { groupId: 'a', errorCode: 0 },
        { groupId: 'b', errorCode: 0 },
      ],
    });
    expect(r.batch!.records.map((x) => [x.type, (x.key as { group: string }).group])).toEqual([
      ['OffsetCommit', 'a'],
      ['GroupMetadata', 'a'],
      ['OffsetCommit', 'b'],
      ['GroupMetadata', 'b'],
    ]);
  });
});

describe('DescribeGroups (the classic API)', () => {
  it('a streams group id: Dead, GROUP_ID_NOT_FOUND "is not a classic group" (v6); a simple classic group: Empty', () => {
    const b = broker();
    join(b, 'a');
    b.send('OffsetCommit', 9, { groupId: 'admin-only', memberId: '', generationIdOrMemberEpoch: -1, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] }, CLIENT);
    const r = b.send('DescribeGroups', 6, { groups: [G, 'admin-only', 'nope'] }, CLIENT).response as {
      groups: { groupId: string; errorCode: number; errorMessage: string | null; groupState: string }[];
    };
    expect(r.groups.map((g) => [g.groupId, g.groupState, g.errorCode, g.errorMessage])).toEqual([
      [G, 'Dead', 69, `Group ${G} is not a classic group.`],
      ['admin-only', 'Empty', 0, null],
      ['nope', 'Dead', 69, 'Group nope not found.'],
    ]);
    // before v6 the error is not reported
    const v5 = b.send('DescribeGroups', 5, { groups: [G] }, CLIENT).response as { groups: { errorCode: number; groupState: string }[] };
    expect(v5.groups[0]).toMatchObject({ errorCode: 0, groupState: 'Dead' });
  });

  it('writes each field only in the versions that have it; KafkaApis.handleDescribeGroupsRequest fills authorizedOperations (v3+) for groups without an error', () => {
    const b = broker();
    join(b, 'a');
    b.send('OffsetCommit', 9, { groupId: 'admin-only', memberId: '', generationIdOrMemberEpoch: -1, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] }, CLIENT);
    const describe = (version: number, data: Record<string, unknown>) => b.send('DescribeGroups', version, data, CLIENT).response;
    const empty = { groupId: 'admin-only', groupState: 'Empty', protocolType: '', protocolData: '', members: [] };
    // v0: no throttle time, no authorized operations, no error message
    expect(describe(0, { groups: ['admin-only'] })).toEqual({ groups: [{ errorCode: 0, ...empty }] });
    expect(describe(1, { groups: ['admin-only'] })).toEqual({ throttleTimeMs: 0, groups: [{ errorCode: 0, ...empty }] });
    // v3-5: a streams group has no error before v6, so it gets the group's operations too (AclEntry.supportedOperations(GROUP))
    expect(describe(5, { groups: ['admin-only', G], includeAuthorizedOperations: true })).toEqual({
      throttleTimeMs: 0,
      groups: [
        { errorCode: 0, ...empty, authorizedOperations: 3400 },
        { errorCode: 0, groupId: G, groupState: 'Dead', protocolType: '', protocolData: '', members: [], authorizedOperations: 3400 },
      ],
    });
    expect(describe(3, { groups: ['admin-only'] })).toEqual({ throttleTimeMs: 0, groups: [{ errorCode: 0, ...empty, authorizedOperations: -2147483648 }] });
    // v6: an error keeps the omitted value
    expect(describe(6, { groups: ['admin-only', G], includeAuthorizedOperations: true })).toEqual({
      throttleTimeMs: 0,
      groups: [
        { errorCode: 0, errorMessage: null, ...empty, authorizedOperations: 3400 },
        { errorCode: 69, errorMessage: `Group ${G} is not a classic group.`, groupId: G, groupState: 'Dead', protocolType: '', protocolData: '', members: [], authorizedOperations: -2147483648 },
      ],
    });
  });
});

describe('StreamsGroupDescribe with an empty group id', () => {
  it('answers the empty id first, then the groups in request order (GroupCoordinatorService.streamsGroupDescribe)', () => {
    const b = broker();
    join(b, 'a');
    const r = b.send('StreamsGroupDescribe', 0, { groupIds: [G, 'nope', ''], includeAuthorizedOperations: false }, CLIENT).response as { groups: { groupId: string; errorCode: number }[] };
    expect(r.groups.map((g) => [g.groupId, g.errorCode])).toEqual([
      ['', 24],
      [G, 0],
      ['nope', 69],
    ]);
  });
});
