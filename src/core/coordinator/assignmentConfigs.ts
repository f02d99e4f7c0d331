// The assignment configs the assignor sees, and that StreamsGroupMetadata remembers (LastAssignmentConfigs).
import type { Config } from '../config.ts';
import type { KeyValue } from '../protocol/messages.ts';
import { hashMapOrder, stringHashCode } from '../util/java.ts';
import { timelineCapacityAfterPut, timelineHashMapOrder } from '../util/timelineHashMap.ts';

/** A config's assignment configs, as a list (records) and as the map the assignor reads; computed once per config. */
const cache = new WeakMap<Config, { list: KeyValue[]; map: ReadonlyMap<string, string> }>();

function configsOf(config: Config): { list: KeyValue[]; map: ReadonlyMap<string, string> } {
  let c = cache.get(config);
  if (!c) {
    const list: KeyValue[] = [{ key: 'num.standby.replicas', value: String(config.int('group.streams.num.standby.replicas')) }];
    const tags = config.list('group.streams.rack.aware.assignment.tags');
    if (tags.length > 0) list.push({ key: 'rack.aware.assignment.tags', value: tags.join(',') });
    list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    cache.set(config, (c = { list, map: new Map(list.map((kv) => [kv.key, kv.value])) }));
  }
  return c;
}

/** {num.standby.replicas} plus [4.4] rack.aware.assignment.tags when set, sorted by key. */
export function assignmentConfigs(config: Config): KeyValue[] {
  return configsOf(config).list;
}

/** The same configs as the map the assignor reads (one per config: the memoized assignor keys on it cheaply). */
export function assignmentConfigMap(config: Config): ReadonlyMap<string, string> {
  return configsOf(config).map;
}

const storedMaps = new WeakMap<readonly KeyValue[], ReadonlyMap<string, string>>();
const NONE_STORED: ReadonlyMap<string, string> = new Map();

/** StreamsGroup.lastAssignmentConfigs as the map the assignor reads (none stored: the empty map); one per stored list. */
export function storedAssignmentConfigMap(stored: readonly KeyValue[] | null): ReadonlyMap<string, string> {
  if (stored === null) return NONE_STORED;
  let m = storedMaps.get(stored);
  if (!m) storedMaps.set(stored, (m = new Map(stored.map((kv) => [kv.key, kv.value]))));
  return m;
}

/** Stored configs compare as a map; null (never stored) is the empty map. */
export function sameConfigs(a: readonly KeyValue[], stored: readonly KeyValue[] | null): boolean {
  const b = stored ?? [];
  if (a.length !== b.length) return false;
  // a handful of entries: a linear search per key (the last stored value of a key wins, as in a map)
  for (const kv of a) {
    let value: string | undefined;
    for (const x of b) if (x.key === kv.key) value = x.value;
    if (value !== kv.value) return false;
  }
  return true;
}

/** The distinct keys of a stored list in the order a HashMap (Collectors.toMap in the replay) iterates them. */
function replayedKeys(stored: readonly KeyValue[]): string[] {
  return hashMapOrder(
    stored.map((kv) => kv.key),
    stringHashCode,
  );
}

/** How many distinct keys a stored list has (a handful of entries: a linear search per key). */
function distinctKeys(stored: readonly KeyValue[]): number {
  let n = 0;
  for (let i = 0; i < stored.length; i++) {
    const key = stored[i]!.key;
    let first = true;
    for (let j = 0; j < i; j++) if (stored[j]!.key === key) first = false;
    if (first) n++;
  }
  return n;
}

/**
 * The slots of StreamsGroup's last-assignment-configs table after a replay stores `stored`
 * (StreamsGroup.setLastAssignmentConfigs: clear, then putAll, each put growing the table first; it never shrinks).
 */
export function storedConfigsCapacity(capacity: number, stored: readonly KeyValue[] | null): number {
  let c = capacity;
  // (the replay's map holds one entry per distinct key: its iteration order does not matter here)
  const n = stored === null ? 0 : distinctKeys(stored);
  for (let size = 0; size < n; size++) c = timelineCapacityAfterPut(c, size);
  return c;
}

/**
 * The stored configs as streamsGroupFenceMember writes them back from 4.3: StreamsGroup.lastAssignmentConfigs copies
 * them into a TreeMap, so one per key, sorted (String.compareTo: by UTF-16 code unit, as JavaScript compares strings).
 */
export function storedConfigsSorted(stored: KeyValue[] | null): KeyValue[] | null {
  if (stored === null || stored.length < 2) return stored;
  const byKey = new Map<string, string>();
  for (const kv of stored) byKey.set(kv.key, kv.value);
  if (byKey.size === stored.length && stored.every((kv, i) => i === 0 || stored[i - 1]!.key < kv.key)) return stored;
  return [...byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((key) => ({ key, value: byKey.get(key)! }));
}

/**
 * [4.2] The stored configs as streamsGroupFenceMember writes them back (StreamsGroup.lastAssignmentConfigs): the
 * group's TimelineHashMap in its own iteration order, filled in the replay's HashMap order (4.3 reads them through a
 * TreeMap: storedConfigsSorted).
 */
export function storedConfigsInTableOrder(stored: KeyValue[] | null, capacity: number): KeyValue[] | null {
  if (stored === null || stored.length < 2) return stored;
  const byKey = new Map<string, string>();
  for (const kv of stored) if (!byKey.has(kv.key)) byKey.set(kv.key, kv.value);
  return timelineHashMapOrder(replayedKeys(stored), stringHashCode, capacity).map((key) => ({ key, value: byKey.get(key)! }));
}
