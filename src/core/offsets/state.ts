// Committed offsets of one group (OffsetMetadataManager's offsets, keyed topic -> partition): hard state,
// changed only by replaying OffsetCommit records (a value puts, a tombstone removes).

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

export class CommittedOffsets {
  private readonly byTopic = new Map<string, Map<number, OffsetAndMetadata>>();

  get(topic: string, partition: number): OffsetAndMetadata | undefined {
    return this.byTopic.get(topic)?.get(partition);
  }

  put(topic: string, partition: number, o: OffsetAndMetadata): void {
    let inner = this.byTopic.get(topic);
    if (!inner) this.byTopic.set(topic, (inner = new Map()));
    inner.set(partition, o);
  }

  /** Removes one partition's offset; empty topics disappear (Offsets.remove). */
  remove(topic: string, partition: number): void {
    const inner = this.byTopic.get(topic);
    if (!inner) return;
    inner.delete(partition);
    if (inner.size === 0) this.byTopic.delete(topic);
  }

  get size(): number {
    let n = 0;
    for (const inner of this.byTopic.values()) n += inner.size;
    return n;
  }

  /** Every (topic, partition, offset), topics and partitions in ascending order (deterministic record order). */
  entries(): { topic: string; partition: number; offset: OffsetAndMetadata }[] {
    const out: { topic: string; partition: number; offset: OffsetAndMetadata }[] = [];
    for (const topic of [...this.byTopic.keys()].sort()) {
      const inner = this.byTopic.get(topic)!;
      for (const partition of [...inner.keys()].sort((a, b) => a - b)) out.push({ topic, partition, offset: inner.get(partition)! });
    }
    return out;
  }

  /** A plain snapshot: topic -> partition -> offset and metadata. */
  toObject(): Record<string, Record<string, OffsetAndMetadata>> {
    const out: Record<string, Record<string, OffsetAndMetadata>> = {};
    for (const e of this.entries()) (out[e.topic] ??= {})[String(e.partition)] = e.offset;
    return out;
  }

  /** A copy (offset values are immutable). */
  clone(): CommittedOffsets {
    const c = new CommittedOffsets();
    for (const [t, inner] of this.byTopic) c.byTopic.set(t, new Map(inner));
    return c;
  }
}
