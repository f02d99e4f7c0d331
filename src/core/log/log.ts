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
  /** Batches shared with clones: a frozen log that nobody appends to any more. */
  private parent: PartitionLog | null = null;
  /** This log's own batches, after the parent's. */
  private own: RecordBatch[] = [];
  private nextOffset = 0;
  /** A frozen log never changes again, so its flat view is cached on first use. */
  private frozen = false;
  private flat: readonly RecordBatch[] | null = null;

  /** Appends one atomic batch; returns it. An empty batch is not written. */
  append(records: readonly CoordinatorRecord[], timestamp: number): RecordBatch | null {
    if (records.length === 0) return null;
    const batch: RecordBatch = { baseOffset: this.nextOffset, timestamp, records: [...records] };
    this.own.push(batch);
    this.nextOffset += records.length;
    return batch;
  }

  get endOffset(): number {
    return this.nextOffset;
  }

  allBatches(): readonly RecordBatch[] {
    if (this.flat) return this.flat;
    const all = this.parent ? [...this.parent.allBatches(), ...this.own] : this.own;
    if (this.frozen) this.flat = all;
    return all;
  }

  /** The batches that hold an offset at or after `offset`, in order (a binary search: the cost is the batches returned). */
  batchesFrom(offset: number): RecordBatch[] {
    const out: RecordBatch[] = [];
    this.collectFrom(offset, out);
    return out;
  }

  private collectFrom(offset: number, out: RecordBatch[]): void {
    const first = this.own[0];
    if (this.parent && (first === undefined || first.baseOffset > offset)) this.parent.collectFrom(offset, out);
    let lo = 0;
    let hi = this.own.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const b = this.own[mid]!;
      if (b.baseOffset + b.records.length <= offset) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.own.length; i++) out.push(this.own[i]!);
  }

  /** The frozen log holding every batch of this one, when this one has none of its own yet (as right after `clone`). */
  frozenBase(): PartitionLog | null {
    return this.own.length === 0 && this.parent?.frozen ? this.parent : null;
  }

  /** A frozen log's layers: the frozen log it builds on, and its own batches after those. */
  layers(): { parent: PartitionLog | null; own: readonly RecordBatch[] } {
    return { parent: this.parent, own: this.own };
  }

  *records(): Generator<LoggedRecord> {
    for (const b of this.allBatches()) {
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

  /**
   * A copy of the log in O(1): the batches so far move into a frozen log that this one and the copy both
   * build on (batches are immutable), so the explorer can clone a world per transition cheaply.
   */
  clone(): PartitionLog {
    if (this.own.length > 0) {
      const frozen = new PartitionLog();
      frozen.parent = this.parent;
      frozen.own = this.own;
      frozen.nextOffset = this.nextOffset;
      frozen.frozen = true;
      this.parent = frozen;
      this.own = [];
    }
    const l = new PartitionLog();
    l.parent = this.parent;
    l.nextOffset = this.nextOffset;
    return l;
  }
}

/** Approximate serialized size of a batch: what the max-batch-size check measures. */
export function estimateBatchBytes(records: readonly CoordinatorRecord[]): number {
  let n = 61; // record batch header
  for (const r of records) n += 20 + approxSize(r.key) + (r.value ? approxSize(r.value) : 0);
  return n;
}

/** About the size of the value's JSON text, without building it (this runs for every operation). */
function approxSize(v: unknown): number {
  if (v === null || v === undefined) return 4;
  switch (typeof v) {
    case 'string':
      return v.length + 2;
    case 'number':
      return 6;
    case 'boolean':
      return 5;
    case 'object': {
      let n = 2;
      // (numbers, the most common leaves, are counted here without a call)
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          n += (typeof x === 'number' ? 6 : approxSize(x)) + 1;
        }
      } else {
        for (const k in v as Record<string, unknown>) {
          const x = (v as Record<string, unknown>)[k];
          n += k.length + 4 + (typeof x === 'number' ? 6 : approxSize(x));
        }
      }
      return n;
    }
    default:
      return 0;
  }
}
