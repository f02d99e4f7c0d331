// The in-memory groups of one __consumer_offsets partition, and the error a record that cannot be replayed raises
// (GroupMetadataManager's IllegalStateException). A leaf: replay, offsets and the editions all use it.
import type { StreamsGroup } from './group.ts';
import { stringHashCode } from '../util/java.ts';
import { TIMELINE_MIN_CAPACITY, timelineCapacityAfterPut, timelineHashMapOrder } from '../util/timelineHashMap.ts';

export class IllegalStateError extends Error {}

export type Groups = Map<string, StreamsGroup>;

/**
 * A coordinator's groups: by id in insertion order, with the table size of Kafka's group map
 * (GroupMetadataManager.groups, a TimelineHashMap created for 0 elements). Groups come and go only by replay, which
 * puts a group once, when it is created.
 */
export class GroupTable extends Map<string, StreamsGroup> {
  /** The table's slot count: grown before each put of a new group (BaseHashTable.baseAddOrReplace), never shrunk. */
  capacity = TIMELINE_MIN_CAPACITY;
  /** How many times a group entered the offsets-by-group table (its first offset, again after its last one went). */
  offsetsEntries = 0;

  /** Empty: groups are put one by one (Map's constructor would put them before `capacity` exists). */
  constructor() {
    super();
  }

  override set(groupId: string, group: StreamsGroup): this {
    if (!this.has(groupId)) this.capacity = timelineCapacityAfterPut(this.capacity, this.size);
    return super.set(groupId, group);
  }

  /** A copy with each group mapped by `copy` (same order, same table size). */
  copy(copy: (g: StreamsGroup) => StreamsGroup): GroupTable {
    const out = new GroupTable();
    for (const [id, g] of this) out.set(id, copy(g));
    out.capacity = this.capacity;
    out.offsetsEntries = this.offsetsEntries;
    return out;
  }
}

/**
 * The group ids in the iteration order of Kafka's group map (TimelineHashMap: by slot, newest first within a slot),
 * which Kafka walks when it loads a partition (GroupMetadataManager.onLoaded schedules each group's timers) and in the
 * retention check (GroupCoordinatorShard.cleanupGroupMetadata over groupIds()). A plain map that never lost a group
 * has the table size its puts gave.
 */
export function groupTableOrder(groups: Groups): string[] {
  const ids = [...groups.keys()];
  let capacity = TIMELINE_MIN_CAPACITY;
  if (groups instanceof GroupTable) capacity = groups.capacity;
  else for (let n = 0; n < ids.length; n++) capacity = timelineCapacityAfterPut(capacity, n);
  return timelineHashMapOrder(ids, stringHashCode, capacity);
}
