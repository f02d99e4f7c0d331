// KIP-1071 draft-branch schemas (kip1071-draft §2.2-2.4): StreamsGroupInitialize (apiKey 88), StreamsGroupHeartbeat
// (89) and StreamsGroupDescribe (90), all v0 only and flexible from v0, as in the JSON of branch kip1071 at 1bde29cccba.
import type { MessageSchema } from '../../wire/types.ts';
import { ENDPOINT, f, fNull, KEY_VALUE, STATUS, TASK_IDS, TASK_OFFSET, TOPIC_PARTITION, sentSubtopologyFields } from '../../wire/schemas/common.ts';

export const DRAFT_HEARTBEAT_REQUEST: MessageSchema = {
  name: 'StreamsGroupHeartbeatRequest',
  apiKey: 89,
  type: 'request',
  edition: 'kip1071-draft',
  validVersions: '0',
  flexibleVersions: '0+',
  fields: [
    f('GroupId', 'string'),
    f('MemberId', 'string'),
    f('MemberEpoch', 'int32'),
    fNull('InstanceId', 'string'),
    fNull('RackId', 'string'),
    f('RebalanceTimeoutMs', 'int32', { default: -1 }),
    // Draft: the topology travels in StreamsGroupInitialize; the heartbeat names it by id.
    fNull('TopologyId', 'string'),
    fNull('ActiveTasks', '[]TaskIds'),
    fNull('StandbyTasks', '[]TaskIds'),
    fNull('WarmupTasks', '[]TaskIds'),
    fNull('ProcessId', 'string'),
    fNull('UserEndpoint', 'Endpoint'),
    fNull('ClientTags', '[]KeyValue'),
    fNull('TaskOffsets', '[]TaskOffset'),
    fNull('TaskEndOffsets', '[]TaskOffset'),
    f('ShutdownApplication', 'bool', { default: false }),
  ],
  commonStructs: [KEY_VALUE, ENDPOINT, TASK_OFFSET, TASK_IDS],
  source: 'kip1071-draft §2.2 field table; order, nullability and defaults checked against StreamsGroupHeartbeatRequest.json on branch kip1071 at 1bde29cccba.',
};

export const DRAFT_HEARTBEAT_RESPONSE: MessageSchema = {
  name: 'StreamsGroupHeartbeatResponse',
  apiKey: 89,
  type: 'response',
  edition: 'kip1071-draft',
  validVersions: '0',
  flexibleVersions: '0+',
  fields: [
    f('ThrottleTimeMs', 'int32'),
    f('ErrorCode', 'int16'),
    fNull('ErrorMessage', 'string'),
    fNull('MemberId', 'string'),
    f('MemberEpoch', 'int32'),
    f('HeartbeatIntervalMs', 'int32'),
    f('AcceptableRecoveryLag', 'int32'),
    f('TaskOffsetIntervalMs', 'int32'),
    f('ShouldInitializeTopology', 'bool', { default: false }),
    fNull('GroupTopologyId', 'string'),
    fNull('Status', '[]Status'),
    fNull('ActiveTasks', '[]TaskIds'),
    fNull('StandbyTasks', '[]TaskIds'),
    fNull('WarmupTasks', '[]TaskIds'),
    fNull('PartitionsByUserEndpoint', '[]EndpointToPartitions', {
      fields: [f('UserEndpoint', 'Endpoint'), f('Partitions', '[]TopicPartition')],
    }),
  ],
  commonStructs: [STATUS, TOPIC_PARTITION, TASK_IDS, ENDPOINT],
  source: 'kip1071-draft §2.2 response table; checked against StreamsGroupHeartbeatResponse.json on branch kip1071 at 1bde29cccba.',
};

export const DRAFT_INITIALIZE_REQUEST: MessageSchema = {
  name: 'StreamsGroupInitializeRequest',
  apiKey: 88,
  type: 'request',
  edition: 'kip1071-draft',
  validVersions: '0',
  flexibleVersions: '0+',
  fields: [f('GroupId', 'string'), f('TopologyId', 'string'), f('Topology', '[]Subtopology', { fields: sentSubtopologyFields('int16') })],
  commonStructs: [
    // Lower-case field names, as in the draft schema.
    { name: 'TopicConfig', versions: '0+', fields: [f('key', 'string'), f('value', 'string')] },
    { name: 'TopicInfo', versions: '0+', fields: [f('Name', 'string'), f('Partitions', 'int32'), f('ReplicationFactor', 'int16'), f('TopicConfigs', '[]TopicConfig')] },
  ],
  source:
    'apache/kafka StreamsGroupInitializeRequest.json on branch kip1071 at 1bde29cccba: order, names and the int16 ' +
    'CopartitionGroups indexes (kip1071-draft §2.3; an earlier JSON revision had int32).',
};

export const DRAFT_INITIALIZE_RESPONSE: MessageSchema = {
  name: 'StreamsGroupInitializeResponse',
  apiKey: 88,
  type: 'response',
  edition: 'kip1071-draft',
  validVersions: '0',
  flexibleVersions: '0+',
  fields: [f('ThrottleTimeMs', 'int32'), f('ErrorCode', 'int16'), fNull('ErrorMessage', 'string')],
  source: 'apache/kafka StreamsGroupInitializeResponse.json on branch kip1071 at 1bde29cccba.',
};

export const DRAFT_DESCRIBE_REQUEST: MessageSchema = {
  name: 'StreamsGroupDescribeRequest',
  apiKey: 90,
  type: 'request',
  edition: 'kip1071-draft',
  validVersions: '0',
  flexibleVersions: '0+',
  fields: [f('GroupIds', '[]string'), f('IncludeAuthorizedOperations', 'bool')],
  source: 'kip1071-draft §2.4; StreamsGroupDescribeRequest.json on branch kip1071 at 1bde29cccba.',
};

export const DRAFT_DESCRIBE_RESPONSE: MessageSchema = {
  name: 'StreamsGroupDescribeResponse',
  apiKey: 90,
  type: 'response',
  edition: 'kip1071-draft',
  validVersions: '0',
  flexibleVersions: '0+',
  fields: [
    f('ThrottleTimeMs', 'int32'),
    f('Groups', '[]DescribedGroup', {
      fields: [
        f('ErrorCode', 'int16'),
        fNull('ErrorMessage', 'string'),
        // Not nullable either, though the draft answers an empty requested id with a null GroupId (kip1071-draft §6 ⚠).
        f('GroupId', 'string'),
        f('GroupState', 'string'),
        f('GroupEpoch', 'int32'),
        f('AssignmentEpoch', 'int32'),
        // Null while the group has no topology.
        fNull('Topology', '[]Subtopology', {
          // Branch head order: RepartitionSinkTopics before SourceTopicRegex (unlike Initialize's subtopology).
          fields: [
            f('SubtopologyId', 'string'),
            f('SourceTopics', '[]string'),
            f('RepartitionSinkTopics', '[]string'),
            f('SourceTopicRegex', '[]string'),
            f('StateChangelogTopics', '[]TopicInfo'),
            f('RepartitionSourceTopics', '[]TopicInfo'),
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
            // Not nullable in the draft JSON, though the draft coordinator can hold null here (kip1071-draft §2.4 ⚠):
            // Kafka's writer throws NullPointerException on such a value, and so does encodeMessage (a WireError).
            f('TopologyId', 'string'),
            f('ProcessId', 'string'),
            f('ClientTags', '[]KeyValue'),
            f('TaskOffsets', '[]TaskOffset'),
            f('TaskEndOffsets', '[]TaskOffset'),
            f('Assignment', 'Assignment'),
            f('TargetAssignment', 'Assignment'),
          ],
        }),
        f('AuthorizedOperations', 'int32', { default: -2147483648 }),
      ],
    }),
  ],
  commonStructs: [
    TASK_OFFSET,
    { name: 'TopicPartitions', versions: '0+', fields: [f('TopicId', 'uuid'), f('TopicName', 'string'), f('Partitions', '[]int32')] },
    { name: 'Assignment', versions: '0+', fields: [f('ActiveTasks', '[]TaskIds'), f('StandbyTasks', '[]TaskIds'), f('WarmupTasks', '[]TaskIds')] },
    TASK_IDS,
    KEY_VALUE,
    { name: 'TopicInfo', versions: '0+', fields: [f('Name', 'string'), f('Partitions', 'int32'), f('ReplicationFactor', 'int16'), f('TopicConfigs', '[]KeyValue')] },
  ],
  source:
    'apache/kafka StreamsGroupDescribeResponse.json on branch kip1071 at its head 1bde29cccba (the commit kip1071-draft.md ' +
    'describes): TaskIds/TaskOffset name the field SubtopologyId; an earlier branch commit (0832e7a, "Subtopology", ' +
    'SourceTopicRegex second) is superseded.',
};
