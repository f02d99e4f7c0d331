// Kafka's on-disk record batch format (magic 2), read-only: what a Fetch response's `records` bytes hold.
// Used to read __consumer_offsets back from a real broker. Compressed batches are reported, not decoded
// (the group coordinator writes its batches uncompressed unless offsets.topic.compression.codec says otherwise).
import { Reader } from './bytes.ts';
import { WireError } from './types.ts';

export interface LogRecord {
  offset: number;
  timestamp: number;
  /** null for a record without key / a tombstone. */
  key: Uint8Array | null;
  value: Uint8Array | null;
}

export interface RecordBatch {
  baseOffset: number;
  lastOffset: number;
  isControl: boolean;
  isTransactional: boolean;
  records: LogRecord[];
}

function varint(r: Reader, path: string): number {
  // Zig-zag varint (records use signed varints).
  const u = r.uvarint(path, 'varint');
  return (u >>> 1) ^ -(u & 1);
}

function varlong(r: Reader, path: string): number {
  let result = 0n;
  let shift = 0n;
  for (let i = 0; i < 10; i++) {
    const b = r.uint8(path);
    result |= BigInt(b & 0x7f) << shift;
    if ((b & 0x80) === 0) {
      const signed = (result >> 1n) ^ -(result & 1n);
      return Number(signed);
    }
    shift += 7n;
  }
  throw new WireError(`varlong longer than 10 bytes at ${path}`, r.pos, path);
}

function bytesOrNull(r: Reader, path: string): Uint8Array | null {
  const n = varint(r, path);
  if (n < 0) return null;
  return r.take(n, path, `${n} bytes`).slice();
}

/** Decodes the record batches in `bytes`; a partial trailing batch (Fetch may cut one) is ignored. */
export function decodeRecordBatches(bytes: Uint8Array): RecordBatch[] {
  const out: RecordBatch[] = [];
  let pos = 0;
  while (pos + 12 <= bytes.length) {
    const head = new Reader(bytes, pos);
    const baseOffset = Number(head.int64('baseOffset'));
    const batchLength = head.int32('batchLength');
    if (pos + 12 + batchLength > bytes.length) break;
    const r = new Reader(bytes, pos + 12, pos + 12 + batchLength);
    r.int32('partitionLeaderEpoch');
    const magic = r.int8('magic');
    if (magic !== 2) throw new WireError(`record batch at offset ${baseOffset} has magic ${magic}; only magic 2 is read`, pos, 'magic');
    r.int32('crc');
    const attributes = r.int16('attributes');
    const lastOffsetDelta = r.int32('lastOffsetDelta');
    const baseTimestamp = Number(r.int64('baseTimestamp'));
    r.int64('maxTimestamp');
    r.int64('producerId');
    r.int16('producerEpoch');
    r.int32('baseSequence');
    const count = r.int32('recordsCount');
    if ((attributes & 0x07) !== 0) throw new WireError(`record batch at offset ${baseOffset} is compressed (codec ${attributes & 0x07}); only uncompressed batches are read`, pos, 'attributes');
    const records: LogRecord[] = [];
    for (let i = 0; i < count; i++) {
      const p = `records[${i}]`;
      varint(r, `${p}.length`);
      r.int8(`${p}.attributes`);
      const timestampDelta = varlong(r, `${p}.timestampDelta`);
      const offsetDelta = varint(r, `${p}.offsetDelta`);
      const key = bytesOrNull(r, `${p}.key`);
      const value = bytesOrNull(r, `${p}.value`);
      const headers = varint(r, `${p}.headers`);
      for (let h = 0; h < headers; h++) {
        bytesOrNull(r, `${p}.headers[${h}].key`);
        bytesOrNull(r, `${p}.headers[${h}].value`);
      }
      records.push({ offset: baseOffset + offsetDelta, timestamp: baseTimestamp + timestampDelta, key, value });
    }
    out.push({ baseOffset, lastOffset: baseOffset + lastOffsetDelta, isControl: (attributes & 0x20) !== 0, isTransactional: (attributes & 0x10) !== 0, records });
    pos += 12 + batchLength;
  }
  return out;
}
