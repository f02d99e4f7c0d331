// The assignment configs the assignor sees, and that StreamsGroupMetadata remembers (LastAssignmentConfigs).
import type { Config } from '../config.ts';
import type { KeyValue } from '../protocol/messages.ts';

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
