// Group configs (GROUP config resources, changed by IncrementalAlterConfigs): the streams group's overrides of the
// broker's group.streams.* configs, validated as Kafka's GroupConfig.validate does. They live in the cluster metadata,
// not in __consumer_offsets, so a coordinator failover keeps them.
import { Config } from '../config.ts';

interface GroupConfigDef {
  /** The broker config it overrides for this group (GroupConfig's mapping). */
  readonly broker: string;
  readonly type: 'int' | 'long' | 'list' | 'string';
  /** ConfigDef Range.atLeast. */
  readonly atLeast?: number;
}

/** The streams group configs of Kafka 4.4 (GroupConfig), by name. */
export const STREAMS_GROUP_CONFIGS: ReadonlyMap<string, GroupConfigDef> = new Map([
  ['streams.session.timeout.ms', { broker: 'group.streams.session.timeout.ms', type: 'int', atLeast: 1 }],
  ['streams.heartbeat.interval.ms', { broker: 'group.streams.heartbeat.interval.ms', type: 'int', atLeast: 1 }],
  ['streams.num.standby.replicas', { broker: 'group.streams.num.standby.replicas', type: 'int', atLeast: 0 }],
  ['streams.initial.rebalance.delay.ms', { broker: 'group.streams.initial.rebalance.delay.ms', type: 'int', atLeast: 0 }],
  ['streams.assignment.interval.ms', { broker: 'group.streams.assignment.interval.ms', type: 'int', atLeast: 0 }],
  ['streams.task.offset.interval.ms', { broker: 'group.streams.task.offset.interval.ms', type: 'int', atLeast: 1 }],
  ['streams.num.warmup.replicas', { broker: 'group.streams.num.warmup.replicas', type: 'int', atLeast: 0 }],
  ['streams.acceptable.recovery.lag', { broker: 'group.streams.acceptable.recovery.lag', type: 'long', atLeast: 0 }],
  ['streams.rack.aware.assignment.tags', { broker: 'group.streams.rack.aware.assignment.tags', type: 'list' }],
  ['streams.assignor.name', { broker: 'group.streams.assignors', type: 'string' }],
] as const);

/** AlterConfigOp.OpType. */
export const CONFIG_OPS = ['SET', 'DELETE', 'APPEND', 'SUBTRACT'] as const;

export class InvalidConfig extends Error {}

/** A GROUP resource Kafka refuses before reading its configs (INVALID_REQUEST with this message). */
export class InvalidGroupResource extends Error {}

const INT = /^[+-]?\d+$/;

function parseValue(name: string, def: GroupConfigDef, value: string): number | string {
  if (def.type === 'int' || def.type === 'long') {
    const n = Number(value.trim());
    const max = def.type === 'int' ? 2147483647 : Number.MAX_SAFE_INTEGER;
    if (!INT.test(value.trim()) || Math.abs(n) > max) throw new InvalidConfig(`Invalid value ${value} for configuration ${name}: Not a number of type ${def.type.toUpperCase()}`);
    if (def.atLeast !== undefined && n < def.atLeast) throw new InvalidConfig(`Invalid value ${value} for configuration ${name}: Value must be at least ${def.atLeast}`);
    return n;
  }
  return value;
}

const listOf = (v: string): string[] => (v.trim() === '' ? [] : v.split(',').map((s) => s.trim()));

/**
 * ConfigAdminManager.prepareIncrementalConfigs then GroupConfig.validate: the group's whole new config, or an
 * InvalidConfig with Kafka's message.
 */
export function alterGroupConfigs(
  current: ReadonlyMap<string, string>,
  ops: readonly { name: string; configOperation: number; value: string | null }[],
  broker: Config,
  groupName: string,
): Map<string, string> {
  const next = new Map(current);
  let unknown: string | null = null;
  for (const op of ops) {
    const def = STREAMS_GROUP_CONFIGS.get(op.name);
    const kind = CONFIG_OPS[op.configOperation];
    if (!def && (kind === 'APPEND' || kind === 'SUBTRACT')) throw new InvalidConfig(`Unknown group config name: ${op.name}`);
    if (kind === undefined) throw new InvalidConfig(`Unknown config operation ${op.configOperation}`);
    if (!def) {
      // GroupConfig.validate finds an unknown name, after the resource name is checked
      unknown ??= op.name;
      continue;
    }
    // ConfigurationControlManager.incrementalAlterConfigResource (the controller alters GROUP resources): only a LIST
    // config can be appended to or subtracted from
    if ((kind === 'APPEND' || kind === 'SUBTRACT') && def.type !== 'list') throw new InvalidConfig(`Can't ${kind} to key ${op.name} because its type is not LIST.`);
    if (kind === 'DELETE') next.delete(op.name);
    else if (kind === 'SET') next.set(op.name, op.value ?? '');
    else {
      const have = listOf(next.get(op.name) ?? broker.str(def.broker));
      const given = listOf(op.value ?? '');
      next.set(op.name, (kind === 'APPEND' ? [...have, ...given.filter((x) => !have.includes(x))] : have.filter((x) => !given.includes(x))).join(','));
    }
  }
  // ControllerConfigurationValidator.validate (GROUP): validateGroupName, then GroupConfig.validate
  if (groupName === '') throw new InvalidGroupResource('Default group resources are not allowed.');
  if (unknown !== null) throw new InvalidConfig(`Unknown group config name: ${unknown}`);
  validateGroupConfig(next, broker);
  return next;
}

function validateGroupConfig(config: ReadonlyMap<string, string>, broker: Config): void {
  const parsed = new Map<string, number | string>();
  for (const [name, value] of config) parsed.set(name, parseValue(name, STREAMS_GROUP_CONFIGS.get(name)!, value));
  const tags = config.get('streams.rack.aware.assignment.tags');
  if (tags !== undefined && new Set(listOf(tags)).size !== listOf(tags).length) throw new InvalidConfig('streams.rack.aware.assignment.tags must not contain duplicate tag keys.');
  const range = (key: string, min: number, max: number) => {
    const v = parsed.get(key);
    if (typeof v === 'number' && (v < min || v > max)) throw new InvalidConfig(`${key} must be in the range ${min} to ${max} inclusive.`);
  };
  range('streams.heartbeat.interval.ms', broker.int('group.streams.min.heartbeat.interval.ms'), broker.int('group.streams.max.heartbeat.interval.ms'));
  range('streams.session.timeout.ms', broker.int('group.streams.min.session.timeout.ms'), broker.int('group.streams.max.session.timeout.ms'));
  const standbys = parsed.get('streams.num.standby.replicas');
  const maxStandbys = broker.int('group.streams.max.standby.replicas');
  if (typeof standbys === 'number' && standbys > maxStandbys) throw new InvalidConfig(`streams.num.standby.replicas must be less than or equal to ${maxStandbys}`);
  range('streams.assignment.interval.ms', broker.int('group.streams.min.assignment.interval.ms'), broker.int('group.streams.max.assignment.interval.ms'));
  const assignor = parsed.get('streams.assignor.name');
  const registered = broker.list('group.streams.assignors');
  if (typeof assignor === 'string' && !registered.includes(assignor))
    throw new InvalidConfig(`streams.assignor.name '${assignor}' is not a registered task assignor. Registered assignors are: [${registered.join(', ')}].`);
  // validateSessionExceedsHeartbeat, with the broker's values for the one not given
  if (parsed.has('streams.session.timeout.ms') || parsed.has('streams.heartbeat.interval.ms')) {
    const session = (parsed.get('streams.session.timeout.ms') as number | undefined) ?? broker.int('group.streams.session.timeout.ms');
    const heartbeat = (parsed.get('streams.heartbeat.interval.ms') as number | undefined) ?? broker.int('group.streams.heartbeat.interval.ms');
    if (session <= heartbeat) throw new InvalidConfig('streams.session.timeout.ms must be greater than streams.heartbeat.interval.ms');
  }
}

const effective = new WeakMap<ReadonlyMap<string, string>, Config>();

/** The broker config as one group sees it: its group configs replace the broker values they override. */
export function effectiveConfig(broker: Config, overrides: ReadonlyMap<string, string>): Config {
  let c = effective.get(overrides);
  if (c === undefined) {
    const values: Record<string, number | string> = { ...broker.overrides() };
    for (const [name, value] of overrides) {
      const def = STREAMS_GROUP_CONFIGS.get(name)!;
      // streams.assignor.name picks one of the broker's assignors: the group's is listed first
      values[def.broker] = def.broker === 'group.streams.assignors' ? [value, ...broker.list(def.broker).filter((a) => a !== value)].join(',') : parseValue(name, def, value);
    }
    c = Config.from(values);
    effective.set(overrides, c);
  }
  return c;
}
