// Replay of OffsetCommit records (OffsetMetadataManager.replay): a value stores the offset, a tombstone removes it.
import type { CoordinatorRecord } from '../log/records.ts';
import { IllegalStateError, type Groups } from '../coordinator/replay.ts';
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
  // Kafka creates a "simple" classic group for offsets of an unknown group; the simulator has no classic groups
  if (!g) throw new IllegalStateError(`Received an offset commit for unknown group ${groupId}; simple (classic) groups are not simulated.`);
  g.writableOffsets().put(topic, partition, offsetFromValue(r.value));
}
