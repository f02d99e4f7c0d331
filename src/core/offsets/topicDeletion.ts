// Committed offsets of deleted topics (GroupCoordinatorShard.onTopicsDeleted, OffsetMetadataManager.onTopicsDeleted):
// when the cluster deletes a topic, the coordinator writes a tombstone for every offset any group committed to it, in
// one batch. The groups stay (an empty group goes later, with the retention sweep).
import type { OpResult } from '../coordinator/context.ts';
import type { Groups } from '../coordinator/replay.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import { stringHashCode } from '../util/java.ts';
import { TIMELINE_MIN_CAPACITY, timelineCapacityAfterPut, timelineHashMapOrder } from '../util/timelineHashMap.ts';
import { offsetCommitTombstone } from './records.ts';

/**
 * The groups holding offsets in the iteration order of OffsetMetadataManager's offsets-by-group table (a
 * TimelineHashMap created for 0 elements, keyed by group id): a group enters it with its first offset (in that
 * order), and the table has the size that many puts gave.
 */
function offsetsByGroupOrder(groups: Groups): string[] {
  const ids = [...groups.values()]
    .filter((g) => g.offsets.size > 0)
    .sort((a, b) => a.offsetsEntered - b.offsetsEntered)
    .map((g) => g.groupId);
  let capacity = TIMELINE_MIN_CAPACITY;
  for (let n = 0; n < ids.length; n++) capacity = timelineCapacityAfterPut(capacity, n);
  return timelineHashMapOrder(ids, stringHashCode, capacity);
}

/**
 * Per group, per deleted topic (in the order given), per partition in the table's order: a tombstone. Kafka also
 * keeps an offset whose record names another incarnation's topic id; the simulated cluster gives a re-created topic
 * the same id, so every offset of the name goes. Groups in the order of Kafka's offsets-by-group table.
 * `partitionLists` ([4.1]/[4.2] topicDeletionByPartitionList): each deleted topic's partition count; then
 * OffsetMetadataManager.onPartitionsDeleted goes per group through its own topics in table order and, for a deleted
 * one, through the deleted partitions 0…count-1 in that order, each committed one getting its tombstone.
 */
export function deletedTopicOffsetTombstones(groups: Groups, deletedTopics: readonly string[], partitionLists: ReadonlyMap<string, number> | null = null): OpResult<null> {
  const records: CoordinatorRecord[] = [];
  const narration: string[] = [];
  for (const g of offsetsByGroupOrder(groups).map((id) => groups.get(id)!)) {
    const entries = g.offsets.entries();
    let n = 0;
    if (partitionLists !== null) {
      // [4.1]/[4.2] the group's topics in table order, the deleted partitions in the list's (ascending) order
      const committed = new Map<string, Set<number>>();
      for (const e of entries) if (partitionLists.has(e.topic)) (committed.get(e.topic) ?? committed.set(e.topic, new Set()).get(e.topic)!).add(e.partition);
      for (const [topic, partitions] of committed) {
        const count = partitionLists.get(topic)!;
        for (let p = 0; p < count; p++) {
          if (!partitions.has(p)) continue;
          records.push(offsetCommitTombstone(g.groupId, topic, p));
          n++;
        }
      }
    } else {
      for (const topic of deletedTopics) {
        for (const e of entries) {
          if (e.topic !== topic) continue;
          records.push(offsetCommitTombstone(g.groupId, e.topic, e.partition));
          n++;
        }
      }
    }
    if (n > 0) narration.push(`Group ${g.groupId}: ${n} committed offset(s) of the deleted topic(s) get tombstones (OffsetMetadataManager.onTopicsDeleted); the group itself stays.`);
  }
  return { response: null, records, effects: [], narration };
}
