// An in-memory __consumer_offsets partition: append-only record batches with offsets and timestamps.
import { recordKeyId, type CoordinatorRecord } from './records.ts';

export interface RecordBatch {
  readonly baseOffset: number;
  readonly timestamp: number;
  readonly records: readonly CoordinatorRecord[];
}

export interface LoggedRecord {
  readonly offset: number;
  readonly timestamp: number;
  readonly record: CoordinatorRecord;
}

/** Default max batch size of the partition (message.max.bytes, about 1 MiB). */
export const MAX_BATCH_BYTES = 1048588;

export class PartitionLog {
  private readonly batches: RecordBatch[] = [];
  private nextOffset = 0;

  /** Appends one atomic batch; returns it. An empty batch is not written. */
  append(records: readonly CoordinatorRecord[], timestamp: number): RecordBatch | null {
    if (records.length === 0) return null;
    const batch: RecordBatch = { baseOffset: this.nextOffset, timestamp, records: [...records] };
    this.batches.push(batch);
    this.nextOffset += records.length;
    return batch;
  }

  get endOffset(): number {
    return this.nextOffset;
  }

  allBatches(): readonly RecordBatch[] {
    return this.batches;
  }

  *records(): Generator<LoggedRecord> {
    for (const b of this.batches) {
      for (let i = 0; i < b.records.length; i++) {
        yield { offset: b.baseOffset + i, timestamp: b.timestamp, record: b.records[i]! };
      }
    }
  }

  /** Compacted view: the latest record per key, in offset order; keys whose latest value is a tombstone are kept as tombstones. */
  compacted(): LoggedRecord[] {
    const latest = new Map<string, LoggedRecord>();
    for (const r of this.records()) {
      const id = recordKeyId(r.record);
      latest.delete(id);
      latest.set(id, r);
    }
    return [...latest.values()].sort((a, b) => a.offset - b.offset);
  }

  /** A copy of the log with the same batches (batches are immutable). */
  clone(): PartitionLog {
    const l = new PartitionLog();
    for (const b of this.batches) l.batches.push(b);
    l.nextOffset = this.nextOffset;
    return l;
  }
}

/** Approximate serialized size of a batch: what the max-batch-size check measures. */
export function estimateBatchBytes(records: readonly CoordinatorRecord[]): number {
  let n = 61; // record batch header
  for (const r of records) n += 20 + JSON.stringify(r.key).length + (r.value ? JSON.stringify(r.value).length : 0);
  return n;
}
