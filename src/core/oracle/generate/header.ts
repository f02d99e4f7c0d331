// The fixed part of a generated scenario: the cluster's topics, the configs, the main group's topology (one of a few
// shapes that together use sources, repartition and changelog topics and copartitioning), the simulated clients
// (static and dynamic, shared processes, racks, client tags, endpoints, instance-id conflicts) and the raw members of
// the other groups. Everything is drawn from one seeded Random.
import { DEFAULT_PROTOCOL } from '../../editions/index.ts';
import type { Random } from '../../util/random.ts';
import type { GenerateMode } from './mode.ts';

export type Json = Record<string, unknown>;

/** The main group's id and the other groups the steps name (raw members, offsets, admin RPCs). */
export const MAIN_GROUP = 'app';
export const OTHER_GROUPS = ['g1', 'g2'] as const;
/** A group id no step ever creates (GROUP_ID_NOT_FOUND and friends). */
export const UNKNOWN_GROUP = 'nosuch-group';
export const UNKNOWN_TOPIC = 'nosuch-topic';

export interface TopologyPlan {
  /** The topology in the heartbeat's JSON form. */
  topology: Json;
  /** Source topics by subtopology id (owned-task lists and task offsets name them). */
  sources: Record<string, string[]>;
  /** Internal topics the topology declares, with the partition count it requires (0: derived from the sources). */
  internal: { name: string; partitions: number }[];
}

export interface RawMemberPlan {
  groupId: string;
  memberId: string;
  instanceId: string | null;
  processId: string;
}

export interface HeaderPlan {
  doc: Json;
  mainTopology: TopologyPlan;
  /** Topologies of the other groups (their raw members send them). */
  otherTopologies: Record<string, TopologyPlan>;
  rawMembers: RawMemberPlan[];
  aliases: string[];
}

const sub = (id: string, fields: Json): Json => ({ subtopologyId: id, ...fields });

/** The main group's topology: one of five shapes, so that every kind of topic a topology names appears. */
function mainTopology(rng: Random, hasIn1: boolean): TopologyPlan {
  const shape = rng.pick(['single', 'two', 'changelog', 'repartition', 'copartition'] as const);
  const epoch = rng.int(4) === 0 ? 1 : 0;
  switch (shape) {
    case 'single':
      return { topology: { epoch, subtopologies: [sub('0', { sourceTopics: ['in0'] })] }, sources: { '0': ['in0'] }, internal: [] };
    case 'two':
      // in1 may be missing at first: MISSING_SOURCE_TOPICS until a topics step creates it
      return { topology: { epoch, subtopologies: [sub('0', { sourceTopics: ['in0'] }), sub('1', { sourceTopics: ['in1'] })] }, sources: { '0': ['in0'], '1': ['in1'] }, internal: [] };
    case 'changelog':
      return {
        topology: { epoch, subtopologies: [sub('0', { sourceTopics: ['in0'], stateChangelogTopics: [{ name: 'app-store-changelog', partitions: 0 }] })] },
        sources: { '0': ['in0'] },
        internal: [{ name: 'app-store-changelog', partitions: 0 }],
      };
    case 'repartition': {
      const fixed = rng.int(3) === 0 ? 1 + rng.int(4) : 0;
      return {
        topology: {
          epoch,
          subtopologies: [
            sub('0', { sourceTopics: ['in0'], repartitionSinkTopics: ['app-rep-repartition'] }),
            sub('1', { repartitionSourceTopics: [{ name: 'app-rep-repartition', partitions: fixed }], stateChangelogTopics: [{ name: 'app-agg-changelog', partitions: 0 }] }),
          ],
        },
        sources: { '0': ['in0'], '1': ['app-rep-repartition'] },
        internal: [
          { name: 'app-rep-repartition', partitions: fixed },
          { name: 'app-agg-changelog', partitions: 0 },
        ],
      };
    }
    case 'copartition':
      return {
        topology: { epoch, subtopologies: [sub('0', { sourceTopics: ['in0', hasIn1 ? 'in1' : 'in0'], copartitionGroups: [{ sourceTopics: [0, 1] }] })] },
        sources: { '0': ['in0', hasIn1 ? 'in1' : 'in0'] },
        internal: [],
      };
  }
}

/** A raw group's topology: a single source, in0 (shared with the main group: OffsetDelete's GROUP_SUBSCRIBED_TO_TOPIC) or in1. */
function otherTopology(rng: Random): TopologyPlan {
  const source = rng.pick(['in0', 'in1']);
  return { topology: { epoch: 0, subtopologies: [sub('0', { sourceTopics: [source] })] }, sources: { '0': [source] }, internal: [] };
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A member id as the Java client makes one (a random Uuid in base64url, 22 characters). */
export function javaMemberId(rng: Random): string {
  return Array.from({ length: 22 }, (_, i) => BASE64URL[i === 21 ? rng.int(4) * 16 : rng.int(64)]).join('');
}

const TAG_KEYS = ['zone', 'rack', 'az'];

/** Client tags in a random order (Describe's order of a member's tags is an area Kafka and the simulator must agree on). */
function clientTags(rng: Random): Record<string, string> {
  const keys = TAG_KEYS.filter(() => rng.int(2) === 0);
  if (keys.length === 0) keys.push(rng.pick(TAG_KEYS));
  for (let i = keys.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  return Object.fromEntries(keys.map((k) => [k, `${k}-${rng.int(3)}`]));
}

/** The scenario's configs: group configs in every mode, broker-only configs (retention, group size, rack tags) in exact mode. */
function configs(rng: Random, mode: GenerateMode): Json {
  const c: Json = {};
  const maybe = (name: string, values: readonly (number | string | undefined)[]) => {
    const v = rng.pick(values);
    if (v !== undefined) c[name] = v;
  };
  // undefined: Kafka's default (3000 ms delay, 1000 ms interval: the first assignment at t=0 is an area of its own).
  // Live: both 0, since a pending delay or interval leaves a real clock too little time for the steps after it; or, now
  // and then, a delay so long that no step comes near its end (every heartbeat is ASSIGNMENT_DELAYED).
  maybe('group.streams.initial.rebalance.delay.ms', mode === 'live' ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3000000] : [0, 0, 0, undefined, 1500]);
  maybe('group.streams.assignment.interval.ms', mode === 'live' ? [0] : [0, 0, undefined, 500, 2000]);
  maybe('group.streams.num.standby.replicas', [undefined, undefined, 1, 2]);
  maybe('group.streams.session.timeout.ms', [undefined, undefined, 50000]);
  maybe('group.streams.heartbeat.interval.ms', [undefined, undefined, 6000]);
  // at least group.streams.min.task.offset.interval.ms (GroupCoordinatorConfig; the simulator's validator takes any
  // value from 0, which Kafka refuses at start-up), and live at least the oracle broker's 10 ms after the time scale
  maybe('group.streams.task.offset.interval.ms', [undefined, undefined, 30000]);
  maybe('group.streams.num.warmup.replicas', [undefined, undefined, 0, 1]);
  maybe('group.streams.acceptable.recovery.lag', [undefined, undefined, 0, 100]);
  if (mode === 'exact') {
    maybe('offsets.retention.minutes', [undefined, undefined, 1, 3]);
    maybe('offsets.retention.check.interval.ms', [undefined, undefined, 30000, 60000]);
    maybe('group.streams.max.size', [undefined, undefined, undefined, 2, 3]);
    maybe('group.streams.rack.aware.assignment.tags', [undefined, undefined, 'zone', 'zone,rack']);
    maybe('group.streams.min.session.timeout.ms', [undefined, undefined, undefined, 30000]);
    maybe('group.streams.max.assignment.interval.ms', [undefined, undefined, undefined, 5000]);
  }
  return c;
}

/** Builds the header: topics, configs, the main topology, the clients and the raw members of the other groups. */
export function generateHeader(rng: Random, mode: GenerateMode, javaIds: boolean): HeaderPlan {
  const hasIn1 = rng.int(2) === 0;
  const topics: { name: string; partitions: number }[] = [{ name: 'in0', partitions: 1 + rng.int(6) }];
  if (hasIn1) topics.push({ name: 'in1', partitions: 1 + rng.int(6) });
  const main = mainTopology(rng, hasIn1);
  // internal topics may exist from the start: with the count the topology needs, or a wrong one. Live mode always
  // has them: Kafka creates missing ones asynchronously after the heartbeat that finds them missing, and the live
  // harness has no way to wait for that, so a missing one would make the next heartbeat a race.
  for (const t of main.internal) {
    const roll = mode === 'live' ? rng.int(2) : rng.int(4);
    if (roll === 0) topics.push({ name: t.name, partitions: t.partitions > 0 ? t.partitions : topics[0]!.partitions });
    else if (roll === 1) topics.push({ name: t.name, partitions: 1 + rng.int(8) });
  }
  const clientCount = 1 + rng.int(4);
  const clients: Record<string, Json> = {};
  const aliases: string[] = [];
  const idRng = javaIds ? rng : null;
  for (let i = 0; i < clientCount; i++) {
    const alias = String.fromCharCode(97 + i);
    aliases.push(alias);
    const spec: Json = { profile: mode === 'exact' && rng.int(6) === 0 ? 'partial' : 'java', processId: `p${rng.int(4) === 0 ? 0 : i}` };
    if (idRng) spec.memberId = javaMemberId(idRng);
    const staticRoll = rng.int(6);
    // a third static; one in six of those shares another client's instance id (FENCED_INSTANCE_ID, UNRELEASED_INSTANCE_ID)
    if (staticRoll < 2) spec.instanceId = staticRoll === 0 && i > 0 ? `i-${aliases[rng.int(i)]}` : `i-${alias}`;
    if (rng.int(4) === 0) spec.rackId = rng.pick(['r1', 'r2']);
    if (rng.int(4) === 0) spec.clientTags = clientTags(rng);
    if (rng.int(3) === 0) spec.userEndpoint = { host: `host-${alias}`, port: 9000 + i };
    // a newer topology epoch with the same subtopologies: the group takes it, the others get STALE_TOPOLOGY
    if (rng.int(8) === 0) spec.topology = { ...main.topology, epoch: (main.topology.epoch as number) + 1 };
    if (rng.int(5) === 0) spec.commitIntervalMs = rng.pick([1000, 5000]);
    // a short rebalance timeout fires while a revocation is pending: exact mode (a real clock needs it far from every step)
    if (rng.int(6) === 0) spec.rebalanceTimeoutMs = mode === 'exact' ? rng.pick([1000, 60000]) : 60000;
    if (mode === 'exact' && rng.int(5) === 0) spec.clientId = `cid-${alias}`;
    clients[alias] = spec;
  }
  const otherTopologies: Record<string, TopologyPlan> = {};
  const rawMembers: RawMemberPlan[] = [];
  for (const g of OTHER_GROUPS) {
    otherTopologies[g] = otherTopology(rng);
    const n = rng.int(3);
    for (let i = 0; i < n; i++) {
      rawMembers.push({ groupId: g, memberId: `${g}-m${i}`, instanceId: rng.int(3) === 0 ? `${g}-i${rng.int(2)}` : null, processId: `${g}-p${i}` });
    }
  }
  const doc: Json = {
    format: 1,
    protocol: DEFAULT_PROTOCOL,
    variant: 'current',
    config: configs(rng, mode),
    groupId: MAIN_GROUP,
    topics,
    topology: main.topology,
    clients,
    steps: [],
  };
  return { doc, mainTopology: main, otherTopologies, rawMembers, aliases };
}
