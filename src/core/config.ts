// Broker and group configs by Kafka's names, with Kafka's defaults. Unknown names are rejected.

export interface ConfigDef {
  readonly name: string;
  readonly default: number | string;
  readonly type: 'int' | 'long' | 'string' | 'list';
  readonly min?: number;
  readonly max?: number;
  /** A list whose entries must differ (ConfigDef.ValidList.anyNonDuplicateValues). */
  readonly distinct?: boolean;
  readonly doc: string;
}

const INT_MAX = 2147483647;

export const CONFIG_DEFS: readonly ConfigDef[] = [
  { name: 'group.streams.session.timeout.ms', default: 45000, type: 'int', min: 1, doc: 'How long a member may go without a successful heartbeat before the coordinator removes it.' },
  { name: 'group.streams.min.session.timeout.ms', default: 45000, type: 'int', min: 1, doc: 'Lower bound for group-level session timeout overrides.' },
  { name: 'group.streams.max.session.timeout.ms', default: 60000, type: 'int', min: 1, doc: 'Upper bound for group-level session timeout overrides.' },
  { name: 'group.streams.heartbeat.interval.ms', default: 5000, type: 'int', min: 1, doc: 'The heartbeat interval the coordinator tells members to use.' },
  { name: 'group.streams.min.heartbeat.interval.ms', default: 5000, type: 'int', min: 1, doc: 'Lower bound for group-level heartbeat interval overrides.' },
  { name: 'group.streams.max.heartbeat.interval.ms', default: 15000, type: 'int', min: 1, doc: 'Upper bound for group-level heartbeat interval overrides.' },
  { name: 'group.streams.num.standby.replicas', default: 0, type: 'int', min: 0, doc: 'How many standby replicas the assignor places for each stateful task.' },
  { name: 'group.streams.max.standby.replicas', default: 2, type: 'int', min: 0, doc: 'Upper bound for the standby replica setting.' },
  { name: 'group.streams.num.warmup.replicas', default: 2, type: 'int', min: 0, doc: 'Warm-up replicas the refiner may add (the default refiner adds none).' },
  { name: 'group.streams.max.size', default: INT_MAX, type: 'int', min: 1, doc: 'The most members a streams group may have.' },
  { name: 'group.streams.initial.rebalance.delay.ms', default: 3000, type: 'int', min: 0, doc: 'How long the first assignment of a previously empty group waits for more members ([4.4]).' },
  { name: 'group.streams.assignment.interval.ms', default: 1000, type: 'int', min: 0, doc: 'The least time between two target assignment computations ([4.4], KIP-1263).' },
  { name: 'group.streams.min.assignment.interval.ms', default: 0, type: 'int', min: 0, doc: 'Lower bound for group-level assignment interval overrides.' },
  { name: 'group.streams.max.assignment.interval.ms', default: 15000, type: 'int', min: 0, doc: 'Upper bound for group-level assignment interval overrides.' },
  { name: 'group.streams.task.offset.interval.ms', default: 60000, type: 'int', min: 0, doc: 'How often members report task offsets ([4.4]); advertised in the heartbeat response.' },
  { name: 'group.streams.acceptable.recovery.lag', default: 10000, type: 'long', min: 0, doc: 'Advertised in heartbeat response v1 ([4.4]).' },
  { name: 'group.streams.assignors', default: 'sticky', type: 'list', doc: 'The task assignors the broker offers; the first is the default.' },
  { name: 'group.coordinator.rebalance.protocols', default: 'classic,consumer,streams', type: 'list', doc: 'The rebalance protocols the broker enables; the streams RPCs need "streams".' },
  { name: 'group.consumer.session.timeout.ms', default: 45000, type: 'int', min: 1, doc: 'Used instead of the streams session timeout by the KIP-1071 draft branch.' },
  { name: 'group.consumer.heartbeat.interval.ms', default: 5000, type: 'int', min: 1, doc: 'Used instead of the streams heartbeat interval by the KIP-1071 draft branch.' },
  { name: 'group.consumer.max.size', default: INT_MAX, type: 'int', min: 1, doc: 'Group size limit used by the KIP-1071 draft branch.' },
  {
    name: 'draft.branch.defects',
    default: 'false',
    type: 'string',
    doc: 'Simulator switch for protocol kip1071-draft: "true" reproduces the kip1071 branch where it departs from the KIP design (see src/core/editions/kip1071-draft/rules.ts).',
  },
  { name: 'offsets.retention.minutes', default: 10080, type: 'int', min: 1, doc: 'How long an empty group (and its offsets) is kept before it expires.' },
  { name: 'offsets.retention.check.interval.ms', default: 600000, type: 'long', min: 1, doc: 'How often the coordinator sweeps for expired offsets and groups.' },
  { name: 'offsets.topic.num.partitions', default: 50, type: 'int', min: 1, doc: 'Partitions of __consumer_offsets; the group lives on abs(hash(groupId)) % this.' },
  { name: 'message.max.bytes', default: 1048588, type: 'int', min: 0, doc: "Largest record batch the partition accepts: one operation's records must fit." },
  { name: 'playground.run.max.steps', default: 1000000, type: 'int', min: 1, doc: 'Simulator run budget: the most steps one run may take (scenario steps plus the requests its run steps send).' },
  {
    name: 'playground.run.max.fired.timers',
    default: 1000000,
    type: 'int',
    min: 1,
    doc: 'Simulator run budget: the most timers one run may fire (idle retention checks passed over together count once).',
  },
  {
    name: 'playground.run.max.ms',
    default: 60000,
    type: 'int',
    min: 1,
    doc: 'Simulator run budget: the most wall-clock time one run may take, in ms (measured by the CLI and the page, not the core).',
  },
  { name: 'playground.run.max.heap.mb', default: 2048, type: 'int', min: 1, doc: 'Simulator run budget: the most heap (MB) the process may use during a run, where the host can tell.' },
  {
    name: 'playground.run.max.retained.mb',
    default: 512,
    type: 'int',
    min: 1,
    doc: 'Simulator run budget: the most memory (MB) a run may keep (its trace, log and explored states), estimated the same way on every host, so the run stops at the same step everywhere.',
  },
  {
    name: 'group.streams.rack.aware.assignment.tags',
    default: '',
    type: 'list',
    distinct: true,
    doc: 'Client tag keys used for rack-aware standby placement ([4.4], GroupCoordinatorConfig); empty = off. A group overrides it with streams.rack.aware.assignment.tags.',
  },
];

const DEFS_BY_NAME = new Map(CONFIG_DEFS.map((d) => [d.name, d]));

export type ConfigValues = Readonly<Record<string, number | string>>;

export class Config {
  private readonly values: Map<string, number | string>;

  private constructor(values: Map<string, number | string>) {
    this.values = values;
  }

  /** Validates names, types and bounds. Throws ConfigError with the offending name. */
  static from(overrides: Readonly<Record<string, unknown>> = {}): Config {
    const values = new Map<string, number | string>();
    for (const d of CONFIG_DEFS) values.set(d.name, d.default);
    for (const [name, raw] of Object.entries(overrides)) {
      const def = DEFS_BY_NAME.get(name);
      if (!def) throw new ConfigError(name, `unknown config "${name}"`);
      values.set(name, coerce(def, raw));
    }
    return new Config(values);
  }

  int(name: string): number {
    const v = this.values.get(name);
    if (typeof v !== 'number') throw new Error(`config ${name} is not numeric`);
    return v;
  }

  str(name: string): string {
    return String(this.values.get(name) ?? '');
  }

  private readonly lists = new Map<string, string[]>();

  /** Comma-separated list values (memoized: a Config never changes). */
  list(name: string): string[] {
    let l = this.lists.get(name);
    if (!l) {
      l = this.str(name)
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
      this.lists.set(name, l);
    }
    return l;
  }

  /** Only the values that differ from Kafka's defaults. */
  overrides(): Record<string, number | string> {
    const out: Record<string, number | string> = {};
    for (const d of CONFIG_DEFS) if (this.values.get(d.name) !== d.default) out[d.name] = this.values.get(d.name)!;
    return out;
  }
}

export class ConfigError extends Error {
  constructor(
    readonly configName: string,
    message: string,
  ) {
    super(message);
  }
}

function coerce(def: ConfigDef, raw: unknown): number | string {
  if (def.type === 'int' || def.type === 'long') {
    const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw new ConfigError(def.name, `config "${def.name}" must be an integer`);
    if (def.type === 'int' && (n > 2147483647 || n < -2147483648)) throw new ConfigError(def.name, `config "${def.name}" must fit in an int32`);
    if (def.min !== undefined && n < def.min) throw new ConfigError(def.name, `config "${def.name}" must be at least ${def.min}`);
    if (def.max !== undefined && n > def.max) throw new ConfigError(def.name, `config "${def.name}" must be at most ${def.max}`);
    return n;
  }
  const text = Array.isArray(raw) && raw.every((x) => typeof x === 'string') ? raw.join(',') : raw;
  if (typeof text !== 'string') throw new ConfigError(def.name, `config "${def.name}" must be a string`);
  if (def.distinct && text.trim() !== '') {
    const entries = text.split(',').map((s) => s.trim());
    // GroupCoordinatorConfig: ValidList.anyNonDuplicateValues refuses a repeated entry at start-up
    if (new Set(entries).size !== entries.length) throw new ConfigError(def.name, `config "${def.name}" must not contain duplicate values`);
  }
  return text;
}
