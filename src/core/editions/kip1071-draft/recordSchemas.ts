// The shapes of the kip1071-draft records (kip1071-draft §8.1-§8.2), for checking an initialLog before it is replayed
// (log/recordShape.ts). Written as Kafka's message schemas are; the draft's values differ from Kafka 4.4.0's: the
// metadata value holds only the epoch, the member metadata carries TopologyId and no TopologyEpoch, the topology value
// is {TopologyId, Topology: [subtopology]}, and StreamsGroupPartitionMetadata exists. The assignment values share
// Kafka's shape (the draft writes them without task epochs, a tagged field there).
import { KAFKA_RECORD_SCHEMAS, type RecordSchema, type RecordSchemas } from '../../log/recordShape.ts';
import type { FieldSpec, MessageSchema } from '../../wire/types.ts';

const v0 = (name: string, type: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, type, versions: '0+', ...extra });
const schema = (name: string, fields: FieldSpec[]): MessageSchema => ({ name, apiKey: -1, type: 'header', validVersions: '0', flexibleVersions: '0+', edition: 'common', fields });
const GROUP_KEY = schema('DraftGroupKey', [v0('GroupId', 'string')]);
const MEMBER_KEY = schema('DraftMemberKey', [v0('GroupId', 'string'), v0('MemberId', 'string')]);
const KEY_VALUES = [v0('Key', 'string'), v0('Value', 'string')];

/** Kafka's subtopology entry (StreamsGroupTopologyValue.Subtopologies), which the draft's Topology list shares. */
const KAFKA_SUBTOPOLOGY = KAFKA_RECORD_SCHEMAS.get('StreamsGroupTopology')!.value.fields.find((f) => f.name === 'Subtopologies')!;

export const DRAFT_RECORD_SCHEMAS: RecordSchemas = new Map<string, RecordSchema>([
  ...KAFKA_RECORD_SCHEMAS,
  ['StreamsGroupMetadata', { key: GROUP_KEY, value: schema('DraftGroupMetadataValue', [v0('Epoch', 'int32')]) }],
  [
    'StreamsGroupPartitionMetadata',
    {
      key: GROUP_KEY,
      value: schema('DraftPartitionMetadataValue', [
        v0('Topics', '[]TopicMetadata', {
          fields: [
            v0('TopicId', 'string'),
            v0('TopicName', 'string'),
            v0('NumPartitions', 'int32'),
            v0('PartitionMetadata', '[]PartitionMetadata', { fields: [v0('Partition', 'int32'), v0('Racks', '[]string')] }),
          ],
        }),
      ]),
    },
  ],
  [
    'StreamsGroupMemberMetadata',
    {
      key: MEMBER_KEY,
      value: schema('DraftMemberMetadataValue', [
        v0('InstanceId', 'string', { nullableVersions: '0+' }),
        v0('RackId', 'string', { nullableVersions: '0+' }),
        v0('ClientId', 'string'),
        v0('ClientHost', 'string'),
        v0('RebalanceTimeoutMs', 'int32'),
        v0('TopologyId', 'string', { nullableVersions: '0+' }),
        v0('ProcessId', 'string', { nullableVersions: '0+' }),
        v0('UserEndpoint', 'Endpoint', { nullableVersions: '0+', fields: [v0('Host', 'string'), v0('Port', 'uint16')] }),
        v0('ClientTags', '[]ClientTag', { fields: KEY_VALUES }),
      ]),
    },
  ],
  ['StreamsGroupTargetAssignmentMetadata', { key: GROUP_KEY, value: schema('DraftTargetAssignmentMetadataValue', [v0('AssignmentEpoch', 'int32')]) }],
  [
    'StreamsGroupTopology',
    {
      key: GROUP_KEY,
      value: schema('DraftTopologyValue', [v0('TopologyId', 'string'), v0('Topology', '[]Subtopology', { fields: KAFKA_SUBTOPOLOGY.fields })]),
    },
  ],
]);
