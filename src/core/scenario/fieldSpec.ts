// The validator's request tables: Kafka's request fields in JSON form (camelCase), the helpers that build them, and the
// tables every edition shares (OffsetCommit, the admin group RPCs). Each edition brings its own streams group request
// tables (src/core/editions/<name>/requests.ts) through its `requestFields` (src/core/edition.ts).
import { MAX_PARTITIONS_PER_TOPIC } from '../limits.ts';
import type { RpcName } from './types.ts';

export type WireType = { t: 'int8' | 'int16' | 'int32' | 'int64' | 'uint16' | 'string' | 'bool' | 'uuid' } | { t: 'array'; of: WireType } | { t: 'struct'; name: string; fields: StructFields };

export interface FieldSpec {
  readonly type: WireType;
  readonly nullable?: boolean;
  /** The playground's cap below the type's range (src/core/limits.ts), if any. */
  readonly max?: number;
}

export type StructFields = Readonly<Record<string, FieldSpec>>;

export const int16: WireType = { t: 'int16' };
export const int32: WireType = { t: 'int32' };
export const int64: WireType = { t: 'int64' };
export const uint16: WireType = { t: 'uint16' };
export const str: WireType = { t: 'string' };
export const bool: WireType = { t: 'bool' };
/** A Kafka Uuid in its JSON form (Uuid.toString: 22 URL-safe base64 characters, no padding). */
export const uuid: WireType = { t: 'uuid' };
export const arr = (of: WireType): WireType => ({ t: 'array', of });
export const struct = (name: string, fields: StructFields): WireType => ({ t: 'struct', name, fields });
export const f = (type: WireType): FieldSpec => ({ type });
export const nf = (type: WireType): FieldSpec => ({ type, nullable: true });

export const KEY_VALUE = struct('KeyValue', { key: f(str), value: f(str) });
const TOPIC_INFO = struct('TopicInfo', {
  name: f(str),
  partitions: { type: int32, max: MAX_PARTITIONS_PER_TOPIC },
  replicationFactor: f(int16),
  topicConfigs: f(arr(KEY_VALUE)),
});
const COPARTITION_GROUP = struct('CopartitionGroup', {
  sourceTopics: f(arr(int16)),
  sourceTopicRegex: f(arr(int16)),
  repartitionSourceTopics: f(arr(int16)),
});
export const SUBTOPOLOGY = struct('Subtopology', {
  subtopologyId: f(str),
  sourceTopics: f(arr(str)),
  sourceTopicRegex: f(arr(str)),
  stateChangelogTopics: f(arr(TOPIC_INFO)),
  repartitionSinkTopics: f(arr(str)),
  repartitionSourceTopics: f(arr(TOPIC_INFO)),
  copartitionGroups: f(arr(COPARTITION_GROUP)),
});
export const TASK_IDS = struct('TaskIds', { subtopologyId: f(str), partitions: f(arr(int32)) });
export const ENDPOINT = struct('Endpoint', { host: f(str), port: f(uint16) });
export const TASK_OFFSET = struct('TaskOffset', { subtopologyId: f(str), partition: f(int32), offset: f(int64) });

export const DESCRIBE_V0: StructFields = {
  groupIds: f(arr(str)),
  includeAuthorizedOperations: f(bool),
};
/** OffsetCommitRequest (apiKey 8) by version 0-10: topics by name, from v10 by topic id. */
function offsetCommitVersion(v: number): StructFields {
  const partition: Record<string, FieldSpec> = { partitionIndex: f(int32), committedOffset: f(int64) };
  if (v >= 6) partition.committedLeaderEpoch = f(int32);
  if (v === 1) partition.commitTimestamp = f(int64);
  partition.committedMetadata = nf(str);
  const fields: Record<string, FieldSpec> = { groupId: f(str) };
  if (v >= 1) Object.assign(fields, { generationIdOrMemberEpoch: f(int32), memberId: f(str) });
  if (v >= 7) fields.groupInstanceId = nf(str);
  if (v >= 2 && v <= 4) fields.retentionTimeMs = f(int64);
  const partitions = f(arr(struct('OffsetCommitRequestPartition', partition)));
  // TopicId is v10's, Name v0-9's
  fields.topics = f(arr(v >= 10 ? struct('OffsetCommitRequestTopicById', { topicId: f(uuid), partitions }) : struct('OffsetCommitRequestTopic', { name: f(str), partitions })));
  return fields;
}
export const OFFSET_COMMIT: readonly StructFields[] = Array.from({ length: 11 }, (_, v) => offsetCommitVersion(v));

/** ListGroupsRequest v0-5: v4 adds StatesFilter, v5 TypesFilter. */
const LIST_GROUPS: readonly StructFields[] = [0, 1, 2, 3, 4, 5].map((v): StructFields => {
  const fields: Record<string, FieldSpec> = {};
  if (v >= 4) fields.statesFilter = f(arr(str));
  if (v >= 5) fields.typesFilter = f(arr(str));
  return fields;
});
/** IncrementalAlterConfigsRequest v0-1 (GROUP resources: resourceType 32). */
const ALTER_CONFIGS: readonly StructFields[] = [0, 1].map(() => ({
  resources: f(
    arr(
      struct('AlterConfigsResource', {
        resourceType: f({ t: 'int8' }),
        resourceName: f(str),
        configs: f(arr(struct('AlterableConfig', { name: f(str), configOperation: f({ t: 'int8' }), value: nf(str) }))),
      }),
    ),
  ),
  validateOnly: f(bool),
}));
/**
 * OffsetFetchRequest v0-10 (the simulator serves v1-10; v0 was removed in Kafka 4.0, KIP-896): v1-7 name one group at
 * the top level (topics nullable from v2, requireStable from v7), v8+ a list of groups (v9 adds memberId and
 * memberEpoch, v10 names topics by topic id).
 */
const OFFSET_FETCH: readonly StructFields[] = Array.from({ length: 11 }, (_, v): StructFields => {
  if (v === 0) return {};
  if (v < 8) {
    const topics = arr(struct('OffsetFetchRequestTopic', { name: f(str), partitionIndexes: f(arr(int32)) }));
    return { groupId: f(str), topics: v >= 2 ? nf(topics) : f(topics), ...(v >= 7 ? { requireStable: f(bool) } : {}) };
  }
  const group: Record<string, FieldSpec> = { groupId: f(str) };
  if (v >= 9) Object.assign(group, { memberId: nf(str), memberEpoch: f(int32) });
  group.topics = nf(
    arr(
      v >= 10 ? struct('OffsetFetchRequestTopicsById', { topicId: f(uuid), partitionIndexes: f(arr(int32)) }) : struct('OffsetFetchRequestTopics', { name: f(str), partitionIndexes: f(arr(int32)) }),
    ),
  );
  return { groups: f(arr(struct('OffsetFetchRequestGroup', group))), requireStable: f(bool) };
});
/** DescribeGroupsRequest v0-6 (v3 adds includeAuthorizedOperations). */
const DESCRIBE_GROUPS: readonly StructFields[] = [0, 1, 2, 3, 4, 5, 6].map((v): StructFields => (v >= 3 ? { groups: f(arr(str)), includeAuthorizedOperations: f(bool) } : { groups: f(arr(str)) }));
/** OffsetDeleteRequest v0. */
const OFFSET_DELETE: readonly StructFields[] = [
  { groupId: f(str), topics: f(arr(struct('OffsetDeleteRequestTopic', { name: f(str), partitions: f(arr(struct('OffsetDeleteRequestPartition', { partitionIndex: f(int32) }))) }))) },
];
/** DeleteGroupsRequest v0-2. */
const DELETE_GROUPS: readonly StructFields[] = [0, 1, 2].map(() => ({ groupsNames: f(arr(str)) }));

/** The group admin RPCs both editions serve, with the same fields. */
export const ADMIN_REQUEST_FIELDS: RequestFieldTable = {
  ListGroups: LIST_GROUPS,
  DeleteGroups: DELETE_GROUPS,
  IncrementalAlterConfigs: ALTER_CONFIGS,
  OffsetFetch: OFFSET_FETCH,
  OffsetDelete: OFFSET_DELETE,
  DescribeGroups: DESCRIBE_GROUPS,
};

/** Request fields by RPC and version (index = version). Absent RPC = not in that edition. */
export type RequestFieldTable = Readonly<Partial<Record<RpcName, readonly StructFields[]>>>;
