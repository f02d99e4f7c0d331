// Structs shared by several streams-group messages (each message still lists the ones it uses, as Kafka's JSON does).
import type { FieldSpec, StructSpec } from '../types.ts';

/** A non-nullable field present in every version. */
export const f = (name: string, type: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, type, versions: '0+', ...extra });
/** A field nullable in every version, default null. */
export const fNull = (name: string, type: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, type, versions: '0+', nullableVersions: '0+', default: null, ...extra });

export const KEY_VALUE: StructSpec = { name: 'KeyValue', versions: '0+', fields: [f('Key', 'string'), f('Value', 'string')] };

export const TOPIC_INFO: StructSpec = {
  name: 'TopicInfo',
  versions: '0+',
  fields: [f('Name', 'string'), f('Partitions', 'int32'), f('ReplicationFactor', 'int16'), f('TopicConfigs', '[]KeyValue')],
};

export const ENDPOINT: StructSpec = { name: 'Endpoint', versions: '0+', fields: [f('Host', 'string'), f('Port', 'uint16')] };

export const TASK_OFFSET: StructSpec = {
  name: 'TaskOffset',
  versions: '0+',
  fields: [f('SubtopologyId', 'string'), f('Partition', 'int32'), f('Offset', 'int64')],
};

export const TASK_IDS: StructSpec = { name: 'TaskIds', versions: '0+', fields: [f('SubtopologyId', 'string'), f('Partitions', '[]int32')] };

export const STATUS: StructSpec = { name: 'Status', versions: '0+', fields: [f('StatusCode', 'int8'), f('StatusDetail', 'string')] };

export const TOPIC_PARTITION: StructSpec = { name: 'TopicPartition', versions: '0+', fields: [f('Topic', 'string'), f('Partitions', '[]int32')] };

/** The subtopology a client sends (heartbeat topology of ak4, StreamsGroupInitialize of the draft). */
export function sentSubtopologyFields(copartitionIndexType: string): FieldSpec[] {
  return [
    f('SubtopologyId', 'string'),
    f('SourceTopics', '[]string'),
    f('SourceTopicRegex', '[]string'),
    f('StateChangelogTopics', '[]TopicInfo'),
    f('RepartitionSinkTopics', '[]string'),
    f('RepartitionSourceTopics', '[]TopicInfo'),
    // Copartition groups are indexes into the subtopology's own topic lists.
    f('CopartitionGroups', '[]CopartitionGroup', {
      fields: [f('SourceTopics', `[]${copartitionIndexType}`), f('SourceTopicRegex', `[]${copartitionIndexType}`), f('RepartitionSourceTopics', `[]${copartitionIndexType}`)],
    }),
  ];
}
