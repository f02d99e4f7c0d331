// Group configs (GROUP config resources, changed by IncrementalAlterConfigs): the streams group's overrides of the
// broker's group.streams.* configs, validated as Kafka's GroupConfig.validate does. They live in the cluster metadata,
// not in __consumer_offsets, so a coordinator failover keeps them.
import { Config } from '../config.ts';
import { SHIPPED_RELEASE, type ReleaseRules } from '../releases/index.ts';
import { hashMapOrder, stringHashCode } from '../util/java.ts';
import { hasOwnKey } from '../util/own.ts';

interface GroupConfigDef {
  /** The broker config a streams group config overrides for its group (GroupConfig's mapping); other groups' configs have none here. */
  readonly broker?: string;
  /** ConfigDef.Type. */
  readonly type: 'int' | 'long' | 'list' | 'string' | 'boolean';
  /** ConfigDef Range.atLeast. */
  readonly atLeast?: number;
  /** ConfigDef.ValidString.in. */
  readonly oneOf?: readonly string[];
  /** Another ConfigDef validator: the problem with a value, or null. */
  readonly check?: (value: string) => string | null;
}

/** The streams group configs of Kafka 4.4 (GroupConfig), by name: the ones the simulator applies to a streams group. */
export const STREAMS_GROUP_CONFIGS: ReadonlyMap<string, GroupConfigDef> = new Map<string, GroupConfigDef>([
  ['streams.session.timeout.ms', { broker: 'group.streams.session.timeout.ms', type: 'int', atLeast: 1 }],
  ['streams.heartbeat.interval.ms', { broker: 'group.streams.heartbeat.interval.ms', type: 'int', atLeast: 1 }],
  ['streams.num.standby.replicas', { broker: 'group.streams.num.standby.replicas', type: 'int', atLeast: 0 }],
  ['streams.initial.rebalance.delay.ms', { broker: 'group.streams.initial.rebalance.delay.ms', type: 'int', atLeast: 0 }],
  ['streams.assignment.interval.ms', { broker: 'group.streams.assignment.interval.ms', type: 'int', atLeast: 0 }],
  ['streams.task.offset.interval.ms', { broker: 'group.streams.task.offset.interval.ms', type: 'int', atLeast: 1 }],
  ['streams.num.warmup.replicas', { broker: 'group.streams.num.warmup.replicas', type: 'int', atLeast: 0 }],
  ['streams.rack.aware.assignment.tags', { broker: 'group.streams.rack.aware.assignment.tags', type: 'list' }],
  ['streams.acceptable.recovery.lag', { broker: 'group.streams.acceptable.recovery.lag', type: 'long', atLeast: 0 }],
  ['streams.assignor.name', { broker: 'group.streams.assignors', type: 'string' }],
]);

/** Java's Duration.parse form (PnDTnHnMn.nS, each part optionally signed): whether the text is one, and its sign. */
const ISO_DURATION = /^([-+]?)P(?:([-+]?\d+)D)?(?:T(?:([-+]?\d+)H)?(?:([-+]?\d+)M)?(?:([-+]?\d+)(?:[.,]\d{0,9})?S)?)?$/i;

/** ShareGroupAutoOffsetResetStrategy.Validator: earliest, latest or by_duration:<non-negative ISO-8601 duration>. */
function shareAutoOffsetReset(value: string): string | null {
  const v = value.toLowerCase();
  if (v === 'earliest' || v === 'latest') return null;
  const m = v.startsWith('by_duration:') ? ISO_DURATION.exec(value.slice('by_duration:'.length)) : null;
  const negative = m !== null && (m[1] === '-' || [m[2], m[3], m[4], m[5]].some((x) => x !== undefined && Number(x) < 0));
  const empty = m !== null && m.slice(2).every((x) => x === undefined);
  if (m !== null && !negative && !empty) return null;
  return `Invalid value \`${value}\` for configuration share.auto.offset.reset. The value must be either 'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'.`;
}

/**
 * Every group config of Kafka 4.4 (GroupConfig.CONFIG_DEF), in its definition order (ConfigDef.parse checks them in
 * this order). Any group id takes any of them: a consumer or share group's configs are stored for a streams group too.
 */
export const GROUP_CONFIGS: ReadonlyMap<string, GroupConfigDef> = new Map<string, GroupConfigDef>([
  ['consumer.session.timeout.ms', { type: 'int', atLeast: 1 }],
  ['consumer.heartbeat.interval.ms', { type: 'int', atLeast: 1 }],
  ['consumer.assignment.interval.ms', { type: 'int', atLeast: 0 }],
  ['consumer.assignor.offload.enable', { type: 'boolean' }],
  ['share.session.timeout.ms', { type: 'int', atLeast: 1 }],
  ['share.heartbeat.interval.ms', { type: 'int', atLeast: 1 }],
  ['share.record.lock.duration.ms', { type: 'int', atLeast: 1000 }],
  ['share.delivery.count.limit', { type: 'int', atLeast: 2 }],
  ['share.partition.max.record.locks', { type: 'int', atLeast: 100 }],
  ['share.auto.offset.reset', { type: 'string', check: shareAutoOffsetReset }],
  ['share.isolation.level', { type: 'string', oneOf: ['read_committed', 'read_uncommitted'] }],
  ['share.renew.acknowledge.enable', { type: 'boolean' }],
  ['share.assignment.interval.ms', { type: 'int', atLeast: 0 }],
  ['share.assignor.offload.enable', { type: 'boolean' }],
  ...[...STREAMS_GROUP_CONFIGS].slice(0, 5),
  ['streams.assignor.offload.enable', { type: 'boolean' }],
  ...[...STREAMS_GROUP_CONFIGS].slice(5),
  ['errors.deadletterqueue.topic.name', { type: 'string' }],
  ['errors.deadletterqueue.copy.record.enable', { type: 'boolean' }],
]);

/**
 * The broker bounds GroupConfig.validateValues checks the consumer and share group configs against, and the streams
 * ones the simulator has no broker config for: Kafka 4.4's defaults (GroupCoordinatorConfig, ShareGroupConfig).
 */
const KAFKA_DEFAULT_BOUNDS = {
  consumerHeartbeat: [5000, 15000],
  consumerSession: [45000, 60000],
  consumerAssignmentInterval: [0, 15000],
  consumerSessionDefault: 45000,
  consumerHeartbeatDefault: 5000,
  shareHeartbeat: [5000, 15000],
  shareSession: [45000, 60000],
  shareRecordLockDuration: [15000, 60000],
  shareDeliveryCountLimit: [2, 10],
  sharePartitionMaxRecordLocks: [100, 4000],
  shareAssignmentInterval: [0, 15000],
  shareSessionDefault: 45000,
  shareHeartbeatDefault: 5000,
  streamsMinTaskOffsetInterval: 15000,
  streamsMaxWarmupReplicas: 20,
} as const;

/** AlterConfigOp.OpType. */
export const CONFIG_OPS = ['SET', 'DELETE', 'APPEND', 'SUBTRACT'] as const;

export class InvalidConfig extends Error {}

/** A GROUP resource Kafka refuses before reading its configs (INVALID_REQUEST with this message). */
export class InvalidGroupResource extends Error {}

const INT = /^[+-]?\d+$/;

/** ConfigDef.parseType then the config's validator: the parsed value, or an InvalidConfig with ConfigException's message. */
function parseValue(name: string, def: GroupConfigDef, raw: string): number | string | boolean | string[] {
  const invalid = (why: string) => new InvalidConfig(`Invalid value ${raw} for configuration ${name}: ${why}`);
  const value = raw.trim();
  if (def.type === 'int' || def.type === 'long') {
    const n = Number(value);
    const max = def.type === 'int' ? 2147483647 : Number.MAX_SAFE_INTEGER;
    if (!INT.test(value) || Math.abs(n) > max) throw invalid(`Not a number of type ${def.type.toUpperCase()}`);
    if (def.atLeast !== undefined && n < def.atLeast) throw invalid(`Value must be at least ${def.atLeast}`);
    return n;
  }
  if (def.type === 'boolean') {
    if (value.toLowerCase() !== 'true' && value.toLowerCase() !== 'false') throw invalid('Expected value to be either true or false');
    return value.toLowerCase() === 'true';
  }
  if (def.type === 'list') return listOf(value);
  if (def.oneOf && !def.oneOf.includes(value)) throw invalid(`String must be one of: ${def.oneOf.join(', ')}`);
  const problem = def.check?.(value) ?? null;
  if (problem !== null) throw invalid(problem);
  return value;
}

const listOf = (v: string): string[] => (v.trim() === '' ? [] : v.trim().split(/\s*,\s*/));

/**
 * ConfigurationControlManager.incrementalAlterConfigResource (the controller alters GROUP resources) then
 * ControllerConfigurationValidator.validate: the group's whole new config, or an InvalidConfig with Kafka's message.
 */
export function alterGroupConfigs(
  current: ReadonlyMap<string, string>,
  ops: readonly { name: string; configOperation: number; value: string | null }[],
  broker: Config,
  groupName: string,
  release: ReleaseRules = SHIPPED_RELEASE,
): Map<string, string> {
  const next = new Map(current);
  for (const op of ops) {
    // a name the release's GroupConfig does not define has no type there (ConfigurationControlManager reads the release's schema)
    const def = release.absentGroupConfigs.includes(op.name) ? undefined : GROUP_CONFIGS.get(op.name);
    const kind = CONFIG_OPS[op.configOperation];
    if (kind === undefined) throw new InvalidConfig(`Unknown config operation ${op.configOperation}`);
    // only a LIST config (ConfigDef.Type.LIST) can be appended to or subtracted from; an unknown name has no type
    if ((kind === 'APPEND' || kind === 'SUBTRACT') && def?.type !== 'list') throw new InvalidConfig(`Can't ${kind} to key ${op.name} because its type is not LIST.`);
    // a DELETE only removes the name, so deleting an unknown name is no error
    if (kind === 'DELETE') {
      next.delete(op.name);
      continue;
    }
    if (kind === 'SET') {
      // a name set again keeps its place in the map
      next.set(op.name, op.value ?? '');
      continue;
    }
    const have = listOf(next.get(op.name) ?? (def?.broker !== undefined ? broker.str(def.broker) : ''));
    const given = listOf(op.value ?? '');
    next.set(op.name, (kind === 'APPEND' ? [...have, ...given.filter((x) => !have.includes(x))] : have.filter((x) => !given.includes(x))).join(','));
  }
  // ControllerConfigurationValidator.validate (GROUP): validateGroupName, then GroupConfig.validate on the whole map
  if (groupName === '') throw new InvalidGroupResource('Default group resources are not allowed.');
  validateGroupConfig(next, broker, release);
  return next;
}

/**
 * GroupConfig.validate: validateNames (the first unknown name in the iteration order of the controller's HashMap of
 * the configs), validateNoDuplicateRackAwareAssignmentTags, ConfigDef.parse (each given config in CONFIG_DEF order:
 * its type and validator), then validateValues (the broker bounds, in Kafka's order).
 */
function validateGroupConfig(config: ReadonlyMap<string, string>, broker: Config, release: ReleaseRules): void {
  // an older release's GroupConfig has fewer names: one it does not have is unknown there (ReleaseRules.absentGroupConfigs)
  // [4.3] the names are checked in a HashMap that also holds the broker's defaults (ReleaseRules.groupConfigValidationDefaults)
  const given = hashMapOrder([...config.keys()], stringHashCode);
  const defaults = release.groupConfigValidationDefaults;
  const names = defaults.length === 0 ? given : hashMapOrder([...defaults, ...given], stringHashCode);
  const unknown = names.find((name) => !GROUP_CONFIGS.has(name) || release.absentGroupConfigs.includes(name));
  if (unknown !== undefined) throw new InvalidConfig(`Unknown group config name: ${unknown}`);
  const tags = config.get('streams.rack.aware.assignment.tags');
  if (tags !== undefined) {
    const list = listOf(tags);
    if (new Set(list).size !== list.length) throw new InvalidConfig('streams.rack.aware.assignment.tags must not contain duplicate tag keys.');
  }
  const parsed = new Map<string, number | string | boolean | string[]>();
  for (const [name, def] of GROUP_CONFIGS) {
    const raw = config.get(name);
    if (raw !== undefined) parsed.set(name, parseValue(name, def, raw));
  }
  const int = (key: string): number | undefined => parsed.get(key) as number | undefined;
  // [4.1]–[4.3] a bound is named by its broker config (release switch groupConfigBoundNamesBrokerConfig)
  const namesConfig = release.switches.groupConfigBoundNamesBrokerConfig;
  const range = (key: string, [min, max]: readonly [number, number]) => {
    const v = int(key);
    if (v === undefined || (v >= min && v <= max)) return;
    if (!namesConfig) throw new InvalidConfig(`${key} must be in the range ${min} to ${max} inclusive.`);
    const bound = v < min ? 'min' : 'max';
    throw new InvalidConfig(`${key} must be ${v < min ? 'greater' : 'less'} than or equal to ${boundConfigName(key, bound)}`);
  };
  const atMost = (key: string, max: number) => {
    const v = int(key);
    if (v !== undefined && v > max) throw new InvalidConfig(`${key} must be less than or equal to ${namesConfig ? boundConfigName(key, 'max') : max}`);
  };
  const atLeast = (key: string, min: number) => {
    const v = int(key);
    if (v !== undefined && v < min) throw new InvalidConfig(`${key} must be greater than or equal to ${min}`);
  };
  // validateSessionExceedsHeartbeat, with the broker's value for the one not given
  const sessionExceedsHeartbeat = (sessionKey: string, sessionDefault: number, heartbeatKey: string, heartbeatDefault: number) => {
    if (!parsed.has(sessionKey) && !parsed.has(heartbeatKey)) return;
    if ((int(sessionKey) ?? sessionDefault) <= (int(heartbeatKey) ?? heartbeatDefault)) throw new InvalidConfig(`${sessionKey} must be greater than ${heartbeatKey}`);
  };
  const k = KAFKA_DEFAULT_BOUNDS;
  range('consumer.heartbeat.interval.ms', k.consumerHeartbeat);
  range('consumer.session.timeout.ms', k.consumerSession);
  range('consumer.assignment.interval.ms', k.consumerAssignmentInterval);
  range('share.heartbeat.interval.ms', k.shareHeartbeat);
  range('share.session.timeout.ms', k.shareSession);
  range('share.record.lock.duration.ms', k.shareRecordLockDuration);
  range('share.delivery.count.limit', k.shareDeliveryCountLimit);
  range('share.partition.max.record.locks', k.sharePartitionMaxRecordLocks);
  range('share.assignment.interval.ms', k.shareAssignmentInterval);
  range('streams.heartbeat.interval.ms', [broker.int('group.streams.min.heartbeat.interval.ms'), broker.int('group.streams.max.heartbeat.interval.ms')]);
  range('streams.session.timeout.ms', [broker.int('group.streams.min.session.timeout.ms'), broker.int('group.streams.max.session.timeout.ms')]);
  atMost('streams.num.standby.replicas', broker.int('group.streams.max.standby.replicas'));
  range('streams.assignment.interval.ms', [broker.int('group.streams.min.assignment.interval.ms'), broker.int('group.streams.max.assignment.interval.ms')]);
  atLeast('streams.task.offset.interval.ms', k.streamsMinTaskOffsetInterval);
  atMost('streams.num.warmup.replicas', k.streamsMaxWarmupReplicas);
  const assignor = parsed.get('streams.assignor.name');
  const registered = broker.list('group.streams.assignors');
  if (typeof assignor === 'string' && !registered.includes(assignor))
    throw new InvalidConfig(`streams.assignor.name '${assignor}' is not a registered task assignor. Registered assignors are: [${registered.join(', ')}].`);
  sessionExceedsHeartbeat('consumer.session.timeout.ms', k.consumerSessionDefault, 'consumer.heartbeat.interval.ms', k.consumerHeartbeatDefault);
  sessionExceedsHeartbeat('share.session.timeout.ms', k.shareSessionDefault, 'share.heartbeat.interval.ms', k.shareHeartbeatDefault);
  sessionExceedsHeartbeat('streams.session.timeout.ms', broker.int('group.streams.session.timeout.ms'), 'streams.heartbeat.interval.ms', broker.int('group.streams.heartbeat.interval.ms'));
  const dlq = parsed.get('errors.deadletterqueue.topic.name');
  if (typeof dlq === 'string' && dlq.startsWith('__')) throw new InvalidConfig("errors.deadletterqueue.topic.name: DLQ topic name must not start with '__'");
}

/**
 * The broker config that bounds a group config in GroupConfig.validateValues of 4.1–4.3: group.<type>.min|max.<rest>
 * ("share.delivery.count.limit" → "group.share.max.delivery.count.limit"), but group.streams.max.standby.replicas.
 */
function boundConfigName(key: string, bound: 'min' | 'max'): string {
  if (key === 'streams.num.standby.replicas') return 'group.streams.max.standby.replicas';
  const dot = key.indexOf('.');
  return `group.${key.slice(0, dot)}.${bound}.${key.slice(dot + 1)}`;
}

const effective = new WeakMap<ReadonlyMap<string, string>, Config>();
const effectiveWithDefaults = new WeakMap<ReadonlyMap<string, string>, Config>();

/**
 * The broker config as one group sees it: its group configs replace the broker values they override. `streamsDefaults`
 * ([4.1]/[4.2] ReleaseRules.groupConfigStreamsDefaults): the values the streams configs the group does not set take
 * instead of the broker's (a config the release does not have, in `absent`, keeps the value it behaves as).
 */
export function effectiveConfig(
  broker: Config,
  overrides: ReadonlyMap<string, string>,
  streamsDefaults: Readonly<Record<string, number>> | null = null,
  absent: Readonly<Record<string, number | string>> = {},
): Config {
  const cache = streamsDefaults === null ? effective : effectiveWithDefaults;
  let c = cache.get(overrides);
  if (c === undefined) {
    const values: Record<string, number | string> = { ...broker.overrides() };
    if (streamsDefaults !== null) for (const [name, value] of Object.entries(streamsDefaults)) if (!hasOwnKey(absent, name)) values[name] = value;
    for (const [name, value] of overrides) {
      // only the streams configs change how the simulator runs a streams group
      const def = STREAMS_GROUP_CONFIGS.get(name);
      if (def?.broker === undefined) continue;
      // streams.assignor.name picks one of the broker's assignors: the group's is listed first
      const parsed = parseValue(name, def, value);
      values[def.broker] =
        def.broker === 'group.streams.assignors'
          ? [value, ...broker.list(def.broker).filter((a) => a !== value)].join(',')
          : Array.isArray(parsed)
            ? parsed.join(',')
            : typeof parsed === 'boolean'
              ? String(parsed)
              : parsed;
    }
    c = Config.from(values);
    cache.set(overrides, c);
  }
  return c;
}
