// Apache Kafka 4.x streams-group RPC schemas (ak4-shipped §2.1, §2.2, §2.5), plus the KAFKA-20870 proposals:
// heartbeat request v2 with the nullable OwnedTasks struct (option D) and response v2 with OwnedTasksRequired (option B).
import type { MessageSchema } from '../../wire/types.ts';
import { ENDPOINT, f, fNull, KEY_VALUE, STATUS, TASK_IDS, TASK_OFFSET, TOPIC_INFO, TOPIC_PARTITION, sentSubtopologyFields } from '../../wire/schemas/common.ts';

export const AK4_HEARTBEAT_REQUEST: MessageSchema = {
  name: 'StreamsGroupHeartbeatRequest',
  apiKey: 88,
  type: 'request',
  edition: 'ak4',
  // v1 is byte-identical to v0; v2 is the KAFKA-20870 option D proposal.
  validVersions: '0-2',
  flexibleVersions: '0+',
  proposedVersions: '2+',
  fields: [
    f('GroupId', 'string'),
    f('MemberId', 'string'),
    f('MemberEpoch', 'int32'),
    f('EndpointInformationEpoch', 'int32'),
    fNull('InstanceId', 'string'),
    fNull('RackId', 'string'),
    f('RebalanceTimeoutMs', 'int32', { default: -1 }),
    fNull('Topology', 'Topology', {
      fields: [f('Epoch', 'int32'), f('Subtopologies', '[]Subtopology', { fields: sentSubtopologyFields('int16') })],
    }),
    // Option D: the three flat owned-task lists exist only up to v1 ...
    { name: 'ActiveTasks', type: '[]TaskIds', versions: '0-1', nullableVersions: '0-1', default: null },
    { name: 'StandbyTasks', type: '[]TaskIds', versions: '0-1', nullableVersions: '0-1', default: null },
    { name: 'WarmupTasks', type: '[]TaskIds', versions: '0-1', nullableVersions: '0-1', default: null },
    // ... and v2 reports them in one nullable struct: null = unchanged, non-null = the complete report.
    {
      name: 'OwnedTasks',
      type: 'OwnedTasks',
      versions: '2+',
      nullableVersions: '2+',
      default: null,
      fields: [
        { name: 'ActiveTasks', type: '[]TaskIds', versions: '2+' },
        { name: 'StandbyTasks', type: '[]TaskIds', versions: '2+' },
        { name: 'WarmupTasks', type: '[]TaskIds', versions: '2+' },
      ],
    },
    fNull('ProcessId', 'string'),
    fNull('UserEndpoint', 'Endpoint'),
    fNull('ClientTags', '[]KeyValue'),
    fNull('TaskOffsets', '[]TaskOffset'),
    fNull('TaskEndOffsets', '[]TaskOffset'),
    f('ShutdownApplication', 'bool', { default: false }),
  ],
  commonStructs: [KEY_VALUE, TOPIC_INFO, ENDPOINT, TASK_OFFSET, TASK_IDS],
  source:
    'v0-1: apache/kafka StreamsGroupHeartbeatRequest.json (validVersions "0-1", read via the code index). ' + 'v2: kafka-20870 §3 option D (proposal; OwnedTasks placed where the flat lists were).',
};

export const AK4_HEARTBEAT_RESPONSE: MessageSchema = {
  name: 'StreamsGroupHeartbeatResponse',
  apiKey: 88,
  type: 'response',
  edition: 'ak4',
  validVersions: '0-2',
  flexibleVersions: '0+',
  proposedVersions: '2+',
  fields: [
    f('ThrottleTimeMs', 'int32'),
    f('ErrorCode', 'int16'),
    fNull('ErrorMessage', 'string'),
    f('MemberId', 'string'),
    f('MemberEpoch', 'int32'),
    f('HeartbeatIntervalMs', 'int32'),
    // v0 only: the int32 lag (renamed "Legacy" when v1 made it int64).
    { name: 'AcceptableRecoveryLagLegacy', type: 'int32', versions: '0' },
    f('TaskOffsetIntervalMs', 'int32'),
    // v1+: the int64 lag, after TaskOffsetIntervalMs.
    { name: 'AcceptableRecoveryLag', type: 'int64', versions: '1+', default: -1, ignorable: true },
    // nullable, but Kafka 4.4.0's generated class defaults it to an empty list
    fNull('Status', '[]Status', { default: [] }),
    fNull('ActiveTasks', '[]TaskIds'),
    fNull('StandbyTasks', '[]TaskIds'),
    fNull('WarmupTasks', '[]TaskIds'),
    // KIP-1331, v1+: after the three task lists.
    { name: 'TopologyDescriptionRequired', type: 'bool', versions: '1+', default: false, ignorable: true },
    f('EndpointInformationEpoch', 'int32'),
    fNull('PartitionsByUserEndpoint', '[]EndpointToPartitions', {
      fields: [f('UserEndpoint', 'Endpoint'), f('ActivePartitions', '[]TopicPartition'), f('StandbyPartitions', '[]TopicPartition')],
    }),
    // KAFKA-20870 option B proposal, v2+: ask the member for a full owned-task report.
    { name: 'OwnedTasksRequired', type: 'bool', versions: '2+', default: false, ignorable: true },
  ],
  commonStructs: [STATUS, TOPIC_PARTITION, TASK_IDS, ENDPOINT],
  source:
    "v0-1: the wire layout and defaults of Kafka 4.4.0's generated StreamsGroupHeartbeatResponseData (v1: int64 " +
    'AcceptableRecoveryLag after TaskOffsetIntervalMs, TopologyDescriptionRequired after the task lists; both ignorable), ' +
    'byte-identical to kafka-clients 4.4.0 (test/oracle/codec.oracle.test.ts). ' +
    'v2 (OwnedTasksRequired last): kafka-20870 option B proposal, position not specified there.',
};

export const AK4_DESCRIBE_REQUEST: MessageSchema = {
  name: 'StreamsGroupDescribeRequest',
  apiKey: 89,
  type: 'request',
  edition: 'ak4',
  validVersions: '0-1',
  flexibleVersions: '0+',
  fields: [
    f('GroupIds', '[]string'),
    f('IncludeAuthorizedOperations', 'bool'),
    // KIP-1331, v1+: a plain (untagged, not ignorable) field after IncludeAuthorizedOperations.
    { name: 'IncludeTopologyDescription', type: 'bool', versions: '1+', default: false },
  ],
  source: 'apache/kafka StreamsGroupDescribeRequest.json at 07a283acad20 (validVersions "0-1", header v2).',
};

const ASSIGNMENT = {
  name: 'Assignment',
  versions: '0+',
  fields: [f('ActiveTasks', '[]TaskIds'), f('StandbyTasks', '[]TaskIds'), f('WarmupTasks', '[]TaskIds')],
};

export const AK4_DESCRIBE_RESPONSE: MessageSchema = {
  name: 'StreamsGroupDescribeResponse',
  apiKey: 89,
  type: 'response',
  edition: 'ak4',
  // v1 (KIP-1331, KIP-1357): three fields after AuthorizedOperations, as Kafka 4.4.0's generated class declares them.
  validVersions: '0-1',
  flexibleVersions: '0+',
  fields: [
    f('ThrottleTimeMs', 'int32'),
    f('Groups', '[]DescribedGroup', {
      fields: [
        f('ErrorCode', 'int16'),
        fNull('ErrorMessage', 'string'),
        f('GroupId', 'string'),
        f('GroupState', 'string'),
        f('GroupEpoch', 'int32'),
        f('AssignmentEpoch', 'int32'),
        fNull('Topology', 'Topology', {
          fields: [
            f('Epoch', 'int32'),
            fNull('Subtopologies', '[]Subtopology', {
              fields: [
                f('SubtopologyId', 'string'),
                f('SourceTopics', '[]string'),
                f('RepartitionSinkTopics', '[]string'),
                f('StateChangelogTopics', '[]TopicInfo'),
                f('RepartitionSourceTopics', '[]TopicInfo'),
              ],
            }),
          ],
        }),
        f('Members', '[]Member', {
          fields: [
            f('MemberId', 'string'),
            f('MemberEpoch', 'int32'),
            fNull('InstanceId', 'string'),
            fNull('RackId', 'string'),
            f('ClientId', 'string'),
            f('ClientHost', 'string'),
            f('TopologyEpoch', 'int32'),
            f('ProcessId', 'string'),
            fNull('UserEndpoint', 'Endpoint'),
            f('ClientTags', '[]KeyValue'),
            f('TaskOffsets', '[]TaskOffset'),
            f('TaskEndOffsets', '[]TaskOffset'),
            f('Assignment', 'Assignment'),
            f('TargetAssignment', 'Assignment'),
            f('IsClassic', 'bool'),
          ],
        }),
        f('AuthorizedOperations', 'int32', { default: -2147483648 }),
        // KIP-1331, v1+: the stored topology description (null when not requested or not stored) and its status.
        {
          name: 'TopologyDescription',
          type: 'TopologyDescription',
          versions: '1+',
          nullableVersions: '1+',
          default: null,
          fields: [
            {
              name: 'Subtopologies',
              type: '[]TopologyDescriptionSubtopology',
              versions: '1+',
              fields: [
                { name: 'SubtopologyId', type: 'string', versions: '1+' },
                { name: 'Nodes', type: '[]TopologyDescriptionNode', versions: '1+' },
              ],
            },
            {
              name: 'GlobalStores',
              type: '[]TopologyDescriptionGlobalStore',
              versions: '1+',
              fields: [
                { name: 'Source', type: 'TopologyDescriptionNode', versions: '1+' },
                { name: 'Processor', type: 'TopologyDescriptionNode', versions: '1+' },
              ],
            },
          ],
        },
        // 0 NOT_REQUESTED, 1 NOT_STORED, 2 ERROR, 3 AVAILABLE; not ignorable (Kafka refuses a non-default value in v0).
        { name: 'TopologyDescriptionStatus', type: 'int8', versions: '1+', default: 0 },
        // KIP-1357, v1+: the assignor that computed the assignment; ignorable (dropped when writing v0).
        { name: 'AssignorName', type: 'string', versions: '1+', nullableVersions: '1+', default: null, ignorable: true },
      ],
    }),
  ],
  commonStructs: [
    ENDPOINT,
    {
      name: 'TopologyDescriptionNode',
      versions: '1+',
      fields: [
        { name: 'Name', type: 'string', versions: '1+' },
        { name: 'NodeType', type: 'int8', versions: '1+' },
        { name: 'SourceTopics', type: '[]string', versions: '1+' },
        { name: 'SinkTopic', type: 'string', versions: '1+', nullableVersions: '1+', default: null },
        { name: 'Stores', type: '[]string', versions: '1+' },
        { name: 'Successors', type: '[]string', versions: '1+' },
      ],
    },
    TASK_OFFSET,
    // Declared in Kafka's JSON but used by no field.
    { name: 'TopicPartitions', versions: '0+', fields: [f('TopicId', 'uuid'), f('TopicName', 'string'), f('Partitions', '[]int32')] },
    ASSIGNMENT,
    TASK_IDS,
    KEY_VALUE,
    TOPIC_INFO,
  ],
  source:
    'v0: apache/kafka StreamsGroupDescribeResponse.json with apiKey 89 at ed368bd5. v1: the wire layout and defaults of ' +
    "Kafka 4.4.0's generated StreamsGroupDescribeResponseData (SchemaDump, CodecRunner): TopologyDescription (nullable " +
    'struct), TopologyDescriptionStatus (int8), AssignorName (nullable string, ignorable) after AuthorizedOperations; ' +
    'byte-identical to kafka-clients 4.4.0 (test/oracle/codec.oracle.test.ts).',
};
