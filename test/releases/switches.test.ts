// Each release switch (src/core/releases/) against the behaviour of that release's coordinator, read in its jar
// (kafka-group-coordinator-<patch>: the 4.1.2 sources, the 4.2.2/4.3.2/4.4.0 bytecode).
import { describe, expect, it } from 'vitest';
import { KAFKA_RELEASES, type KafkaRelease } from '../../src/core/releases/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';
import { validateOffsetCommit } from '../../src/core/offsets/validate.ts';
import type { Trace } from '../../src/core/scenario/types.ts';

const TOPOLOGY = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] };

function run(kafka: KafkaRelease, steps: unknown[], extra: Record<string, unknown> = {}): { trace: Trace; runner: ScenarioRunner } {
  const r = parseScenario(
    JSON.stringify({
      kafka,
      topics: [{ name: 'in', partitions: 2 }],
      topology: TOPOLOGY,
      clients: { a: { profile: 'java' }, b: { profile: 'java' } },
      steps,
      ...extra,
    }),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const runner = new ScenarioRunner(r.scenario);
  return { trace: runner.run(), runner };
}
type Json = Record<string, unknown>;
const responseOf = (s: Trace['steps'][number]): Json => s.response as Json;
/** No initial rebalance delay: 4.1 has none, the others are set to 0. */
const noDelay = (kafka: KafkaRelease) => (kafka === '4.1' ? {} : { config: { 'group.streams.initial.rebalance.delay.ms': 0 } });

describe('release switches, each as its release runs it', () => {
  it('serviceRejectsLaterFeatures — GroupCoordinatorService.throwIfStreamsGroupHeartbeatRequestIsUsingUnsupportedFeatures: 4.1–4.3 refuse a static member, 4.4 takes it', () => {
    const statics = (kafka: KafkaRelease) => run(kafka, [{ client: 'a', do: 'join' }], { ...noDelay(kafka), clients: { a: { profile: 'java', instanceId: 'i-a' } } }).trace.steps[0]!;
    for (const k of ['4.1', '4.2', '4.3'] as const) {
      expect(statics(k).errorName, k).toBe('INVALID_REQUEST');
      expect(responseOf(statics(k)).errorMessage, k).toBe('Static membership is not yet supported.');
    }
    expect(statics('4.4').errorName).toBe('NONE');
  });

  it('newGroupEpochs and firstBumpSkipsToTwo — StreamsGroup() and GroupMetadataManager.streamsGroupHeartbeat: the first member epoch is 1 in 4.1, 2 from 4.2', () => {
    const first = (kafka: KafkaRelease) => run(kafka, [{ client: 'a', do: 'join' }], noDelay(kafka)).trace.steps[0]!;
    expect(responseOf(first('4.1')).memberEpoch).toBe(1);
    for (const k of ['4.2', '4.3', '4.4'] as const) expect(responseOf(first(k)).memberEpoch, k).toBe(2);
  });

  it('newGroupEpochs and delayedTargetEpochAtLeastOne — GroupMetadataManager (4.2.2 streamsGroupHeartbeat, 4.3.2 maybeUpdateStreamsTargetAssignment): during the initial delay a joiner is at epoch 1 in 4.2 (max(1, 0)), 4.3 and 4.4 (TargetAssignmentMetadata.INITIAL)', () => {
    const delayed = (kafka: KafkaRelease) => run(kafka, [{ client: 'a', do: 'join' }]).trace.steps[0]!;
    expect(responseOf(delayed('4.2')).memberEpoch).toBe(1);
    expect(responseOf(delayed('4.3')).memberEpoch).toBe(1);
    expect(responseOf(delayed('4.4')).memberEpoch).toBe(1);
    for (const k of ['4.2', '4.3', '4.4'] as const) expect(JSON.stringify(responseOf(delayed(k)).status), k).toContain('Assignment delayed due to the configured initial rebalance delay.');
  });

  it('emptyStatusIsNull — GroupMetadataManager.streamsGroupHeartbeat (4.1.2 sets Status only when not empty; its default is null)', () => {
    expect(responseOf(run('4.1', [{ client: 'a', do: 'join' }]).trace.steps[0]!).status).toBeNull();
    expect(responseOf(run('4.2', [{ client: 'a', do: 'join' }], noDelay('4.2')).trace.steps[0]!).status).toEqual([]);
  });

  it('emptyStatusIsNull — StreamsGroupHeartbeatResponse.json (4.1.2: Status "default": "null"): an error response and a leave carry null, later releases []', () => {
    const statics = (kafka: KafkaRelease) => run(kafka, [{ client: 'a', do: 'join' }], { ...noDelay(kafka), clients: { a: { profile: 'java', instanceId: 'i-a' } } }).trace.steps[0]!;
    expect(statics('4.1').errorName).toBe('INVALID_REQUEST');
    expect(responseOf(statics('4.1')).status).toBeNull();
    expect(responseOf(statics('4.2')).status).toEqual([]);
    const leave = (kafka: KafkaRelease) =>
      run(
        kafka,
        [
          { client: 'a', do: 'join' },
          { client: 'a', do: 'leave' },
        ],
        noDelay(kafka),
      ).trace.steps[1]!;
    expect(leave('4.1').errorName).toBe('NONE');
    expect(responseOf(leave('4.1')).status).toBeNull();
    expect(responseOf(leave('4.2')).status).toEqual([]);
  });

  it('noValidatedEpochOrAssignmentConfigs — StreamsCoordinatorRecordHelpers.newStreamsGroupEpochRecord (4.1.2): Epoch and MetadataHash only', () => {
    const meta = (kafka: KafkaRelease) => run(kafka, [{ client: 'a', do: 'join' }], noDelay(kafka)).trace.steps[0]!.records.find((r) => r.type === 'StreamsGroupMetadata')!.value!;
    expect(Object.keys(meta('4.1')).sort()).toEqual(['epoch', 'metadataHash']);
    expect(Object.keys(meta('4.2'))).toContain('validatedTopologyEpoch');
    expect(Object.keys(meta('4.2'))).toContain('lastAssignmentConfigs');
  });

  it('fenceWritesZeroMetadataHash — GroupMetadataManager.streamsGroupFenceMember (4.1.2: newStreamsGroupEpochRecord(groupId, epoch, 0)): a leave writes MetadataHash 0, which the next bump keeps; 4.2 writes the group hash', () => {
    const metas = (kafka: KafkaRelease) =>
      run(
        kafka,
        [
          { client: 'a', do: 'join' },
          { client: 'b', do: 'join' },
          { client: 'b', do: 'leave' },
          { client: 'c', do: 'join' },
        ],
        { ...noDelay(kafka), clients: { a: { profile: 'java' }, b: { profile: 'java' }, c: { profile: 'java' } } },
      ).trace.steps.map((s) => s.records.find((r) => r.type === 'StreamsGroupMetadata')!.value as Json);
    const joined = metas('4.1')[0]!.metadataHash;
    expect(joined).not.toBe(0);
    // the leave's record is Epoch and MetadataHash 0 only; c's join does not recompute the hash (the configured topology is cached), so it keeps 0
    expect(metas('4.1').slice(2)).toEqual([
      { epoch: 3, metadataHash: 0 },
      { epoch: 4, metadataHash: 0 },
    ]);
    for (const k of ['4.2', '4.3', '4.4'] as const)
      expect(
        metas(k).map((m) => m.metadataHash),
        k,
      ).toEqual([joined, joined, joined, joined]);
  });

  it('fenceRejoinAtEpochZero — GroupMetadataManager.throwIfStreamsGroupMemberEpochIsInvalid: 4.1 fences a known member rejoining at epoch 0 (4.2 returns early for epoch 0)', () => {
    const rejoin = (kafka: KafkaRelease) =>
      run(
        kafka,
        [
          { client: 'a', do: 'join' },
          { client: 'b', do: 'join' },
          { client: 'a', do: 'heartbeat' },
          {
            send: 'StreamsGroupHeartbeat',
            member: 'a',
            data: { groupId: 'app', memberId: 'a', memberEpoch: 0, rebalanceTimeoutMs: 1000, topology: TOPOLOGY, activeTasks: [], standbyTasks: [], warmupTasks: [] },
          },
        ],
        noDelay(kafka),
      ).trace.steps[3]!;
    expect(rejoin('4.1').errorName).toBe('FENCED_MEMBER_EPOCH');
    for (const k of ['4.2', '4.3', '4.4'] as const) expect(rejoin(k).errorName, k).toBe('NONE');
  });

  it('endpointEpochBump and endpointEpochAlwaysSent — GroupMetadataManager.streamsGroupHeartbeat: a join that gets tasks bumps the endpoint epoch in 4.1 (and says so for a new group), not later', () => {
    const join = (kafka: KafkaRelease) => responseOf(run(kafka, [{ client: 'a', do: 'join' }], noDelay(kafka)).trace.steps[0]!);
    expect(join('4.1').endpointInformationEpoch).toBe(0);
    for (const k of ['4.2', '4.3', '4.4'] as const) expect(join(k).endpointInformationEpoch, k).toBe(0);
  });

  it("initialEndpointInformationEpoch — StreamsGroup's endpointInformationEpoch field (4.1.2: -1, 4.2.2 bytecode: 0): a join that gets no tasks answers it", () => {
    const noTasks = (kafka: KafkaRelease) => responseOf(run(kafka, [{ client: 'a', do: 'join' }], { ...noDelay(kafka), topics: [] }).trace.steps[0]!);
    expect(noTasks('4.1').activeTasks).toEqual([]);
    expect(noTasks('4.1').endpointInformationEpoch).toBe(-1);
    expect(noTasks('4.2').endpointInformationEpoch).toBe(0);
  });

  it('endpointPartitionsFromMemberMap — GroupMetadataManager.maybeBuildEndpointToPartitions (4.1.2): the stored member map only, null when none has an endpoint', () => {
    const withEndpoints = (kafka: KafkaRelease) =>
      run(
        kafka,
        [
          { client: 'a', do: 'join' },
          { client: 'a', do: 'heartbeat' },
        ],
        {
          ...noDelay(kafka),
          clients: { a: { profile: 'java', userEndpoint: { host: 'h-a', port: 1 } }, b: { profile: 'java' } },
        },
      ).trace.steps;
    // the joining member is not in the map yet: 4.1 lists nobody (null), 4.2 lists the joiner
    expect(responseOf(withEndpoints('4.1')[0]!).partitionsByUserEndpoint).toBeNull();
    expect(responseOf(withEndpoints('4.2')[0]!).partitionsByUserEndpoint).toHaveLength(1);
    const noEndpoint = (kafka: KafkaRelease) =>
      responseOf(
        run(
          kafka,
          [
            { client: 'a', do: 'join' },
            { client: 'a', do: 'heartbeat' },
          ],
          noDelay(kafka),
        ).trace.steps[0]!,
      );
    expect(noEndpoint('4.1').partitionsByUserEndpoint).toBeNull();
    expect(noEndpoint('4.2').partitionsByUserEndpoint).toEqual([]);
  });

  it('topicListDetail — InternalTopicManager.configureTopics (4.1.2: "Internal topics are missing: " + a key set; summarizeTopics from 4.2)', () => {
    const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'], stateChangelogTopics: [{ name: 'app-a-changelog' }, { name: 'app-b-changelog' }] }] };
    const detail = (kafka: KafkaRelease) =>
      (responseOf(run(kafka, [{ client: 'a', do: 'join' }], { ...noDelay(kafka), topology }).trace.steps[0]!).status as { statusDetail: string }[])[0]!.statusDetail;
    expect(detail('4.1')).toMatch(/^Internal topics are missing: \[app-[ab]-changelog, app-[ab]-changelog\]$/);
    expect(detail('4.2')).toMatch(/^Internal topics are missing: app-[ab]-changelog, app-[ab]-changelog$/);
  });

  it('readinessFromConfiguredTopology — StreamsGroup.maybeUpdateGroupState, isSubscribedToTopic and asDescribedGroup (4.1.2, checked on its shard): the configured topology decides, and a new group has none until its next heartbeat', () => {
    const describe = { send: 'StreamsGroupDescribe', data: { groupIds: ['app'] } };
    const offsetDelete = { send: 'OffsetDelete', data: { groupId: 'app', topics: [{ name: 'in', partitions: [{ partitionIndex: 0 }] }] } };
    const steps = (kafka: KafkaRelease) =>
      run(kafka, [{ client: 'a', do: 'join' }, describe, offsetDelete, { client: 'a', do: 'heartbeat' }, describe, offsetDelete, { client: 'b', do: 'join' }, describe], noDelay(kafka)).trace.steps;
    const group = (s: Trace['steps'][number]) => (responseOf(s).groups as Json[])[0]!;
    const deleteCode = (s: Trace['steps'][number]) => ((responseOf(s).topics as Json[])[0]!.partitions as Json[])[0]!.errorCode;
    const v41 = steps('4.1');
    // the join configured the topology on a group object the replay of its records replaced
    expect(group(v41[1]!).groupState).toBe('NotReady');
    expect(group(v41[1]!).topology).toBeNull();
    expect(deleteCode(v41[2]!)).toBe(0);
    // the heartbeat configures it in memory, writing nothing: subscribed now, but a read at the committed offset does not see it
    expect(group(v41[4]!).groupState).toBe('NotReady');
    expect(deleteCode(v41[5]!)).toBe(86);
    // the next write makes it visible
    expect(group(v41[7]!).groupState).toBe('Reconciling');
    expect(group(v41[7]!).topology).not.toBeNull();
    const v42 = steps('4.2');
    expect(group(v42[1]!).groupState).not.toBe('NotReady');
    expect(deleteCode(v42[2]!)).toBe(86);
  });

  it("configuredTopologyClearsShutdownOfEmptyGroup — StreamsGroup.setConfiguredTopology (4.1.2 calls maybeUpdateGroupState, which clears an empty group's shutdown request; checked on its shard): a shutdown request left by an unknown member's leave is gone when the next first member joins in 4.1, kept later", () => {
    const statuses = (kafka: KafkaRelease) => {
      const { trace } = run(
        kafka,
        [
          { client: 'a', do: 'join' },
          { client: 'a', do: 'leave' },
          // the member is gone: UNKNOWN_MEMBER_ID, but StreamsGroupLeave has already recorded the shutdown request
          { send: 'StreamsGroupHeartbeat', version: 0, member: 'a', data: { memberEpoch: -1, instanceId: null, shutdownApplication: true } },
          { client: 'a', do: 'join' },
        ],
        noDelay(kafka),
      );
      expect(trace.steps[2]!.errorName, kafka).toBe('UNKNOWN_MEMBER_ID');
      return ((responseOf(trace.steps[3]!).status as { statusCode: number }[] | null) ?? []).map((x) => x.statusCode);
    };
    expect(statuses('4.1')).toEqual([]);
    for (const k of ['4.2', '4.3', '4.4'] as const) expect(statuses(k), k).toEqual([4]);
  });

  it('taskAssignmentEpochs — StreamsGroupCurrentMemberAssignmentValue.json (4.1.2 has no AssignmentEpochs)', () => {
    const current = (kafka: KafkaRelease) =>
      run(kafka, [{ client: 'a', do: 'join' }], noDelay(kafka)).trace.steps[0]!.records.find((r) => r.type === 'StreamsGroupCurrentMemberAssignment')!.value as { activeTasks: Json[] };
    expect(current('4.1').activeTasks[0]).not.toHaveProperty('assignmentEpochs');
    expect(current('4.2').activeTasks[0]).toHaveProperty('assignmentEpochs');
  });

  it('joinConvertsEmptyClassicGroup — GroupMetadataManager.castToStreamsGroup (4.1.2): a join into an empty classic group is GROUP_ID_NOT_FOUND; 4.2 converts it', () => {
    const commit = { send: 'OffsetCommit', data: { groupId: 'app', generationIdOrMemberEpoch: -1, memberId: '', topics: [{ name: 'in', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] } };
    const join = (kafka: KafkaRelease) => run(kafka, [commit, { client: 'a', do: 'join' }], noDelay(kafka)).trace.steps[1]!;
    expect(join('4.1').errorName).toBe('GROUP_ID_NOT_FOUND');
    expect(join('4.2').errorName).toBe('NONE');
  });

  it('offsetCommitNeedsExactEpoch — StreamsGroup.validateOffsetCommit/validateMemberEpoch (4.1.2): an older epoch is STALE_MEMBER_EPOCH; from 4.2 it passes per task', () => {
    const { runner } = run(
      '4.2',
      [
        { client: 'a', do: 'join' },
        { client: 'b', do: 'join' },
        { client: 'a', do: 'heartbeat' },
        { client: 'a', do: 'heartbeat' },
      ],
      noDelay('4.2'),
    );
    const g = runner.broker.coordinator.groups.get('app')!;
    const a = g.members.get('a')!;
    expect(a.memberEpoch).toBeGreaterThan(a.previousMemberEpoch);
    expect(() => validateOffsetCommit(g, 'a', a.memberEpoch - 1, 9, true)).toThrow('The received member epoch');
    expect(() => validateOffsetCommit(g, 'a', a.memberEpoch - 1, 9, false)).not.toThrow();
  });

  it('clientSendsTaskOffsets — StreamsGroupHeartbeatRequestManager.HeartbeatState: only the 4.4 Java client sends task offsets', () => {
    for (const k of KAFKA_RELEASES) {
      const req = run(k, [{ client: 'a', do: 'join' }], noDelay(k)).trace.steps[0]!.request as Json;
      expect(req.taskOffsets !== undefined && req.taskOffsets !== null, k).toBe(k === '4.4');
    }
  });

  it('fullGroupRefusesKnownMember — GroupMetadataManager.throwIfStreamsGroupIsFull: in a full group a known member rejoining at epoch 0 is GROUP_MAX_SIZE_REACHED in 4.1–4.3; 4.4 lets it in', () => {
    const rejoinFull = (kafka: KafkaRelease) =>
      run(
        kafka,
        [
          { client: 'a', do: 'join' },
          { client: 'b', do: 'join' },
          {
            send: 'StreamsGroupHeartbeat',
            member: 'a',
            data: { groupId: 'app', memberId: 'a', memberEpoch: 0, rebalanceTimeoutMs: 1000, topology: TOPOLOGY, activeTasks: [], standbyTasks: [], warmupTasks: [] },
          },
        ],
        { config: { ...noDelay(kafka).config, 'group.streams.max.size': 2 } },
      ).trace.steps[2]!;
    for (const k of ['4.1', '4.2', '4.3'] as const) {
      expect(rejoinFull(k).errorName, k).toBe('GROUP_MAX_SIZE_REACHED');
      expect(responseOf(rejoinFull(k)).errorMessage, k).toBe('The streams group has reached its maximum capacity of 2 members.');
    }
    expect(rejoinFull('4.4').errorName).toBe('NONE');
  });

  it('noAssignmentTimestamp and lastLeaveKeepsTargetEpoch — StreamsCoordinatorRecordHelpers.newStreamsGroupTargetAssignmentEpochRecord and GroupMetadataManager.streamsGroupFenceMember (4.2.2): no AssignmentTimestamp, and no target record when the last member leaves', () => {
    const steps = [
      { client: 'a', do: 'join' },
      { client: 'a', do: 'leave' },
    ];
    const trace = (kafka: KafkaRelease) => run(kafka, steps, noDelay(kafka)).trace;
    const metadata = (kafka: KafkaRelease, step: number) =>
      trace(kafka)
        .steps[step]!.records.filter((r) => r.type === 'StreamsGroupTargetAssignmentMetadata')
        .map((r) => r.value);
    expect(metadata('4.2', 0)).toEqual([{ assignmentEpoch: 2 }]);
    expect(metadata('4.3', 0)).toEqual([{ assignmentEpoch: 2, assignmentTimestamp: 0 }]);
    expect(metadata('4.2', 1)).toEqual([]);
    expect(metadata('4.3', 1)).toEqual([{ assignmentEpoch: 3, assignmentTimestamp: 0 }]);
  });

  it("olderStickyAssignor — TargetAssignmentBuilder.createAssignmentMemberSpec (4.3.2: the member's target is its previous tasks) and StickyTaskAssignor.initialize (putIfAbsent process map): the agreeing runs of the shard oracle", () => {
    // a holds 0–3 (its target is 0–1 since b joined, b's is 2–3 but b holds nothing yet); c joins
    const targets = (kafka: KafkaRelease) => {
      const trace = run(
        kafka,
        [
          { client: 'a', do: 'join' },
          { client: 'b', do: 'join' },
          { client: 'c', do: 'join' },
        ],
        {
          topics: [{ name: 'in', partitions: 4 }],
          config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0 },
          clients: { a: { profile: 'java', processId: 'p0' }, b: { profile: 'java', processId: 'p2' }, c: { profile: 'java', processId: 'p1' } },
        },
      ).trace;
      const records = trace.steps[2]!.records.filter((r) => r.type === 'StreamsGroupTargetAssignmentMember');
      return Object.fromEntries(records.map((r) => [(r.key as Json).memberId, (r.value as { activeTasks: unknown }).activeTasks]));
    };
    // 4.3: b keeps task 2 of its target; 4.4: b held nothing, so 2 and 3 go to the least loaded processes, p1 (c) first
    expect(targets('4.3')).toEqual({ b: [{ subtopologyId: '0', partitions: [2] }], c: [{ subtopologyId: '0', partitions: [3] }] });
    expect(targets('4.4')).toEqual({ b: [{ subtopologyId: '0', partitions: [3] }], c: [{ subtopologyId: '0', partitions: [2] }] });
  });
});
