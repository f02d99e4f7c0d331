// Hand-computed byte sequences for the streams-group messages, derived field by field from the format.
import { describe, expect, it } from 'vitest';
import { annotate, decodeMessage, defaultMessage, encodeMessage } from '../../src/core/wire/index.ts';
import { hex } from './helpers.ts';

// A minimal ak4 heartbeat: groupId "g", memberId "m", epoch 0, everything else at its default.
const HB_MIN = [
  '02 67', //          GroupId "g": compact length 1+1, 'g'
  '02 6d', //          MemberId "m"
  '00 00 00 00', //    MemberEpoch 0
  '00 00 00 00', //    EndpointInformationEpoch 0
  '00', //             InstanceId null
  '00', //             RackId null
  'ff ff ff ff', //    RebalanceTimeoutMs -1 (default)
  'ff', //             Topology null (nullable struct marker -1)
  '00', //             ActiveTasks null
  '00', //             StandbyTasks null
  '00', //             WarmupTasks null
  '00', //             ProcessId null
  'ff', //             UserEndpoint null (nullable struct)
  '00', //             ClientTags null
  '00', //             TaskOffsets null
  '00', //             TaskEndOffsets null
  '00', //             ShutdownApplication false
  '00', //             tagged fields: none
].join(' ');

describe('StreamsGroupHeartbeatRequest (ak4)', () => {
  it('v0: the minimal heartbeat, byte for byte', () => {
    const b = encodeMessage('StreamsGroupHeartbeatRequest', 0, { groupId: 'g', memberId: 'm', memberEpoch: 0 });
    expect(hex(b)).toBe(HB_MIN);
    expect(hex(b.subarray(0, 2))).toBe('02 67'); // the first bytes: compact "g"
    expect(b.length).toBe(29);
  });
  it('v1 is byte-identical to v0', () => {
    const json = { groupId: 'g', memberId: 'm', memberEpoch: 0 };
    expect(hex(encodeMessage('StreamsGroupHeartbeatRequest', 1, json))).toBe(HB_MIN);
  });
  it('v0: a join with a topology, empty owned tasks and an endpoint', () => {
    const json = {
      groupId: 'app',
      memberId: 'm1',
      memberEpoch: 0,
      endpointInformationEpoch: -1,
      rebalanceTimeoutMs: 300000,
      topology: {
        epoch: 1,
        subtopologies: [
          {
            subtopologyId: '0',
            sourceTopics: ['in'],
            sourceTopicRegex: [],
            stateChangelogTopics: [{ name: 'c', partitions: 0, replicationFactor: 0, topicConfigs: [{ key: 'k', value: 'v' }] }],
            repartitionSinkTopics: [],
            repartitionSourceTopics: [],
            copartitionGroups: [{ sourceTopics: [0], sourceTopicRegex: [], repartitionSourceTopics: [] }],
          },
        ],
      },
      activeTasks: [],
      standbyTasks: [],
      warmupTasks: [],
      processId: 'p',
      userEndpoint: { host: 'h', port: 8080 },
    };
    const expected = [
      '04 61 70 70', //       GroupId "app"
      '03 6d 31', //          MemberId "m1"
      '00 00 00 00', //       MemberEpoch 0
      'ff ff ff ff', //       EndpointInformationEpoch -1
      '00 00', //             InstanceId, RackId null
      '00 04 93 e0', //       RebalanceTimeoutMs 300000
      '01', //                Topology present
      '00 00 00 01', //         Epoch 1
      '02', //                  Subtopologies: 1 element
      '02 30', //                 SubtopologyId "0"
      '02 03 69 6e', //           SourceTopics ["in"]
      '01', //                    SourceTopicRegex []
      '02', //                    StateChangelogTopics: 1
      '02 63 00 00 00 00 00 00', //   Name "c", Partitions 0, ReplicationFactor 0 (int16)
      '02 02 6b 02 76 00', //         TopicConfigs [{k, v}] + KeyValue tagged section
      '00', //                        TopicInfo tagged section
      '01 01', //                 RepartitionSinkTopics [], RepartitionSourceTopics []
      '02 02 00 00 01 01 00', //  CopartitionGroups [{SourceTopics [0] (int16), [], []}] + tagged
      '00', //                    Subtopology tagged section
      '00', //                  Topology tagged section
      '01 01 01', //          ActiveTasks, StandbyTasks, WarmupTasks: empty (0x01), not null (0x00)
      '02 70', //             ProcessId "p"
      '01 02 68 1f 90 00', // UserEndpoint present: Host "h", Port 8080 (uint16), tagged
      '00 00 00 00', //       ClientTags, TaskOffsets, TaskEndOffsets null; ShutdownApplication false
      '00', //                tagged fields
    ].join(' ');
    const b = encodeMessage('StreamsGroupHeartbeatRequest', 0, json);
    expect(hex(b)).toBe(expected);
    const back = decodeMessage('StreamsGroupHeartbeatRequest', 0, b);
    expect(back.consumed).toBe(b.length);
    expect(back.json).toEqual({ ...defaultMessage('StreamsGroupHeartbeatRequest', 0), ...json });
  });
  it('null and empty owned-task lists differ visibly: 0x00 vs 0x01', () => {
    const base = { groupId: 'g', memberId: 'm', memberEpoch: 3 };
    const withNull = encodeMessage('StreamsGroupHeartbeatRequest', 0, { ...base, activeTasks: null });
    const withEmpty = encodeMessage('StreamsGroupHeartbeatRequest', 0, { ...base, activeTasks: [] });
    expect(withNull[19]).toBe(0x00);
    expect(withEmpty[19]).toBe(0x01);
    expect([...withNull].filter((x, i) => x !== withEmpty[i]).length).toBe(1);
    const a0 = annotate('StreamsGroupHeartbeatRequest', 0, withNull).find((a) => a.path === 'activeTasks');
    const a1 = annotate('StreamsGroupHeartbeatRequest', 0, withEmpty).find((a) => a.path === 'activeTasks');
    expect(a0).toMatchObject({ offset: 19, length: 1, display: 'null', note: '0x00 = null' });
    expect(a1).toMatchObject({ offset: 19, length: 1, display: '0 elements', note: '0x01 = empty' });
    expect(decodeMessage('StreamsGroupHeartbeatRequest', 0, withNull).json.activeTasks).toBeNull();
    expect(decodeMessage('StreamsGroupHeartbeatRequest', 0, withEmpty).json.activeTasks).toEqual([]);
  });
  it('owned tasks with partitions: TaskIds = compact string + compact int32 array + tagged section', () => {
    const b = encodeMessage('StreamsGroupHeartbeatRequest', 0, {
      groupId: 'g',
      memberId: 'm',
      memberEpoch: 5,
      activeTasks: [{ subtopologyId: '0', partitions: [0, 2] }],
      standbyTasks: [],
      warmupTasks: [],
    });
    expect(hex(b.subarray(19, 19 + 16))).toBe('02 02 30 03 00 00 00 00 00 00 00 02 00 01 01 00');
    const ann = annotate('StreamsGroupHeartbeatRequest', 0, b);
    expect(ann.find((a) => a.path === 'activeTasks[0].partitions[1]')).toMatchObject({ offset: 27, length: 4, type: 'int32', display: '2' });
  });

  describe('v2 (KAFKA-20870 option D): the nullable OwnedTasks struct', () => {
    const base = { groupId: 'g', memberId: 'm', memberEpoch: 5 };
    it('null OwnedTasks is one byte 0xff where v0/v1 had three 0x00 list lengths', () => {
      const b = encodeMessage('StreamsGroupHeartbeatRequest', 2, { ...base, ownedTasks: null });
      expect(hex(b.subarray(18, 21))).toBe('ff ff 00'); // Topology null, OwnedTasks null, ProcessId null
      expect(b.length).toBe(27);
      expect(annotate('StreamsGroupHeartbeatRequest', 2, b).find((a) => a.path === 'ownedTasks')).toMatchObject({ offset: 19, note: '0xff = null' });
    });
    it('present OwnedTasks: 0x01, three compact arrays, then its own tagged section', () => {
      const b = encodeMessage('StreamsGroupHeartbeatRequest', 2, {
        ...base,
        ownedTasks: { activeTasks: [{ subtopologyId: '0', partitions: [1] }], standbyTasks: [], warmupTasks: [] },
      });
      expect(hex(b.subarray(19, 19 + 14))).toBe(
        [
          '01', //                  present
          '02 02 30 02 00 00 00 01 00', // ActiveTasks [{"0", [1]}]
          '01', //                  StandbyTasks []
          '01', //                  WarmupTasks []
          '00', //                  OwnedTasks tagged section
          '00', //                  ProcessId null (next field)
        ].join(' '),
      );
      const empty = encodeMessage('StreamsGroupHeartbeatRequest', 2, { ...base, ownedTasks: { activeTasks: [], standbyTasks: [], warmupTasks: [] } });
      expect(hex(empty.subarray(19, 24))).toBe('01 01 01 01 00');
    });
    it('the three lists inside OwnedTasks are not nullable', () => {
      expect(() => encodeMessage('StreamsGroupHeartbeatRequest', 2, { ...base, ownedTasks: { activeTasks: null, standbyTasks: [], warmupTasks: [] } })).toThrow(
        'ownedTasks.activeTasks: null is not allowed (field ActiveTasks is not nullable in v2; the Kafka writer would throw NullPointerException on it)',
      );
    });
    it('flat lists are v0-1 only and OwnedTasks is v2+ only (defaults may be given)', () => {
      expect(() => encodeMessage('StreamsGroupHeartbeatRequest', 2, { ...base, activeTasks: [] })).toThrow(
        'activeTasks: not in StreamsGroupHeartbeatRequest v2 (field versions 0-1); only its default null may be given',
      );
      expect(() => encodeMessage('StreamsGroupHeartbeatRequest', 1, { ...base, ownedTasks: { activeTasks: [], standbyTasks: [], warmupTasks: [] } })).toThrow(
        /ownedTasks: not in StreamsGroupHeartbeatRequest v1 \(field versions 2\+\)/,
      );
      expect(hex(encodeMessage('StreamsGroupHeartbeatRequest', 2, { ...base, activeTasks: null, ownedTasks: null })).length).toBeGreaterThan(0);
      expect(hex(encodeMessage('StreamsGroupHeartbeatRequest', 0, { ...base, ownedTasks: null }))).toBe(hex(encodeMessage('StreamsGroupHeartbeatRequest', 0, base)));
    });
  });
});

describe('StreamsGroupHeartbeatResponse (ak4)', () => {
  const common = { memberId: 'm', memberEpoch: 1, heartbeatIntervalMs: 2, taskOffsetIntervalMs: 3, endpointInformationEpoch: 4 };
  const head = '00 00 00 00 00 00 00 02 6d 00 00 00 01 00 00 00 02'; // throttle 0, error 0, message null, "m", epoch 1, interval 2
  it('v0: int32 AcceptableRecoveryLagLegacy before TaskOffsetIntervalMs, no TopologyDescriptionRequired', () => {
    const b = encodeMessage('StreamsGroupHeartbeatResponse', 0, { ...common, acceptableRecoveryLagLegacy: 1000 });
    // Status left out: its default is the empty list (01), as in Kafka 4.4.0's generated class
    expect(hex(b)).toBe(`${head} 00 00 03 e8 00 00 00 03 01 00 00 00 00 00 00 04 00 00`);
  });
  it('v1: int64 AcceptableRecoveryLag after TaskOffsetIntervalMs; TopologyDescriptionRequired after the task lists', () => {
    const b = encodeMessage('StreamsGroupHeartbeatResponse', 1, { ...common, acceptableRecoveryLag: 1000, topologyDescriptionRequired: true });
    expect(hex(b)).toBe(`${head} 00 00 00 03 00 00 00 00 00 00 03 e8 01 00 00 00 01 00 00 00 04 00 00`);
    const d = decodeMessage('StreamsGroupHeartbeatResponse', 1, b).json;
    expect(Object.keys(d)).toEqual([
      'throttleTimeMs',
      'errorCode',
      'errorMessage',
      'memberId',
      'memberEpoch',
      'heartbeatIntervalMs',
      'taskOffsetIntervalMs',
      'acceptableRecoveryLag',
      'status',
      'activeTasks',
      'standbyTasks',
      'warmupTasks',
      'topologyDescriptionRequired',
      'endpointInformationEpoch',
      'partitionsByUserEndpoint',
    ]);
  });
  it('v1 defaults: AcceptableRecoveryLag -1', () => {
    expect(defaultMessage('StreamsGroupHeartbeatResponse', 1).acceptableRecoveryLag).toBe(-1);
    expect(defaultMessage('StreamsGroupHeartbeatResponse', 0)).not.toHaveProperty('acceptableRecoveryLag');
  });
  it('ignorable fields: error by default, dropped on request (as Kafka does)', () => {
    expect(() => encodeMessage('StreamsGroupHeartbeatResponse', 0, { acceptableRecoveryLag: 5 })).toThrow(/acceptableRecoveryLag: not in StreamsGroupHeartbeatResponse v0/);
    const dropped = encodeMessage('StreamsGroupHeartbeatResponse', 0, { acceptableRecoveryLag: 5, topologyDescriptionRequired: true }, { ignorable: 'drop' });
    expect(hex(dropped)).toBe(hex(encodeMessage('StreamsGroupHeartbeatResponse', 0, {})));
    expect(() => encodeMessage('StreamsGroupHeartbeatResponse', 1, { acceptableRecoveryLagLegacy: 5 }, { ignorable: 'drop' })).toThrow(/not in/);
  });
  it('v2 (KAFKA-20870 option B): OwnedTasksRequired bool after PartitionsByUserEndpoint', () => {
    const v1 = encodeMessage('StreamsGroupHeartbeatResponse', 1, common);
    const v2 = encodeMessage('StreamsGroupHeartbeatResponse', 2, { ...common, ownedTasksRequired: true });
    expect(hex(v2)).toBe(hex(v1).slice(0, -3) + ' 01 00');
  });
  it('status and partitions by endpoint', () => {
    const b = encodeMessage('StreamsGroupHeartbeatResponse', 1, {
      status: [{ statusCode: 1, statusDetail: 'x' }],
      partitionsByUserEndpoint: [{ userEndpoint: { host: 'h', port: 1 }, activePartitions: [{ topic: 't', partitions: [0] }], standbyPartitions: [] }],
    });
    // Status: 1 element {int8 1, "x", tagged}
    expect(hex(b.subarray(28, 34))).toBe('02 01 02 78 00 00'); // after 16 + 4 + 8 bytes (memberId "" is one byte)
    const tail = '02 02 68 00 01 00 02 02 74 02 00 00 00 00 00 01 00 00';
    expect(hex(b).endsWith(tail)).toBe(true);
  });
});

describe('StreamsGroupDescribe (ak4)', () => {
  it('request v0 and v1 (v1 adds IncludeTopologyDescription)', () => {
    expect(hex(encodeMessage('StreamsGroupDescribeRequest', 0, { groupIds: ['g'], includeAuthorizedOperations: true }))).toBe('02 02 67 01 00');
    expect(hex(encodeMessage('StreamsGroupDescribeRequest', 1, { groupIds: ['g'], includeAuthorizedOperations: true, includeTopologyDescription: true }))).toBe('02 02 67 01 01 00');
  });
  it('response v0: an error entry with every other field at its default', () => {
    const b = encodeMessage('StreamsGroupDescribeResponse', 0, { groups: [{ errorCode: 69, errorMessage: 'no', groupId: 'g' }] });
    expect(hex(b)).toBe(
      [
        '00 00 00 00', //  ThrottleTimeMs
        '02', //           Groups: 1
        '00 45', //          ErrorCode 69
        '03 6e 6f', //       ErrorMessage "no"
        '02 67', //          GroupId "g"
        '01', //             GroupState ""
        '00 00 00 00 00 00 00 00', // GroupEpoch, AssignmentEpoch
        'ff', //             Topology null
        '01', //             Members []
        '80 00 00 00', //    AuthorizedOperations default -2147483648
        '00', //             DescribedGroup tagged section
        '00', //           tagged section
      ].join(' '),
    );
  });
});

describe('kip1071-draft edition', () => {
  it('StreamsGroupInitialize exists only in the draft, and is found without naming the edition', () => {
    expect(() => encodeMessage('StreamsGroupInitializeRequest', 0, {}, { edition: 'ak4' })).toThrow('StreamsGroupInitializeRequest does not exist in the ak4 edition');
    const b = encodeMessage('StreamsGroupInitializeRequest', 0, {
      groupId: 'g',
      topologyId: 't',
      topology: [
        {
          subtopologyId: '0',
          sourceTopics: ['in'],
          sourceTopicRegex: [],
          stateChangelogTopics: [{ name: 'c', partitions: 0, replicationFactor: 3, topicConfigs: [{ key: 'k', value: 'v' }] }],
          repartitionSinkTopics: [],
          repartitionSourceTopics: [],
          copartitionGroups: [],
        },
      ],
    });
    expect(hex(b)).toBe(
      [
        '02 67 02 74', //        GroupId "g", TopologyId "t"
        '02', //                 Topology: 1 subtopology
        '02 30 02 03 69 6e 01', // SubtopologyId "0", SourceTopics ["in"], SourceTopicRegex []
        '02 02 63 00 00 00 00 00 03', // StateChangelogTopics [{Name "c", Partitions 0, ReplicationFactor 3 ...
        '02 02 6b 02 76 00 00', //   ... TopicConfigs [{key "k", value "v"}]}] + tagged sections
        '01 01 01', //             RepartitionSinkTopics, RepartitionSourceTopics, CopartitionGroups: empty
        '00 00', //              Subtopology and message tagged sections
      ].join(' '),
    );
    expect(hex(encodeMessage('StreamsGroupInitializeResponse', 0, { errorCode: 129, errorMessage: null }))).toBe('00 00 00 00 00 81 00 00');
  });
  it('draft heartbeat v0 (apiKey 89): TopologyId instead of Topology, no EndpointInformationEpoch', () => {
    const b = encodeMessage('StreamsGroupHeartbeatRequest', 0, { groupId: 'g', memberId: '', memberEpoch: 0, topologyId: 't' }, { edition: 'kip1071-draft' });
    expect(hex(b)).toBe('02 67 01 00 00 00 00 00 00 ff ff ff ff 02 74 00 00 00 00 ff 00 00 00 00 00');
    expect(() => encodeMessage('StreamsGroupHeartbeatRequest', 1, {}, { edition: 'kip1071-draft' })).toThrow('StreamsGroupHeartbeatRequest (kip1071-draft) has versions 0; v1 is not one of them');
  });
  it('draft heartbeat response: nullable MemberId, ShouldInitializeTopology, GroupTopologyId', () => {
    const b = encodeMessage('StreamsGroupHeartbeatResponse', 0, { memberId: null, shouldInitializeTopology: true }, { edition: 'kip1071-draft' });
    expect(hex(b)).toBe('00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00');
  });
  it('draft describe: apiKey 90; described members carry a non-nullable TopologyId', () => {
    const json = { groups: [{ groupId: 'g', members: [{ memberId: 'm', topologyId: null }] }] };
    expect(() => encodeMessage('StreamsGroupDescribeResponse', 0, json, { edition: 'kip1071-draft' })).toThrow(
      'groups[0].members[0].topologyId: null is not allowed (field TopologyId is not nullable in v0; the Kafka writer would throw NullPointerException on it)',
    );
  });
});

describe('headers', () => {
  it('request header v2: apiKey, apiVersion, correlationId, clientId as an int16 string (not compact), tagged fields', () => {
    const b = encodeMessage('StreamsGroupDescribeRequest', 0, { groupIds: [] }, { header: { correlationId: 7, clientId: 'c' } });
    expect(hex(b)).toBe('00 59 00 00 00 00 00 07 00 01 63 00 01 00 00');
    const n = encodeMessage('StreamsGroupHeartbeatRequest', 1, { groupId: 'g', memberId: 'm' }, { header: { correlationId: 1 } });
    expect(hex(n.subarray(0, 11))).toBe('00 58 00 01 00 00 00 01 ff ff 00'); // clientId null = int16 -1
    const d = decodeMessage('StreamsGroupHeartbeatRequest', 1, n, { header: true });
    expect(d.header).toEqual({ requestApiKey: 88, requestApiVersion: 1, correlationId: 1, clientId: null });
    expect(d.consumed).toBe(n.length);
    expect(annotate('StreamsGroupHeartbeatRequest', 1, n, { header: true })[3]).toMatchObject({ path: 'header.clientId', type: 'int16 string length', note: '0xffff = null' });
  });
  it('response header v1: correlationId + tagged fields', () => {
    const b = encodeMessage('StreamsGroupInitializeResponse', 0, {}, { header: { correlationId: 258 } });
    expect(hex(b)).toBe('00 00 01 02 00 00 00 00 00 00 00 00 00');
  });
  it('a header for another API or version is an error', () => {
    const b = encodeMessage('StreamsGroupDescribeRequest', 0, { groupIds: [] }, { header: { correlationId: 7 } });
    expect(() => decodeMessage('StreamsGroupHeartbeatRequest', 0, b, { header: true })).toThrow('header says apiKey 89 v0, but StreamsGroupHeartbeatRequest (ak4) v0 has apiKey 88');
    expect(hex(encodeMessage('RequestHeader', 2, { requestApiKey: 88, requestApiVersion: 0, correlationId: 0, clientId: '' }))).toBe('00 58 00 00 00 00 00 00 00 00 00');
  });
});
