// `kafka-dump-log --offsets-decoder` output → coordinator records in Kafka's JSON form. Each record line carries
// `key: {"type":"<id>","data":{…}}` and `payload: {"version":"<v>","data":{…}}` (or `payload: <DELETE>` / `null`
// for a tombstone); the type id is the record's key version (edition-specific: Edition.recordTypeIds). Lines without a key (batch headers, control records) are skipped.
import { editionNamed } from '../editions/index.ts';
import type { RecordType } from '../log/records.ts';
import type { Edition } from '../protocol/errors.ts';
import { parseJsonKeepingInt64 } from '../util/int64.ts';

export interface DumpedRecord {
  type: RecordType;
  key: Record<string, unknown>;
  value: Record<string, unknown> | null;
  /** 1-based line of the dump text. */
  line: number;
}

export type DumpParse = { ok: true; records: DumpedRecord[] } | { ok: false; line: number; message: string };

/** The JSON value starting at `text[from]` (an object, or a literal), and where it ends. */
function jsonAt(text: string, from: number): { value: unknown; end: number } | null {
  let i = from;
  while (text[i] === ' ') i++;
  if (text[i] !== '{') {
    const m = /^(null|<DELETE>)/.exec(text.slice(i));
    return m ? { value: null, end: i + m[0].length } : null;
  }
  let depth = 0;
  let inString = false;
  for (let j = i; j < text.length; j++) {
    const ch = text[j];
    if (inString) {
      if (ch === '\\') j++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) {
      try {
        // a long such as a metadataHash keeps every digit (kafka-dump-log prints it as a bare number)
        return { value: parseJsonKeepingInt64(text.slice(i, j + 1)), end: j + 1 };
      } catch {
        return null;
      }
    }
  }
  return null;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseDumpLog(text: string, edition: Edition): DumpParse {
  const ids = editionNamed(edition).recordTypeIds;
  const byId = new Map<number, RecordType>();
  for (const [type, id] of Object.entries(ids) as [RecordType, number][]) byId.set(id, type);
  // the legacy offset-commit key (version 0) is an OffsetCommit too
  byId.set(0, 'OffsetCommit');
  const records: DumpedRecord[] = [];
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const l = lines[n]!;
    const k = l.indexOf('key: ');
    if (k < 0) continue;
    const key = jsonAt(l, k + 5);
    if (!key || !isObj(key.value)) return { ok: false, line: n + 1, message: 'the key after "key: " is not a JSON object' };
    const typeId = Number(key.value.type);
    const type = byId.get(typeId);
    if (type === undefined) return { ok: false, line: n + 1, message: `record type ${String(key.value.type)} is not a streams group or offset record of protocol ${JSON.stringify(edition)}` };
    const p = l.indexOf('payload: ', key.end);
    const payload = p < 0 ? { value: null, end: l.length } : jsonAt(l, p + 9);
    if (!payload) return { ok: false, line: n + 1, message: 'the payload after "payload: " is not a JSON object, null or <DELETE>' };
    const value = isObj(payload.value) ? payload.value.data : null;
    if (!isObj(key.value.data) || (value !== null && !isObj(value))) return { ok: false, line: n + 1, message: 'key and payload need a "data" object' };
    records.push({ type, key: key.value.data, value: value as Record<string, unknown> | null, line: n + 1 });
  }
  if (records.length === 0) return { ok: false, line: 1, message: 'no record lines ("key: {…} payload: {…}") found' };
  return { ok: true, records };
}
