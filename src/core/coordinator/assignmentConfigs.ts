// The assignment configs the assignor sees, and that StreamsGroupMetadata remembers (LastAssignmentConfigs).
import type { Config } from '../config.ts';
import type { KeyValue } from '../protocol/messages.ts';

/** {num.standby.replicas} plus [4.4] rack.aware.assignment.tags when set, sorted by key. */
const cache = new WeakMap<Config, KeyValue[]>();

export function assignmentConfigs(config: Config): KeyValue[] {
  const cached = cache.get(config);
  if (cached) return cached;
  const out: KeyValue[] = [{ key: 'num.standby.replicas', value: String(config.int('group.streams.num.standby.replicas')) }];
  const tags = config.list('streams.rack.aware.assignment.tags');
  if (tags.length > 0) out.push({ key: 'rack.aware.assignment.tags', value: tags.join(',') });
  out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  cache.set(config, out);
  return out;
}

const maps = new WeakMap<Config, ReadonlyMap<string, string>>();

/** The same configs as the map the assignor reads (one per config: the memoized assignor keys on it cheaply). */
export function assignmentConfigMap(config: Config): ReadonlyMap<string, string> {
  let m = maps.get(config);
  if (!m) maps.set(config, (m = new Map(assignmentConfigs(config).map((c) => [c.key, c.value]))));
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
