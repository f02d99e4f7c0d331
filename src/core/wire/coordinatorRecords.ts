// __consumer_offsets records in Kafka's binary form: the key is the record type id (int16) and the key struct, the
// value its version (int16) and the value struct, as Kafka 4.4.0's generated record classes declare them
// (schemas/kafka-4.4.generated.ts). Decoded into the JSON form the playground's records use.
import { Reader } from './bytes.ts';
import { decodeMessage } from './index.ts';
import { KAFKA_RECORDS } from './schemas/kafka-4.4.generated.ts';
import { WireError } from './types.ts';

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
