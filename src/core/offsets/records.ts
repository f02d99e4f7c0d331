// OffsetCommit records (GroupCoordinatorRecordHelpers.newOffsetCommitRecord / newOffsetCommitTombstoneRecord):
// key {group, topic, partition}, value {offset, leaderEpoch, metadata, commitTimestamp[, expireTimestamp | topicId]}.
import type { CoordinatorRecord } from '../log/records.ts';
import type { OffsetAndMetadata } from './state.ts';

export function offsetCommitRecord(group: string, topic: string, partition: number, o: OffsetAndMetadata, topicId: string | null = null): CoordinatorRecord {
  // GroupCoordinatorRecordHelpers.offsetCommitValueVersion: value version 1 for a legacy explicit retention (it has
  // expireTimestamp but no leaderEpoch: the epoch is lost, and replays as -1), else version 4, whose tagged TopicId
  // carries the committed topic's id when the broker knows the topic (newOffsetCommitRecord)
  const value: Record<string, unknown> =
    o.expireTimestamp !== null
      ? { offset: o.committedOffset, metadata: o.metadata, commitTimestamp: o.commitTimestamp, expireTimestamp: o.expireTimestamp }
      : { offset: o.committedOffset, leaderEpoch: o.leaderEpoch, metadata: o.metadata, commitTimestamp: o.commitTimestamp, ...(topicId !== null ? { topicId } : {}) };
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

/**
 * A value Kafka cannot hold: one that gives expireTimestamp is OffsetCommitValue v1
 * (GroupCoordinatorRecordHelpers.offsetCommitValueVersion), which declares neither leaderEpoch nor topicId (v3+ and
 * v4). The path is the offending field's, from the value.
 */
export function offsetCommitValueProblem(value: Readonly<Record<string, unknown>>): { path: string; message: string } | null {
  if (value.expireTimestamp === undefined) return null;
  for (const field of ['leaderEpoch', 'topicId'])
    if (value[field] !== undefined)
      return {
        path: `value.${field}`,
        message: `an OffsetCommit value with expireTimestamp is value version 1, which has no ${field} (Kafka writes version 1 only for a commit with an explicit retention, and drops the ${field}); remove ${field} or expireTimestamp`,
      };
  return null;
}
