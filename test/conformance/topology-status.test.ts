// ak4 §2.4 statuses, §4.4 steps 4-6 (topology), §4.5 configured topology, §4.8 endpoints, §2.5 describe.
import { describe, expect, it } from 'vitest';
import { Harness, NO_DELAYS, shape, topologyX } from './harness.ts';

describe('ak4 §4.4 steps 4-5 — topology epochs', () => {
  it('STALE_TOPOLOGY (0): a member with a lower topology epoch keeps working and gets the status first', () => {
    const h = new Harness();
    h.join('A', 'pA', topologyX(2));
    const r = h.join('B', 'pB', topologyX(1));
    expect(r.error).toBe('NONE');
    expect(r.res.status).toEqual([{ statusCode: 0, statusDetail: "The member's topology epoch 1 is behind the group's topology epoch 2." }]);
    expect(shape(r.records)).not.toContain('StreamsGroupTopology');
  });
  it('a different topology at the same epoch → INVALID_REQUEST "Topology updates are not supported yet.", nothing written', () => {
    const h = new Harness({
      topics: [
        ['in0', 4],
        ['in1', 4],
        ['app-0-changelog', 4],
      ],
    });
    h.join('A', 'pA', topologyX(0));
    const before = h.logSize();
    const r = h.join('B', 'pB', { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in1'], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0 }] }] });
    expect(r.error).toBe('INVALID_REQUEST');
    expect(r.message).toBe('Topology updates are not supported yet.');
    expect(h.logSize()).toBe(before);
  });
  it('a different topology at a higher epoch is rejected the same way (no upgrades yet)', () => {
    const h = new Harness();
    h.join('A', 'pA', topologyX(0));
    const r = h.join('B', 'pB', { ...topologyX(1), subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] });
    expect(r.message).toBe('Topology updates are not supported yet.');
  });
});

describe('ak4 §4.5 — configured topology statuses', () => {
  it('MISSING_SOURCE_TOPICS (1): sorted names; the group is NotReady and members get no tasks; creating the topic makes the next heartbeat ready', () => {
    const h = new Harness({ topics: [['app-0-changelog', 4]] });
    const t = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['zeta', 'in0'], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0 }] }] };
    const r = h.join('A', 'pA', t);
    expect(r.res.status).toEqual([{ statusCode: 1, statusDetail: 'Source topics in0, zeta are missing.' }]);
    expect(r.res.activeTasks).toEqual([]);
    expect(h.state()).toBe('NotReady');
    expect(h.group!.validatedTopologyEpoch).toBe(-1);
    h.broker.changeTopics({
      create: [
        { name: 'in0', partitions: 4 },
        { name: 'zeta', partitions: 4 },
      ],
    });
    const E = r.res.memberEpoch as number;
    const n = h.beat('A', E);
    expect(n.res.status).toEqual([]);
    expect(n.res.memberEpoch).toBe(E + 1);
    expect(h.state()).toBe('Stable');
  });
  it('MISSING_INTERNAL_TOPICS (3): the broker creates them after the response; the next heartbeat is ready and assigns', () => {
    const h = new Harness({ topics: [['in0', 4]] });
    const r = h.join('A', 'pA');
    // [4.4] summarizeTopics: up to three names joined by ", " (older trees printed the Java set "[...]")
    expect(r.res.status).toEqual([{ statusCode: 3, statusDetail: 'Internal topics are missing: app-0-changelog' }]);
    expect(r.out.createdTopics).toEqual([{ name: 'app-0-changelog', partitions: 4 }]);
    expect(h.broker.topics.get('app-0-changelog')).toBe(4);
    expect(h.state()).toBe('NotReady');
    const n = h.beat('A', r.res.memberEpoch as number);
    expect(n.res.status).toEqual([]);
    expect(n.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0, 1, 2, 3] }]);
    expect(h.state()).toBe('Stable');
  });
  it('INCORRECTLY_PARTITIONED_TOPICS (2): copartitioned source topics with different partition counts', () => {
    const h = new Harness({
      topics: [
        ['left', 4],
        ['right', 3],
      ],
    });
    const t = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['left', 'right'], copartitionGroups: [{ sourceTopics: [0, 1], repartitionSourceTopics: [] }] }] };
    const r = h.join('A', 'pA', t);
    expect(r.error).toBe('NONE');
    expect((r.res.status as { statusCode: number }[]).map((s) => s.statusCode)).toEqual([2]);
    expect(h.state()).toBe('NotReady');
  });
  it('an existing internal topic with the wrong partition count → status 2 "Existing topic … has different number of partitions"', () => {
    const h = new Harness({
      topics: [
        ['in0', 4],
        ['app-0-changelog', 2],
      ],
    });
    const r = h.join('A', 'pA');
    expect(r.res.status).toEqual([{ statusCode: 2, statusDetail: 'Existing topic app-0-changelog has different number of partitions: expected 4, found 2' }]);
  });
  it('a subtopology without source topics → STREAMS_INVALID_TOPOLOGY (130) from the coordinator', () => {
    const h = new Harness();
    const r = h.join('A', 'pA', { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: [] }] });
    expect(r.error).toBe('STREAMS_INVALID_TOPOLOGY');
    expect(h.logSize()).toBe(0);
  });
});

describe('ak4 §2.4 — SHUTDOWN_APPLICATION (4)', () => {
  it('remembered group-wide; every later response carries it until the group is EMPTY; honoured on leave', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    const r = h.beat('A', E, null, { shutdownApplication: true });
    const status = { statusCode: 4, statusDetail: 'Streams group member A encountered a fatal error and requested a shutdown for the entire application.' };
    expect(r.res.status).toEqual([status]);
    expect(h.beat('B', E + 1).res.status).toEqual([status]);
    h.hb({ memberId: 'A', memberEpoch: -1 });
    h.hb({ memberId: 'B', memberEpoch: -1 });
    expect(h.join('C', 'pC').res.status).toEqual([]);
  });
  it('a leave with ShutdownApplication is remembered', () => {
    const h = new Harness();
    h.join('A', 'pA');
    const E = h.join('B', 'pB').res.memberEpoch as number;
    h.hb({ memberId: 'A', memberEpoch: -1, shutdownApplication: true });
    expect(h.beat('B', E).res.status).toEqual([{ statusCode: 4, statusDetail: 'Streams group member A encountered a fatal error and requested a shutdown for the entire application.' }]);
  });
  it('GroupMetadataManager.streamsGroupLeave sets StreamsGroup.setShutdownRequestMemberId before it checks the member: a leave that fails still requests the shutdown', () => {
    const h = new Harness();
    h.join('A', 'pA', topologyX(), { instanceId: 'i' });
    const E = h.join('B', 'pB').res.memberEpoch as number;
    // an unknown member id: UNKNOWN_MEMBER_ID, nothing written, and the request is kept under that id
    const unknown = h.hb({ memberId: 'ghost', memberEpoch: -1, shutdownApplication: true });
    expect(unknown.error).toBe('UNKNOWN_MEMBER_ID');
    expect(unknown.records).toEqual([]);
    const status = (id: string) => [{ statusCode: 4, statusDetail: `Streams group member ${id} encountered a fatal error and requested a shutdown for the entire application.` }];
    expect(h.beat('B', E).res.status).toEqual(status('ghost'));
    // the first request wins: a fenced static leave later changes nothing
    expect(h.hb({ memberId: 'other', instanceId: 'i', memberEpoch: -2, shutdownApplication: true }).error).toBe('FENCED_INSTANCE_ID');
    expect(h.beat('B', E).res.status).toEqual(status('ghost'));
  });
  it('a fenced static leave requests the shutdown too', () => {
    const h = new Harness();
    h.join('A', 'pA', topologyX(), { instanceId: 'i' });
    const E = h.join('B', 'pB').res.memberEpoch as number;
    expect(h.hb({ memberId: 'other', instanceId: 'i', memberEpoch: -1, shutdownApplication: true }).error).toBe('FENCED_INSTANCE_ID');
    expect(h.beat('B', E).res.status).toEqual([{ statusCode: 4, statusDetail: 'Streams group member other encountered a fatal error and requested a shutdown for the entire application.' }]);
  });
  it('a join that creates the group with a shutdown request: that response carries it, the group (replaced by the replay) does not keep it', () => {
    const h = new Harness();
    const r = h.join('A', 'pA', topologyX(), { shutdownApplication: true });
    expect(r.res.status).toEqual([{ statusCode: 4, statusDetail: 'Streams group member A encountered a fatal error and requested a shutdown for the entire application.' }]);
    expect(h.group!.shutdownRequester).toBeNull();
  });
  it('the last member leaving with a shutdown request: the group empties and forgets it (set before the removal is replayed)', () => {
    const h = new Harness();
    h.join('A', 'pA');
    h.hb({ memberId: 'A', memberEpoch: -1, shutdownApplication: true });
    expect(h.group!.shutdownRequester).toBeNull();
    expect(h.join('C', 'pC').res.status).toEqual([]);
  });
});

describe('ak4 §4.8 — endpoint information', () => {
  it('PartitionsByUserEndpoint is sent iff the group endpoint epoch differs from the request; [4.4] epoch 0 when the group was just created', () => {
    const h = new Harness();
    const a = h.join('A', 'pA', topologyX(), { userEndpoint: { host: 'a', port: 1 }, endpointInformationEpoch: -1 });
    expect(a.res.endpointInformationEpoch).toBe(0);
    expect(a.res.partitionsByUserEndpoint).toEqual([{ userEndpoint: { host: 'a', port: 1 }, activePartitions: [{ topic: 'in0', partitions: [0, 1, 2, 3] }], standbyPartitions: [] }]);
    const E = a.res.memberEpoch as number;
    const b = h.join('B', 'pB', topologyX(), { userEndpoint: { host: 'b', port: 2 }, endpointInformationEpoch: -1 });
    expect(b.res.endpointInformationEpoch).toBe(1);
    const eps = b.res.partitionsByUserEndpoint as { userEndpoint: { host: string } }[];
    expect(eps.map((e) => e.userEndpoint.host)).toEqual(['a', 'b']); // other members first, this member last
    h.beat('A', E);
    h.beat('A', E, { active: { '0': [0, 1] } });
    h.beat('B', E + 1, {});
    const ep = h.group!.endpointInformationEpoch;
    const same = h.beat('A', E + 1, null, { endpointInformationEpoch: ep });
    expect(same.res).toMatchObject({ endpointInformationEpoch: ep, partitionsByUserEndpoint: null });
    const stale = h.beat('A', E + 1, null, { endpointInformationEpoch: ep - 1 });
    expect((stale.res.partitionsByUserEndpoint as unknown[]).length).toBe(2);
  });

  it('StreamsGroup.buildEndpointToPartitions: the other members in the order of the member TimelineHashMap (not a HashMap), a replaced static member left out', () => {
    const h = new Harness();
    const ep = (host: string) => ({ userEndpoint: { host, port: 1 }, endpointInformationEpoch: -1 });
    // "A" (hash 65) and "I" (73) share a slot of the small member table, where the newer iterates first; a HashMap of
    // 16 slots would give A (slot 1) before I (slot 9)
    h.join('A', 'pA', topologyX(), ep('a'));
    h.join('I', 'pI', topologyX(), ep('i'));
    h.join('S', 'pS', topologyX(), { ...ep('s'), instanceId: 'i' });
    const hosts = (r: { res: Record<string, unknown> }) => (r.res.partitionsByUserEndpoint as { userEndpoint: { host: string } }[]).map((e) => e.userEndpoint.host);
    const x = h.join('X', 'pX', topologyX(), ep('x'));
    expect(hosts(x)).toEqual(['i', 'a', 's', 'x']);
    // S leaves for a while (-2) and comes back as S2 with the same instance id: S is replaced, so only S2 is listed
    h.hb({ memberId: 'S', instanceId: 'i', memberEpoch: -2 });
    const s2 = h.join('S2', 'pS', topologyX(), { ...ep('s2'), instanceId: 'i' });
    expect(s2.error).toBe('NONE');
    expect(hosts(s2)).not.toContain('s');
    expect(hosts(s2).at(-1)).toBe('s2');
  });

  it('EndpointToPartitionsManager.topicPartitions: one entry per subtopology and topic (a HashSet of its source and repartition source topics), standby and warm-up tasks together', () => {
    const h = new Harness({
      topics: [
        ['in0', 2],
        ['in1', 2],
        ['zz', 2],
        ['app-0-changelog', 2],
      ],
    });
    const topology = {
      epoch: 0,
      subtopologies: [
        { subtopologyId: '0', sourceTopics: ['zz', 'in0'] },
        { subtopologyId: '1', sourceTopics: ['in1'] },
      ],
    };
    const a = h.join('A', 'pA', topology, { userEndpoint: { host: 'a', port: 1 }, endpointInformationEpoch: -1 });
    // subtopologies "0", "1" (HashMap order); in "0" the HashSet holds "zz" (hash 3904) in slot 0 and "in0" (104363) in slot 10
    expect(a.res.partitionsByUserEndpoint).toEqual([
      {
        userEndpoint: { host: 'a', port: 1 },
        activePartitions: [
          { topic: 'zz', partitions: [0, 1] },
          { topic: 'in0', partitions: [0, 1] },
          { topic: 'in1', partitions: [0, 1] },
        ],
        standbyPartitions: [],
      },
    ]);
  });
});

describe('ak4 §2.5 — StreamsGroupDescribe', () => {
  it('describes state, epochs, topology (configured, with resolved counts), members with assignment and target', () => {
    const h = new Harness();
    const E = h.join('A', 'pA', topologyX(), { instanceId: 'i', rackId: 'r' }).res.memberEpoch as number;
    // the configured topology of a group created by a heartbeat is not kept (the group materialises on replay);
    // the next heartbeat configures it again
    expect((h.describe().response as { groups: { topology: unknown }[] }).groups[0]!.topology).toMatchObject({ subtopologies: [{ stateChangelogTopics: [{ partitions: 0 }] }] });
    // the next heartbeat configures it in memory; StreamsGroup.asDescribedGroup reads it at the committed offset,
    // so only once a write appends records (here the member's new rebalance timeout)
    h.beat('A', E, null, { instanceId: 'i' });
    expect((h.describe().response as { groups: { topology: unknown }[] }).groups[0]!.topology).toMatchObject({ subtopologies: [{ stateChangelogTopics: [{ partitions: 0 }] }] });
    expect(h.beat('A', E, null, { instanceId: 'i', rebalanceTimeoutMs: 200000 }).types).toEqual(['StreamsGroupMemberMetadata']);
    const d = h.describe(['g', 'nope', '']);
    // GroupCoordinatorService.streamsGroupDescribe answers the empty id first, then the groups in request order
    const [empty, g, nope] = (d.response as { groups: Record<string, unknown>[] }).groups;
    expect(g).toMatchObject({ errorCode: 0, groupId: 'g', groupState: 'Stable', groupEpoch: E, assignmentEpoch: E, authorizedOperations: -2147483648 });
    expect(g!.topology).toMatchObject({ epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 4 }] }] });
    expect(g!.members).toEqual([
      expect.objectContaining({
        memberId: 'A',
        memberEpoch: E,
        instanceId: 'i',
        rackId: 'r',
        processId: 'pA',
        topologyEpoch: 0,
        isClassic: false,
        assignment: { activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2, 3] }], standbyTasks: [], warmupTasks: [] },
        targetAssignment: { activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2, 3] }], standbyTasks: [], warmupTasks: [] },
      }),
    ]);
    expect(nope).toMatchObject({ errorCode: 69, errorMessage: 'Group nope not found.' });
    expect(empty).toMatchObject({ errorCode: 24, groupId: '' });
  });
});
void NO_DELAYS;

describe('StreamsGroupDescribe member lists as StreamsGroupMember.asStreamsGroupDescribeMember builds them', () => {
  it('client tags in the iteration order of the member HashMap (filled from the record, sorted by key); task offsets sorted by subtopology, then partition', () => {
    const h = new Harness({
      topics: [
        ['in0', 4],
        ['in1', 4],
        ['app-0-changelog', 4],
      ],
    });
    const topology = {
      epoch: 0,
      subtopologies: [
        { subtopologyId: '0', sourceTopics: ['in0'] },
        { subtopologyId: '1', sourceTopics: ['in1'] },
      ],
    };
    // the record sorts them az, rack, zone; a 16-slot HashMap iterates rack (hash 3492567, slot 0), zone (3744684,
    // slot 1), az (3129, slot 9)
    const E = h.join('A', 'pA', topology, {
      clientTags: [
        { key: 'zone', value: 'z1' },
        { key: 'az', value: 'a1' },
        { key: 'rack', value: 'r1' },
      ],
    }).res.memberEpoch as number;
    const r = h.beat('A', E, null, {
      taskOffsets: [
        { subtopologyId: '1', partition: 0, offset: 5 },
        { subtopologyId: '0', partition: 3, offset: 7 },
        { subtopologyId: '0', partition: 1, offset: 9 },
      ],
    });
    expect(r.error).toBe('NONE');
    const record = [...h.broker.coordinator.log.records()].find((x) => x.record.type === 'StreamsGroupMemberMetadata')!.record;
    expect(record.value!.clientTags).toEqual([
      { key: 'az', value: 'a1' },
      { key: 'rack', value: 'r1' },
      { key: 'zone', value: 'z1' },
    ]);
    const member = (h.describe().response as { groups: { members: Record<string, unknown>[] }[] }).groups[0]!.members[0]!;
    expect(member.clientTags).toEqual([
      { key: 'rack', value: 'r1' },
      { key: 'zone', value: 'z1' },
      { key: 'az', value: 'a1' },
    ]);
    expect(member.taskOffsets).toEqual([
      { subtopologyId: '0', partition: 1, offset: 9 },
      { subtopologyId: '0', partition: 3, offset: 7 },
      { subtopologyId: '1', partition: 0, offset: 5 },
    ]);
    expect(member.taskEndOffsets).toEqual([]);
  });
});

describe('task offsets sent on the heartbeat that creates the group', () => {
  it('are not kept: GroupMetadataManager.getOrCreateStreamsGroup makes that group outside the groups map and the replayed StreamsGroupMetadata makes the kept one (StreamsGroup.updateTaskOffsets wrote to the first); the next heartbeat keeps them', () => {
    const h = new Harness({
      topics: [
        ['in0', 4],
        ['in1', 4],
      ],
    });
    const topology = {
      epoch: 0,
      subtopologies: [
        { subtopologyId: '0', sourceTopics: ['in0'] },
        { subtopologyId: '1', sourceTopics: ['in1'] },
      ],
    };
    const offsets = [{ subtopologyId: '0', partition: 1, offset: 9 }];
    const ends = [{ subtopologyId: '1', partition: 2, offset: 50 }];
    const j = h.join('A', 'pA', topology, { taskOffsets: offsets, taskEndOffsets: ends });
    expect(j.error).toBe('NONE');
    const described = () => (h.describe().response as { groups: { members: Record<string, unknown>[] }[] }).groups[0]!.members[0]!;
    expect(described().taskOffsets).toEqual([]);
    expect(described().taskEndOffsets).toEqual([]);
    expect(h.beat('A', j.res.memberEpoch as number, null, { taskOffsets: offsets, taskEndOffsets: ends }).error).toBe('NONE');
    expect(described().taskOffsets).toEqual(offsets);
    expect(described().taskEndOffsets).toEqual(ends);
  });
});
