// OffsetFetch (v1-9) and OffsetDelete (issue 11 item 12): OffsetMetadataManager.fetchOffsets / fetchAllOffsets /
// deleteOffsets and StreamsGroup.validateOffsetFetch of the published 4.4.0 group coordinator; the v1-7 single-group
// form as KafkaApis.handleOffsetFetchRequest serves it (OffsetFetchRequest.groups(), OffsetFetchResponse.Builder.build,
// OffsetFetchResponse.groupError).
import { describe, expect, it } from 'vitest';
import { unavailableOutcome } from '../../src/core/broker/unavailable.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { editionNamed } from '../../src/core/editions/index.ts';
import { topicIdOf } from '../../src/core/util/uuid.ts';
import { broker, CLIENT, commit, G, join, leave } from './helpers.ts';

const fetch = (b: ReturnType<typeof broker>, group: Record<string, unknown>, version = 9) => b.send('OffsetFetch', version, { groups: [{ groupId: G, ...group }] }, CLIENT);
const del = (b: ReturnType<typeof broker>, topics: Record<string, number[]>) =>
  b.send('OffsetDelete', 0, { groupId: G, topics: Object.entries(topics).map(([name, ps]) => ({ name, partitions: ps.map((partitionIndex) => ({ partitionIndex })) })) }, CLIENT);

describe('OffsetFetch', () => {
  it('named partitions: the committed offset, or -1; all topics when topics is null', () => {
    const b = broker();
    join(b, 'a');
    commit(b, 'a', 2, { orders: [0] });
    expect(fetch(b, { topics: [{ name: 'orders', partitionIndexes: [0, 1] }] }).response).toEqual({
      throttleTimeMs: 0,
      groups: [
        {
          groupId: G,
          errorCode: 0,
          topics: [
            {
              name: 'orders',
              partitions: [
                { partitionIndex: 0, committedOffset: 42, committedLeaderEpoch: -1, metadata: '', errorCode: 0 },
                { partitionIndex: 1, committedOffset: -1, committedLeaderEpoch: -1, metadata: '', errorCode: 0 },
              ],
            },
          ],
        },
      ],
    });
    expect((fetch(b, { topics: null }).response as { groups: { topics: { name: string }[] }[] }).groups[0]!.topics.map((t) => t.name)).toEqual(['orders']);
  });

  it('a member fetch (v9): the member must exist and its epoch match (UNKNOWN_MEMBER_ID, STALE_MEMBER_EPOCH)', () => {
    const b = broker();
    join(b, 'a');
    expect(fetch(b, { memberId: 'a', memberEpoch: 2, topics: null }).errorName).toBe('NONE');
    expect(fetch(b, { memberId: 'zz', memberEpoch: 2, topics: null }).response).toMatchObject({ groups: [{ errorCode: 25, topics: [] }] });
    expect(fetch(b, { memberId: 'a', memberEpoch: 1, topics: null }).errorName).toBe('STALE_MEMBER_EPOCH');
    // an unknown group has no offsets
    expect(b.send('OffsetFetch', 9, { groups: [{ groupId: 'nope', topics: null }] }, CLIENT).response).toMatchObject({ groups: [{ groupId: 'nope', errorCode: 0, topics: [] }] });
  });
});

describe('committed offsets in the order of OffsetMetadataManager.Offsets (TimelineHashMaps), not sorted', () => {
  const adminCommit = (b: ReturnType<typeof broker>, topic: string, partitions: number[]) =>
    b.send(
      'OffsetCommit',
      9,
      { groupId: 'admin-only', memberId: '', generationIdOrMemberEpoch: -1, topics: [{ name: topic, partitions: partitions.map((p) => ({ partitionIndex: p, committedOffset: 5 })) }] },
      CLIENT,
    );

  it('fetchAllOffsets lists topics and partitions as the tables iterate them; deleteAllOffsets writes the tombstones in that order', () => {
    const b = broker();
    // three topics in one 4-slot table, all in slot 2: newest first (sorted would be app-rep, orders, other)
    adminCommit(b, 'orders', [1, 0]);
    adminCommit(b, 'app-rep', [0]);
    adminCommit(b, 'other', [0]);
    const r = b.send('OffsetFetch', 9, { groups: [{ groupId: 'admin-only', topics: null }], requireStable: false }, CLIENT).response as {
      groups: { topics: { name: string; partitions: { partitionIndex: number }[] }[] }[];
    };
    expect(r.groups[0]!.topics.map((t) => [t.name, t.partitions.map((p) => p.partitionIndex)])).toEqual([
      ['other', [0]],
      ['app-rep', [0]],
      ['orders', [0, 1]],
    ]);
    const del = b.send('DeleteGroups', 2, { groupsNames: ['admin-only'] }, CLIENT);
    expect(del.batch!.records.filter((x) => x.type === 'OffsetCommit').map((x) => `${String(x.key.topic)}-${String(x.key.partition)}`)).toEqual(['other-0', 'app-rep-0', 'orders-0', 'orders-1']);
  });

  it('a topic whose last offset is deleted leaves the table; committed again, it counts from its new insertion', () => {
    const b = broker();
    adminCommit(b, 'orders', [0]);
    adminCommit(b, 'app-rep', [0]);
    b.send('OffsetDelete', 0, { groupId: 'admin-only', topics: [{ name: 'orders', partitions: [{ partitionIndex: 0 }] }] }, CLIENT);
    adminCommit(b, 'orders', [0]);
    const r = b.send('OffsetFetch', 9, { groups: [{ groupId: 'admin-only', topics: null }], requireStable: false }, CLIENT).response as { groups: { topics: { name: string }[] }[] };
    expect(r.groups[0]!.topics.map((t) => t.name)).toEqual(['orders', 'app-rep']);
  });
});

describe('a deleted topic loses its committed offsets (GroupCoordinatorShard.onTopicsDeleted, OffsetMetadataManager.onTopicsDeleted)', () => {
  it('one batch of tombstones for every group that committed to it; other topics and the groups stay', () => {
    const b = broker();
    join(b, 'a');
    commit(b, 'a', 2, { orders: [0, 1], other: [0] });
    b.send('OffsetCommit', 9, { groupId: 'admin-only', memberId: '', generationIdOrMemberEpoch: -1, topics: [{ name: 'other', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] }, CLIENT);
    const before = b.coordinator.log.endOffset;
    const narration: string[] = [];
    b.changeTopics({ delete: ['other'] }, narration);
    const written = b.coordinator.log
      .batchesFrom(before)
      .flatMap((x) => x.records)
      .map((r) => [r.type, r.key.group, r.key.topic, r.value]);
    // in the order of the offsets-by-group table (by slot of the group id's hash), not the groups' creation order
    expect(written).toEqual([
      ['OffsetCommit', 'admin-only', 'other', null],
      ['OffsetCommit', G, 'other', null],
    ]);
    expect(narration.join(' ')).toContain('OffsetMetadataManager.onTopicsDeleted');
    expect(b.coordinator.groups.get(G)!.offsets.toObject()).toEqual({ orders: expect.objectContaining({ 0: expect.anything(), 1: expect.anything() }) });
    expect(b.coordinator.groups.get('admin-only')?.offsets.size).toBe(0);
    expect(b.coordinator.groups.has('admin-only')).toBe(true);
    // deleting a topic nobody committed to writes nothing
    const after = b.coordinator.log.endOffset;
    b.changeTopics({ delete: ['app-rep'] });
    expect(b.coordinator.log.endOffset).toBe(after);
  });
});

describe('OffsetFetch v1-7: one group at the top level (KafkaApis.handleOffsetFetchRequest, OffsetFetchResponse.Builder.build)', () => {
  const old = (b: ReturnType<typeof broker>, version: number, data: Record<string, unknown>) => b.send('OffsetFetch', version, data, CLIENT);
  const named = { topics: [{ name: 'orders', partitionIndexes: [0, 1] }] };
  /** A streams group with one member that committed orders-0 at 42. */
  function committed() {
    const b = broker();
    join(b, 'a');
    expect(commit(b, 'a', 2, { orders: [0] }).errorName).toBe('NONE');
    return b;
  }

  it('v1: the partitions asked for; no top-level ErrorCode, ThrottleTimeMs or CommittedLeaderEpoch (v2, v3, v5)', () => {
    const out = old(committed(), 1, { groupId: G, ...named });
    expect([out.errorName, out.request, out.response]).toEqual([
      'NONE',
      { groupId: G, ...named },
      {
        topics: [
          {
            name: 'orders',
            partitions: [
              { partitionIndex: 0, committedOffset: 42, metadata: '', errorCode: 0 },
              { partitionIndex: 1, committedOffset: -1, metadata: '', errorCode: 0 },
            ],
          },
        ],
      },
    ]);
  });

  it('v2 adds the top-level ErrorCode and topics null (fetchAllOffsets); v3 ThrottleTimeMs; v5 CommittedLeaderEpoch; v7 requireStable', () => {
    const b = committed();
    const orders0 = { partitionIndex: 0, committedOffset: 42, metadata: '', errorCode: 0 };
    expect(old(b, 2, { groupId: G, topics: null }).response).toEqual({ topics: [{ name: 'orders', partitions: [orders0] }], errorCode: 0 });
    expect(old(b, 3, { groupId: G, topics: null }).response).toEqual({ throttleTimeMs: 0, topics: [{ name: 'orders', partitions: [orders0] }], errorCode: 0 });
    expect(old(b, 4, { groupId: G, topics: [{ name: 'orders', partitionIndexes: [0] }] }).response).toEqual({ throttleTimeMs: 0, topics: [{ name: 'orders', partitions: [orders0] }], errorCode: 0 });
    const v7 = old(b, 7, { groupId: G, topics: null, requireStable: true });
    expect([v7.request, v7.response]).toEqual([
      { groupId: G, topics: null, requireStable: true },
      { throttleTimeMs: 0, topics: [{ name: 'orders', partitions: [{ ...orders0, committedLeaderEpoch: -1 }] }], errorCode: 0 },
    ]);
    // requireStable is not a v2-6 field: the request is written without it
    expect(old(b, 6, { groupId: G, topics: null, requireStable: true }).request).toEqual({ groupId: G, topics: null });
  });

  it('v1-7 carry no member: StreamsGroup.validateOffsetFetch accepts the fetch while the group has members', () => {
    const b = committed();
    expect(b.coordinator.groups.get(G)!.members.size).toBe(1);
    // the member's own fields are not in v1-7: any sent along are not read
    for (const v of [1, 2, 3, 5, 7]) expect(old(b, v, { groupId: G, memberId: 'zz', memberEpoch: 9, ...named }).errorName, `v${v}`).toBe('NONE');
  });

  it('the same offsets at every served version (v8-9 per group)', () => {
    const b = committed();
    const offsets = (v: number): number[] => {
      const r = v >= 8 ? fetch(b, named, v).response.groups : [old(b, v, { groupId: G, ...named }).response];
      return (r as { topics: { partitions: { committedOffset: number }[] }[] }[])[0]!.topics.flatMap((t) => t.partitions.map((p) => p.committedOffset));
    };
    for (let v = 1; v <= 9; v++) expect(offsets(v), `v${v}`).toEqual([42, -1]);
  });

  it('an unknown group (OffsetMetadataManager.fetchOffsets): no error, -1 for what is asked, nothing for all topics', () => {
    const b = committed();
    expect(old(b, 1, { groupId: 'nope', ...named }).response).toEqual({
      topics: [
        {
          name: 'orders',
          partitions: [
            { partitionIndex: 0, committedOffset: -1, metadata: '', errorCode: 0 },
            { partitionIndex: 1, committedOffset: -1, metadata: '', errorCode: 0 },
          ],
        },
      ],
    });
    expect(old(b, 3, { groupId: 'nope', topics: null }).response).toEqual({ throttleTimeMs: 0, topics: [], errorCode: 0 });
    expect(old(b, 7, { groupId: 'nope', topics: null }).errorName).toBe('NONE');
  });

  it('a group the request names that has no commits: -1 for each partition asked for, no topic for all topics', () => {
    const b = broker();
    join(b, 'a');
    const none = (p: number) => ({ partitionIndex: p, committedOffset: -1, committedLeaderEpoch: -1, metadata: '', errorCode: 0 });
    expect(old(b, 5, { groupId: G, ...named }).response).toEqual({ throttleTimeMs: 0, topics: [{ name: 'orders', partitions: [none(0), none(1)] }], errorCode: 0 });
    expect(old(b, 2, { groupId: G, topics: null }).response).toEqual({ topics: [], errorCode: 0 });
    expect(fetch(b, named, 8).response).toEqual({ throttleTimeMs: 0, groups: [{ groupId: G, topics: [{ name: 'orders', partitions: [none(0), none(1)] }], errorCode: 0 }] });
  });

  it('a group error in the version form (OffsetFetchResponse.groupError): v1 on every partition asked for, v2-7 top-level, v8+ per group', () => {
    const ed = editionNamed('ak4');
    const load = (v: number, data: Record<string, unknown>) => unavailableOutcome(ed, 'OffsetFetch', v, data, 'COORDINATOR_LOAD_IN_PROGRESS', 'loading').response;
    const failed = (p: number) => ({ partitionIndex: p, committedOffset: -1, metadata: '', errorCode: 14 });
    expect(load(1, { groupId: G, ...named })).toEqual({ topics: [{ name: 'orders', partitions: [failed(0), failed(1)] }] });
    expect(load(2, { groupId: G, ...named })).toEqual({ topics: [], errorCode: 14 });
    expect(load(6, { groupId: G, topics: null })).toEqual({ throttleTimeMs: 0, topics: [], errorCode: 14 });
    expect(load(9, { groups: [{ groupId: G, topics: null }] })).toEqual({ throttleTimeMs: 0, groups: [{ groupId: G, topics: [], errorCode: 14 }] });
    // through the broker while a new coordinator loads the partition
    const b = committed();
    b.loadingUntil = 1000;
    const out = old(b, 1, { groupId: G, ...named });
    expect([out.errorName, out.response]).toEqual(['COORDINATOR_LOAD_IN_PROGRESS', { topics: [{ name: 'orders', partitions: [failed(0), failed(1)] }] }]);
  });

  it('v0 (removed in Kafka 4.0, KIP-896) is refused with UNSUPPORTED_VERSION and the reason', () => {
    const b = committed();
    const v0 = old(b, 0, { groupId: G, ...named });
    expect([v0.errorName, v0.narration]).toEqual(['UNSUPPORTED_VERSION', ['The simulated broker serves OffsetFetch v1-v10, not v0: Kafka 4.0 removed OffsetFetch v0 (KIP-896).']]);
  });
});

describe('OffsetFetch v10: topics by topic id (KafkaApis.handleOffsetFetchRequest, OffsetFetchRequest.TOPIC_ID_MIN_VERSION)', () => {
  const ZERO = 'AAAAAAAAAAAAAAAAAAAAAA';
  const NOWHERE = 'AAAAAAAAAAAAAAAAAAAAAQ';
  const ORDERS = topicIdOf('orders');
  const none = (partitionIndex: number, errorCode = 0) => ({ partitionIndex, committedOffset: -1, committedLeaderEpoch: -1, metadata: '', errorCode });
  const at42 = { partitionIndex: 0, committedOffset: 42, committedLeaderEpoch: -1, metadata: '', errorCode: 0 };
  function committed() {
    const b = broker();
    join(b, 'a');
    expect(commit(b, 'a', 2, { orders: [0] }).errorName).toBe('NONE');
    return b;
  }
  const byId = (topics: { topicId: string; partitionIndexes: number[] }[] | null, group: Record<string, unknown> = {}) => ({ memberId: null, memberEpoch: -1, topics, ...group });

  it("each id resolves to the cluster's topic (the id the OffsetCommit records carry); the answer names topics by id", () => {
    const out = fetch(committed(), byId([{ topicId: ORDERS, partitionIndexes: [0, 1] }]), 10);
    expect(out.errorName).toBe('NONE');
    expect(out.response).toEqual({ throttleTimeMs: 0, groups: [{ groupId: G, topics: [{ topicId: ORDERS, partitions: [at42, none(1)] }], errorCode: 0 }] });
    expect(out.request).toEqual({ groups: [{ groupId: G, memberId: null, memberEpoch: -1, topics: [{ topicId: ORDERS, partitionIndexes: [0, 1] }] }], requireStable: false });
  });

  it("unknown and zero ids: UNKNOWN_TOPIC_ID (100) on each partition, after the coordinator's topics (as Kafka 4.4.0 answers)", () => {
    const b = committed();
    const out = fetch(
      b,
      byId([
        { topicId: NOWHERE, partitionIndexes: [0] },
        { topicId: ORDERS, partitionIndexes: [0] },
        { topicId: ZERO, partitionIndexes: [1] },
      ]),
      10,
    );
    expect(out.errorName).toBe('UNKNOWN_TOPIC_ID');
    expect((out.response.groups as { topics: unknown[] }[])[0]!.topics).toEqual([
      { topicId: ORDERS, partitions: [at42] },
      { topicId: NOWHERE, partitions: [none(0, 100)] },
      { topicId: ZERO, partitions: [none(1, 100)] },
    ]);
    // the narration names the ids the cluster has
    expect(out.narration.join(' ')).toContain(`UNKNOWN_TOPIC_ID for topic id ${NOWHERE}, ${ZERO}`);
    expect(out.narration.join(' ')).toContain(`orders = ${ORDERS}, app-rep = ${topicIdOf('app-rep')}, other = ${topicIdOf('other')}`);
  });

  it('a group without offsets answers -1 for known ids and 100 for unknown ones; a member error replaces every topic', () => {
    const b = committed();
    const unknownGroup = b.send(
      'OffsetFetch',
      10,
      {
        groups: [
          {
            groupId: 'nope',
            ...byId([
              { topicId: ORDERS, partitionIndexes: [0] },
              { topicId: NOWHERE, partitionIndexes: [0] },
            ]),
          },
        ],
      },
      CLIENT,
    );
    expect((unknownGroup.response.groups as { topics: unknown[] }[])[0]!.topics).toEqual([
      { topicId: ORDERS, partitions: [none(0)] },
      { topicId: NOWHERE, partitions: [none(0, 100)] },
    ]);
    // StreamsGroup.validateOffsetFetch fails the group: no topics, not even the unknown id's
    const stranger = fetch(b, byId([{ topicId: NOWHERE, partitionIndexes: [0] }], { memberId: 'zz', memberEpoch: 3 }), 10);
    expect(stranger.response).toEqual({ throttleTimeMs: 0, groups: [{ groupId: G, topics: [], errorCode: 25 }] });
  });

  it('all topics (null): each committed topic with its id', () => {
    const out = fetch(committed(), byId(null), 10);
    expect(out.response).toEqual({ throttleTimeMs: 0, groups: [{ groupId: G, topics: [{ topicId: ORDERS, partitions: [at42] }], errorCode: 0 }] });
  });
});

describe('OffsetDelete', () => {
  it('a topic the group reads: GROUP_SUBSCRIBED_TO_TOPIC; once the group is Empty: offset tombstones', () => {
    const b = broker();
    join(b, 'a');
    commit(b, 'a', 2, { orders: [0, 1] });
    const busy = del(b, { orders: [0] });
    expect(busy.response).toMatchObject({ errorCode: 0, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, errorCode: 86 }] }] });
    expect(busy.batch).toBeNull();
    leave(b, 'a');
    // KafkaApis.handleOffsetDeleteRequest answers orders-5 (orders has 2 partitions) and the unknown topic itself,
    // before the coordinator; OffsetDeleteResponse.Builder.merge puts the coordinator's orders-0 after them
    const r = del(b, { orders: [0, 5], ghost: [0] });
    expect(r.response).toMatchObject({
      errorCode: 0,
      topics: [
        {
          name: 'orders',
          partitions: [
            { partitionIndex: 5, errorCode: 3 },
            { partitionIndex: 0, errorCode: 0 },
          ],
        },
        { name: 'ghost', partitions: [{ partitionIndex: 0, errorCode: 3 }] },
      ],
    });
    expect(r.batch!.records.map((x) => [x.type, x.key, x.value])).toEqual([['OffsetCommit', { group: G, topic: 'orders', partition: 0 }, null]]);
    expect(b.send('OffsetDelete', 0, { groupId: 'nope', topics: [] }, CLIENT).response).toMatchObject({ errorCode: 69 });
    // GroupCoordinatorService.deleteOffsets: an empty group id is INVALID_GROUP_ID, which replaces KafkaApis' answers
    expect(b.send('OffsetDelete', 0, { groupId: '', topics: [{ name: 'ghost', partitions: [{ partitionIndex: 0 }] }] }, CLIENT).response).toEqual({ errorCode: 24, throttleTimeMs: 0, topics: [] });
  });
});

describe('OffsetFetch v1-7 in a scenario', () => {
  const scenario = (steps: unknown[]) =>
    JSON.stringify({
      format: 1,
      groupId: G,
      config: { 'group.streams.initial.rebalance.delay.ms': 0 },
      topics: [{ name: 'orders', partitions: 2 }],
      topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['orders'] }] },
      clients: { a: { profile: 'java', processId: 'p1' } },
      steps: [
        { client: 'a', do: 'join' },
        { send: 'OffsetCommit', member: 'a', data: { generationIdOrMemberEpoch: 2, topics: [{ name: 'orders', partitions: [{ partitionIndex: 1, committedOffset: 7 }] }] } },
        ...steps,
      ],
    });
  const run = (steps: unknown[]) => {
    const parsed = parseScenario(scenario(steps));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return runScenario(parsed.scenario).steps;
  };

  it('"send": "OffsetFetch", "version": 5 fetches the scenario\'s group, all topics (the runner fills groupId and topics null)', () => {
    const [, commitStep, step] = run([{ send: 'OffsetFetch', version: 5 }]);
    expect(commitStep!.errorName).toBe('NONE');
    expect([step!.api, step!.version, step!.errorName]).toEqual(['OffsetFetch', 5, 'NONE']);
    expect(step!.request).toEqual({ groupId: G, topics: null });
    expect(step!.response).toEqual({
      throttleTimeMs: 0,
      topics: [{ name: 'orders', partitions: [{ partitionIndex: 1, committedOffset: 7, committedLeaderEpoch: -1, metadata: '', errorCode: 0 }] }],
      errorCode: 0,
    });
    expect(step!.narration.join(' ')).toMatch(/OffsetFetch v5: 1 committed offset\(s\) found for app.*one group at the top level and no member/);
  });

  it('a scenario sends v10: OffsetCommit by topic id (the runner fills groupId and memberId) and OffsetFetch v10 with the default group, all topics', () => {
    const orders = topicIdOf('orders');
    const [, , commitStep, fetchStep, unknownStep] = run([
      { send: 'OffsetCommit', version: 10, member: 'a', data: { generationIdOrMemberEpoch: 2, topics: [{ topicId: orders, partitions: [{ partitionIndex: 0, committedOffset: 9 }] }] } },
      { send: 'OffsetFetch', version: 10 },
      { send: 'OffsetFetch', version: 10, data: { groups: [{ groupId: G, topics: [{ topicId: 'AAAAAAAAAAAAAAAAAAAAAQ', partitionIndexes: [0] }] }] } },
    ]);
    expect([commitStep!.version, commitStep!.errorName, commitStep!.response]).toEqual([
      10,
      'NONE',
      { throttleTimeMs: 0, topics: [{ topicId: orders, partitions: [{ partitionIndex: 0, errorCode: 0 }] }] },
    ]);
    expect(fetchStep!.request).toEqual({ groups: [{ groupId: G, memberId: null, memberEpoch: -1, topics: null }], requireStable: false });
    const offsets = ((fetchStep!.response as Record<string, unknown>).groups as { topics: { topicId: string; partitions: { partitionIndex: number; committedOffset: number }[] }[] }[])[0]!.topics;
    expect(offsets.map((t) => [t.topicId, t.partitions.map((p) => [p.partitionIndex, p.committedOffset])])).toEqual([
      [
        orders,
        [
          [0, 9],
          [1, 7],
        ],
      ],
    ]);
    // an id the cluster does not have: the narration names the ids it has
    expect(unknownStep!.errorName).toBe('UNKNOWN_TOPIC_ID');
    expect(unknownStep!.narration.join(' ')).toContain(`the cluster's topic ids: orders = ${orders}`);
  });

  it('v1 cannot ask for all topics: the runner names every partition of the cluster; the validator refuses topics null', () => {
    const [, , step] = run([{ send: 'OffsetFetch', version: 1 }]);
    expect(step!.request).toEqual({ groupId: G, topics: [{ name: 'orders', partitionIndexes: [0, 1] }] });
    expect(step!.response).toEqual({
      topics: [
        {
          name: 'orders',
          partitions: [
            { partitionIndex: 0, committedOffset: -1, metadata: '', errorCode: 0 },
            { partitionIndex: 1, committedOffset: 7, metadata: '', errorCode: 0 },
          ],
        },
      ],
    });
    const refused = parseScenario(scenario([{ send: 'OffsetFetch', version: 1, data: { topics: null } }]));
    expect(refused.ok ? [] : refused.errors.map((e) => [e.path, e.message])).toEqual([['$.steps[2].data.topics', expect.stringMatching(/null/)]]);
  });

  it('the validator knows each form: groups is not a v1-7 field, groupId not a v8+ one', () => {
    const errors = (step: unknown) => {
      const r = parseScenario(scenario([step]));
      return r.ok ? [] : r.errors.map((e) => e.message);
    };
    expect(errors({ send: 'OffsetFetch', version: 5, data: { groupId: 'other', topics: [{ name: 'orders', partitionIndexes: [0] }] } })).toEqual([]);
    expect(errors({ send: 'OffsetFetch', version: 5, data: { groups: [] } })).toEqual(['Field "groups" is not in OffsetFetch v5 (ak4)']);
    expect(errors({ send: 'OffsetFetch', version: 9, data: { groupId: G } })).toEqual(['Field "groupId" is not in OffsetFetch v9 (ak4)']);
    expect(errors({ send: 'OffsetFetch', version: 6, data: { requireStable: true } })).toEqual(['Field "requireStable" is not in OffsetFetch v6 (ak4)']);
    // v10 names topics by topic id (a uuid in Kafka's base64 form), not by name
    expect(
      errors({ send: 'OffsetFetch', version: 10, data: { groups: [{ groupId: G, memberId: null, memberEpoch: -1, topics: [{ topicId: topicIdOf('orders'), partitionIndexes: [0] }] }] } }),
    ).toEqual([]);
    expect(errors({ send: 'OffsetFetch', version: 10, data: { groups: [{ groupId: G, topics: [{ name: 'orders', partitionIndexes: [0] }] }] } })).toEqual([
      expect.stringMatching(/^Unknown field "name" in OffsetFetchRequestTopicsById/),
    ]);
    expect(errors({ send: 'OffsetFetch', version: 10, data: { groups: [{ groupId: G, topics: [{ topicId: 'orders', partitionIndexes: [0] }] }] } })).toEqual([
      expect.stringMatching(/^topicId must be a topic id/),
    ]);
    expect(errors({ send: 'OffsetFetch', version: 11 })).toEqual(['OffsetFetch has versions 0–10 in protocol "ak4", got 11']);
  });
});
