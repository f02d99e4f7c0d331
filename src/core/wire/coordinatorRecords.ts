// __consumer_offsets records in Kafka's binary form: the key is the record type id (int16) and the key struct, the
// value its version (int16) and the value struct, as Kafka 4.4.0's generated record classes declare them
// (schemas/kafka-4.4.generated.ts). Decoded into the JSON form the playground's records use.
import { Reader, Writer } from './bytes.ts';
import { decodeMessage, encodeMessage } from './index.ts';
import { KAFKA_RECORDS } from './schemas/kafka-4.4.generated.ts';
import { WireError } from './types.ts';
import { maxOf } from '../util/arrays.ts';

export interface DecodedCoordinatorRecord {
  type: string;
  key: Record<string, unknown>;
  /** null for a tombstone. */
  value: Record<string, unknown> | null;
  /** The value's schema version (Kafka writes the newest it knows for some types). */
  valueVersion?: number;
}

/** Decodes one record; an unknown record type gives `{ type: 'Unknown(<id>)' }` with the raw bytes' length. */
export function decodeCoordinatorRecord(key: Uint8Array, value: Uint8Array | null): DecodedCoordinatorRecord {
  const kr = new Reader(key);
  const typeId = kr.int16('key.type');
  const spec = KAFKA_RECORDS[typeId];
  if (!spec) return { type: `Unknown(${typeId})`, key: { bytes: key.length }, value: value === null ? null : { bytes: value.length } };
  const keyJson = decodeMessage(spec.key, 0, key.subarray(2), { int64: 'string', absentTagged: 'omit' }).json;
  if (value === null) return { type: spec.type, key: keyJson, value: null };
  const vr = new Reader(value);
  const version = vr.int16('value.version');
  const schema = spec.values[version];
  if (!schema) throw new WireError(`${spec.type} value version ${version} is not one Kafka 4.4.0 declares`, 0, 'value');
  return { type: spec.type, key: keyJson, value: decodeMessage(schema, version, value.subarray(2), { int64: 'string', absentTagged: 'omit' }).json, valueVersion: version };
}

/**
 * The value version Kafka 4.4.0's group coordinator writes for a record type: OffsetCommit v1 when it carries an
 * expireTimestamp, else v4 (GroupCoordinatorRecordHelpers.offsetCommitValueVersion); every streams-group type has v0 only.
 * An OffsetCommit value that gives expireTimestamp at all is a v1 value (-1, its default, included: a v1 record read back).
 */
export function kafkaValueVersion(type: string, value: Record<string, unknown>): number {
  if (type === 'OffsetCommit') return value.expireTimestamp !== undefined ? 1 : 4;
  const spec = Object.values(KAFKA_RECORDS).find((s) => s.type === type);
  if (!spec) throw new WireError(`${type} is not a record type Kafka 4.4.0 declares`, 0, 'type');
  return maxOf(Object.keys(spec.values), Number, 0);
}

export interface EncodedCoordinatorRecord {
  key: Uint8Array;
  /** null for a tombstone. */
  value: Uint8Array | null;
  valueVersion: number | null;
}

/** A record in Kafka's binary form: int16 type id + key struct; int16 version + value struct (Kafka's version unless given). */
export function encodeCoordinatorRecord(type: string, key: Record<string, unknown>, value: Record<string, unknown> | null, valueVersion?: number): EncodedCoordinatorRecord {
  const entry = Object.entries(KAFKA_RECORDS).find(([, s]) => s.type === type);
  if (!entry) throw new WireError(`${type} is not a record type Kafka 4.4.0 declares`, 0, 'type');
  const [id, spec] = entry;
  const kw = new Writer();
  kw.int16(Number(id));
  kw.bytes(encodeMessage(spec.key, 0, key));
  if (value === null) return { key: kw.finish(), value: null, valueVersion: null };
  const version = valueVersion ?? kafkaValueVersion(type, value);
  const schema = spec.values[version];
  if (!schema) throw new WireError(`${type} value version ${version} is not one Kafka 4.4.0 declares`, 0, 'value');
  const vw = new Writer();
  vw.int16(version);
  vw.bytes(encodeMessage(schema, version, value));
  return { key: kw.finish(), value: vw.finish(), valueVersion: version };
}
