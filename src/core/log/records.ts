// Coordinator records as written to __consumer_offsets: a type, a key and a value (null = tombstone).
// Shipped ([4.4]) types carry Kafka's coordinator record apiKeys 17, 19-23; OffsetCommit is type 1 (0 = its legacy key).

export type RecordType =
  | 'OffsetCommit'
  /** A classic group's metadata; the streams coordinator writes only its tombstone (a simple classic group's end). */
  | 'GroupMetadata'
  | 'StreamsGroupMetadata'
  | 'StreamsGroupPartitionMetadata'
  | 'StreamsGroupMemberMetadata'
  | 'StreamsGroupTargetAssignmentMetadata'
  | 'StreamsGroupTargetAssignmentMember'
  | 'StreamsGroupCurrentMemberAssignment'
  | 'StreamsGroupTopology';

/** apiKey of each record type in the shipped protocol. */
export const RECORD_API_KEYS: Record<RecordType, number> = {
  OffsetCommit: 1,
  GroupMetadata: 2,
  StreamsGroupMetadata: 17,
  StreamsGroupPartitionMetadata: 18,
  StreamsGroupMemberMetadata: 19,
  StreamsGroupTargetAssignmentMetadata: 20,
  StreamsGroupTargetAssignmentMember: 21,
  StreamsGroupCurrentMemberAssignment: 22,
  StreamsGroupTopology: 23,
};

export interface CoordinatorRecord {
  readonly type: RecordType;
  readonly key: Readonly<Record<string, unknown>>;
  /** null for a tombstone. */
  readonly value: Readonly<Record<string, unknown>> | null;
}

/** Identity of a record key, for the compacted view: type plus key fields. */
export function recordKeyId(r: CoordinatorRecord): string {
  return r.type + JSON.stringify(r.key);
}
