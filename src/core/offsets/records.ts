// OffsetCommit records (GroupCoordinatorRecordHelpers.newOffsetCommitRecord / newOffsetCommitTombstoneRecord):
// key {group, topic, partition}, value {offset, leaderEpoch, metadata, commitTimestamp[, expireTimestamp | topicId]}.
import type { CoordinatorRecord } from '../log/records.ts';
import type { OffsetAndMetadata } from './state.ts';

export function offsetCommitRecord(group: string, topic: string, partition: number, o: OffsetAndMetadata, topicId: string | null = null): CoordinatorRecord {
  // expireTimestamp exists only in value version 1: written only for a legacy explicit retention; otherwise version 4,
  // whose tagged TopicId carries the committed topic's id when the broker knows the topic (newOffsetCommitRecord)
  const value: Record<string, unknown> = { offset: o.committedOffset, leaderEpoch: o.leaderEpoch, metadata: o.metadata, commitTimestamp: o.commitTimestamp };
  if (o.expireTimestamp !== null) value.expireTimestamp = o.expireTimestamp;
  else if (topicId !== null) value.topicId = topicId;
  return { type: 'OffsetCommit', key: { group, topic, partition }, value };
}

export function offsetCommitTombstone(group: string, topic: string, partition: number): CoordinatorRecord {
  return { type: 'OffsetCommit', key: { group, topic, partition }, value: null };
}

export function offsetFromValue(v: Readonly<Record<string, unknown>>): OffsetAndMetadata {
  const expire = v.expireTimestamp;
  return {
    committedOffset: v.offset as number,
    leaderEpoch: (v.leaderEpoch as number | undefined) ?? -1,
    metadata: (v.metadata as string | undefined) ?? '',
    commitTimestamp: v.commitTimestamp as number,
    // -1 (the schema default) means "none"
    expireTimestamp: typeof expire === 'number' && expire !== -1 ? expire : null,
  };
}
