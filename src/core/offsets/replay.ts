// Replay of OffsetCommit records (OffsetMetadataManager.replay): a value stores the offset, a tombstone removes it.
import type { CoordinatorRecord } from '../log/records.ts';
import { GroupTable, type Groups } from '../coordinator/groups.ts';
import { newSimpleClassicGroup } from '../coordinator/group.ts';
import { offsetFromValue } from './records.ts';

export function replayOffsetCommit(groups: Groups, r: CoordinatorRecord): void {
  const groupId = r.key.group as string;
  const topic = r.key.topic as string;
  const partition = r.key.partition as number;
  const g = groups.get(groupId);
  if (r.value === null) {
    // tombstone: removes the offset if present (a missing group or offset is no error)
    g?.writableOffsets().remove(topic, partition);
    return;
  }
  // OffsetMetadataManager.replay: offsets of an unknown group create a simple classic group
  let group = g;
  if (!group) groups.set(groupId, (group = newSimpleClassicGroup(groupId)));
  // the group enters OffsetMetadataManager's offsets-by-group table with its first offset
  if (group.offsets.size === 0 && groups instanceof GroupTable) group.offsetsEntered = ++groups.offsetsEntries;
  group.writableOffsets().put(topic, partition, offsetFromValue(r.value));
}
