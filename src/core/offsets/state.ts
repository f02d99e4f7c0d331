// Committed offsets of one group (OffsetMetadataManager's offsets, keyed topic -> partition): hard state,
// changed only by replaying OffsetCommit records (a value puts, a tombstone removes).
import { stringHashCode } from '../util/java.ts';
import { TIMELINE_MIN_CAPACITY, timelineCapacityAfterPut, timelineHashMapOrder } from '../util/timelineHashMap.ts';

/** OffsetAndMetadata as replayed from an OffsetCommitValue. */
export interface OffsetAndMetadata {
  readonly committedOffset: number;
  /** -1 when the commit gave none. */
  readonly leaderEpoch: number;
  readonly metadata: string;
  /** When the coordinator wrote the commit: the base of the retention period. */
  readonly commitTimestamp: number;
  /** Legacy per-commit expiry (OffsetCommit v2-4 RetentionTimeMs); null = the broker's retention applies. */
  readonly expireTimestamp: number | null;
}

/**
 * A group's committed offsets as OffsetMetadataManager.Offsets holds them: a TimelineHashMap of topics, each a
 * TimelineHashMap of partitions. Both iterate in table order (slot by slot, newest first within a slot; see
 * timelineHashMapOrder), which is the order Kafka lists them in an all-topics OffsetFetch (fetchAllOffsets) and writes
 * their tombstones (deleteAllOffsets, cleanupExpiredOffsets). A table grows before each put and never shrinks; an
 * emptied partition table is dropped with its topic, and an emptied topic table with the group's entry.
 */
export class CommittedOffsets {
  private readonly byTopic = new Map<string, Map<number, OffsetAndMetadata>>();
  /** Slots of the topic table (TimelineHashMap created for 0 elements). */
  private topicsCapacity = TIMELINE_MIN_CAPACITY;
  /** Slots of each topic's partition table. */
  private readonly partitionsCapacity = new Map<string, number>();

  get(topic: string, partition: number): OffsetAndMetadata | undefined {
    return this.byTopic.get(topic)?.get(partition);
  }

  put(topic: string, partition: number, o: OffsetAndMetadata): void {
    let inner = this.byTopic.get(topic);
    if (!inner) {
      // Offsets.put: computeIfAbsent puts a new topic table
      this.topicsCapacity = timelineCapacityAfterPut(this.topicsCapacity, this.byTopic.size);
      this.byTopic.set(topic, (inner = new Map()));
      this.partitionsCapacity.set(topic, TIMELINE_MIN_CAPACITY);
    }
    this.partitionsCapacity.set(topic, timelineCapacityAfterPut(this.partitionsCapacity.get(topic)!, inner.size));
    inner.set(partition, o);
  }

  /** Removes one partition's offset; empty topics disappear, and with the last one the group's table (Offsets.remove). */
  remove(topic: string, partition: number): void {
    const inner = this.byTopic.get(topic);
    if (!inner) return;
    inner.delete(partition);
    if (inner.size === 0) {
      this.byTopic.delete(topic);
      this.partitionsCapacity.delete(topic);
    }
    if (this.byTopic.size === 0) this.topicsCapacity = TIMELINE_MIN_CAPACITY;
  }

  get size(): number {
    let n = 0;
    for (const inner of this.byTopic.values()) n += inner.size;
    return n;
  }

  /** Every (topic, partition, offset), in the order Kafka's tables iterate them. */
  entries(): { topic: string; partition: number; offset: OffsetAndMetadata }[] {
    const out: { topic: string; partition: number; offset: OffsetAndMetadata }[] = [];
    for (const topic of timelineHashMapOrder([...this.byTopic.keys()], stringHashCode, this.topicsCapacity)) {
      const inner = this.byTopic.get(topic)!;
      // Integer.hashCode is the value itself
      for (const partition of timelineHashMapOrder([...inner.keys()], (p) => p, this.partitionsCapacity.get(topic)!)) out.push({ topic, partition, offset: inner.get(partition)! });
    }
    return out;
  }

  /** A plain snapshot: topic -> partition -> offset and metadata. */
  toObject(): Record<string, Record<string, OffsetAndMetadata>> {
    const out: Record<string, Record<string, OffsetAndMetadata>> = {};
    for (const e of this.entries()) (out[e.topic] ??= {})[String(e.partition)] = e.offset;
    return out;
  }

  /** A copy (offset values are immutable), tables and their sizes included. */
  clone(): CommittedOffsets {
    const c = new CommittedOffsets();
    c.copyFrom(this);
    return c;
  }

  /** Takes over `other`'s offsets and tables: Kafka keeps a group's offsets apart from the group object. */
  copyFrom(other: CommittedOffsets): void {
    this.byTopic.clear();
    this.partitionsCapacity.clear();
    for (const [t, inner] of other.byTopic) this.byTopic.set(t, new Map(inner));
    for (const [t, cap] of other.partitionsCapacity) this.partitionsCapacity.set(t, cap);
    this.topicsCapacity = other.topicsCapacity;
  }
}
