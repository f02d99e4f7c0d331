// Run-scoped names for `sgp oracle`: on a shared broker every group of a scenario runs as "<groupId>.<run>" (or, when the
// run has a __consumer_offsets partition of its own, "<groupId>.g<N>.<run>" with the first N that puts it there) and
// every topic as "<run>.<topic>", so runs never collide. Requests are renamed on the way out (every group id and topic name
// they carry, whatever the RPC), responses and records are renamed back, and a ListGroups answer keeps only this
// run's groups (a shared broker lists everyone's). The run id is hash-neutral (hashNeutralRunId): a run-scoped topic
// has the Java hash code of the scenario's own name, so Kafka iterates topic names in the same order on both.

import { isInternalTopic, isValidTopicName } from '../topology/validate.ts';
import { javaHashOrder, javaStringHashCode } from '../topology/javaHash.ts';
import { pushAll } from '../util/arrays.ts';
import { groupIdOnPartition, type OffsetsPlacement } from './offsetsPartition.ts';

/** Characters of a run id ("sgp-", 8 random and 8 chosen hex digits), which a run-scoped topic name adds with its dot. */
export const RUN_ID_LENGTH = 20;

/** The group resource of IncrementalAlterConfigs / DescribeConfigs (ConfigResource.Type.GROUP). */
const GROUP_RESOURCE = 32;
/** The topic resource (ConfigResource.Type.TOPIC). */
const TOPIC_RESOURCE = 2;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

export class RunNames {
  /** Every group id on the broker this run has named so far, in order of first use. */
  readonly groups: string[] = [];
  /** The broker's name of each scenario group named so far. */
  private readonly onBroker = new Map<string, string>();
  /** The scenario's name of each of those, longest broker name first (inbound renames a longer name before its prefix). */
  private backwards: [string, string][] = [];

  /**
   * `placement`: the __consumer_offsets partition every group of the run must live on (each gets the tag that puts it
   * there); without it a group is "<groupId>.<run>", wherever Kafka puts that.
   */
  constructor(
    readonly runId: string,
    readonly placement?: OffsetsPlacement,
  ) {}

  /**
   * A scenario group id on the broker. An empty or blank id is left alone: Kafka refuses it as it is
   * (Utils.throwIfEmptyString trims; the plan refuses a blank id where Kafka would keep it as a group).
   */
  group(id: string): string {
    if (id.trim() === '') return id;
    const known = this.onBroker.get(id);
    if (known !== undefined) return known;
    const taken = new Set(this.groups);
    // every group of the run on the run's own shard (GroupCoordinatorService.partitionFor)
    const name = this.placement ? groupIdOnPartition(id, `.${this.runId}`, this.placement, (x) => taken.has(x)) : `${id}.${this.runId}`;
    this.onBroker.set(id, name);
    this.groups.push(name);
    this.backwards = [...this.onBroker].map(([scenario, broker]): [string, string] => [broker, scenario]).sort((a, b) => b[0].length - a[0].length);
    return name;
  }

  /**
   * A scenario topic on the broker. A name Kafka refuses (Topic.validate: empty, "." or "..", too long, characters
   * outside [a-zA-Z0-9._-]) or an internal topic (__consumer_offsets, …) is sent as it is, so Kafka gives the verdict
   * it gives the scenario; a prefix would make it valid.
   */
  topic(name: string): string {
    return isInternalTopic(name) || !isValidTopicName(name) ? name : `${this.runId}.${name}`;
  }

  /** Whether a group on the broker is one of this run's (a probe group "<g>.<run>.probeN" is not). */
  isRunGroup(idOnBroker: string): boolean {
    return idOnBroker.endsWith(`.${this.runId}`);
  }

  /** A copy of the request with every group id and topic name it carries renamed for the broker. */
  outbound(api: string, request: Obj): Obj {
    const r = structuredClone(request);
    const group = (v: unknown) => (typeof v === 'string' ? this.group(v) : v);
    const topicList = (owner: Obj, key: string) => {
      if (Array.isArray(owner[key])) owner[key] = (owner[key] as unknown[]).map((t) => (typeof t === 'string' ? this.topic(t) : t));
    };
    const namedTopics = (owner: Obj) => {
      for (const t of objects(owner.topics)) if (typeof t.name === 'string') t.name = this.topic(t.name);
    };
    if ('groupId' in r) r.groupId = group(r.groupId);
    switch (api) {
      case 'StreamsGroupHeartbeat': {
        const topology = isObj(r.topology) ? r.topology : null;
        for (const s of objects(topology?.subtopologies)) {
          topicList(s, 'sourceTopics');
          topicList(s, 'repartitionSinkTopics');
          for (const k of ['stateChangelogTopics', 'repartitionSourceTopics']) for (const info of objects(s[k])) if (typeof info.name === 'string') info.name = this.topic(info.name);
        }
        break;
      }
      case 'StreamsGroupDescribe':
        if (Array.isArray(r.groupIds)) r.groupIds = r.groupIds.map(group);
        break;
      case 'DescribeGroups':
        if (Array.isArray(r.groups)) r.groups = r.groups.map(group);
        break;
      case 'DeleteGroups':
        if (Array.isArray(r.groupsNames)) r.groupsNames = r.groupsNames.map(group);
        break;
      case 'OffsetCommit':
      case 'OffsetDelete':
        namedTopics(r);
        break;
      case 'OffsetFetch':
        // v0-7 name one group at the top level, v8+ a list of groups
        namedTopics(r);
        for (const g of objects(r.groups)) {
          g.groupId = group(g.groupId);
          namedTopics(g);
        }
        break;
      case 'IncrementalAlterConfigs':
        for (const res of objects(r.resources)) {
          if (typeof res.resourceName !== 'string') continue;
          if (res.resourceType === GROUP_RESOURCE) res.resourceName = this.group(res.resourceName);
          else if (res.resourceType === TOPIC_RESOURCE) res.resourceName = this.topic(res.resourceName);
        }
        break;
    }
    return r;
  }

  /** Maps the broker's names back to the scenario's, everywhere in a value (error messages and status details included). */
  inbound(value: unknown): unknown {
    if (typeof value === 'string') {
      let s = value;
      for (const [broker, scenario] of this.backwards) s = s.split(broker).join(scenario);
      return s.split(`.${this.runId}`).join('').split(`${this.runId}.`).join('');
    }
    if (Array.isArray(value)) return value.map((v) => this.inbound(v));
    if (isObj(value)) {
      const out: Obj = {};
      for (const [k, v] of Object.entries(value)) out[k] = this.inbound(v);
      return out;
    }
    return value;
  }

  /**
   * A ListGroups response as the broker gave it, with only this run's groups left (before names are mapped back).
   * A shared broker also lists other runs' groups and the oracle's own probe groups.
   */
  keepRunGroups(response: Obj): Obj {
    if (!Array.isArray(response.groups)) return response;
    return { ...response, groups: objects(response.groups).filter((g) => typeof g.groupId === 'string' && this.isRunGroup(g.groupId)) };
  }

  /** The group a coordinator record belongs to (streams records key it groupId, offset and classic records group). */
  static recordGroup(key: Obj): string | undefined {
    const g = key.groupId ?? key.group;
    return typeof g === 'string' ? g : undefined;
  }
}

/** A set of topic names Kafka iterates in Java HashSet order, and the names in it whose relative order decides an answer. */
export interface HashOrderedTopics {
  names: string[];
  watch: string[];
}

const objectsOf = (v: unknown): Obj[] => objects(v);
const namesOf = (v: unknown): string[] => objectsOf(v).flatMap((t) => (typeof t.name === 'string' ? [t.name] : []));
const stringsOrNumbers = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const stringsOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * The topic sets of a topology that Kafka's InternalTopicManager.configureTopics iterates in HashSet order: the
 * required topics, whose first wrong internal topic is the one an INCORRECTLY_PARTITIONED_TOPICS status names; the
 * repartition topics with and without a partition count; each copartition group; each subtopology's repartition
 * source and changelog topics.
 */
export function hashOrderedTopicSets(topologies: readonly Obj[]): HashOrderedTopics[] {
  const sets: HashOrderedTopics[] = [];
  for (const topology of topologies) {
    const subs = objectsOf(topology.subtopologies);
    const required: string[] = [];
    const internal: string[] = [];
    const fixed: string[] = [];
    const flexible: string[] = [];
    for (const s of subs) {
      const sources = stringsOf(s.sourceTopics);
      const repartition = namesOf(s.repartitionSourceTopics);
      const changelogs = namesOf(s.stateChangelogTopics);
      for (const list of [sources, repartition, changelogs]) pushAll(required, list);
      pushAll(internal, repartition);
      pushAll(internal, changelogs);
      for (const t of objectsOf(s.repartitionSourceTopics)) if (typeof t.name === 'string') (t.partitions === 0 ? flexible : fixed).push(t.name);
      sets.push({ names: repartition, watch: repartition }, { names: changelogs, watch: changelogs });
      for (const g of objectsOf(s.copartitionGroups)) {
        const members = sources.filter((_, i) => stringsOrNumbers(g.sourceTopics).includes(i)).concat(repartition.filter((_, i) => stringsOrNumbers(g.repartitionSourceTopics).includes(i)));
        sets.push({ names: members, watch: members });
      }
    }
    sets.push({ names: required, watch: internal }, { names: fixed, watch: fixed }, { names: flexible, watch: flexible });
  }
  return sets.filter((s) => new Set(s.watch).size > 1);
}

/** Whether run-scoping the topics with `runId` keeps the HashSet order of every watched name. */
export function keepsHashOrder(runId: string, sets: readonly HashOrderedTopics[]): boolean {
  const names = new RunNames(runId);
  for (const s of sets) {
    const watch = new Set(s.watch);
    const bare = javaHashOrder(s.names).filter((n) => watch.has(n));
    const scoped = javaHashOrder(s.names.map((n) => names.topic(n)));
    const expected = bare.map((n) => names.topic(n));
    const watchedScoped = new Set(expected);
    const got = scoped.filter((n) => watchedScoped.has(n));
    if (got.some((n, i) => n !== expected[i])) return false;
  }
  return true;
}

/**
 * A run id whose run-scoped topic names keep the HashSet order Kafka gives the scenario's own names (so which of two
 * wrong internal topics Kafka reports is the one it reports for the scenario), from `candidate()`; undefined when none
 * of `budget` candidates does.
 */
export function chooseRunId(candidate: () => string, sets: readonly HashOrderedTopics[], budget = 200_000): string | undefined {
  for (let i = 0; i < budget; i++) {
    const id = candidate();
    if (keepsHashOrder(id, sets)) return id;
  }
  return undefined;
}

const HEX = '0123456789abcdef';
/** 31^k as a Java int (the weight String.hashCode gives a prefix followed by k more characters). */
const pow31 = (k: number): number => {
  let p = 1;
  for (let i = 0; i < k; i++) p = Math.imul(p, 31);
  return p;
};
/** 31⁻¹ modulo 2³² (31 · 0xBDEF7BDF ≡ 1), to take the dot's step back out of a hash. */
const INVERSE_31 = 0xbdef7bdf | 0;
/** Four hex digits by the Java hash of the string they spell (each of the 65,536 strings once). */
let quarterByHash: Map<number, string> | undefined;
function quarters(): Map<number, string> {
  if (quarterByHash) return quarterByHash;
  quarterByHash = new Map();
  for (let i = 0; i < 1 << 16; i++) {
    const q = HEX[(i >> 12) & 15]! + HEX[(i >> 8) & 15]! + HEX[(i >> 4) & 15]! + HEX[i & 15]!;
    quarterByHash.set(javaStringHashCode(q), q);
  }
  return quarterByHash;
}

/**
 * A run id "sgp-<random><chosen>" (8 hex digits each) whose topic prefix "<run>." has Java hash code 0, or undefined
 * when no 8 chosen digits give that for this random part (about one time in three; draw another). String.hashCode of
 * a concatenation is hash(prefix) · 31^length(rest) + hash(rest), so with a prefix of hash 0 every run-scoped topic
 * "<run>.<topic>" has the hash code of "<topic>" itself, and every Java HashMap, HashSet and TimelineHashMap of topic
 * names on the broker iterates them in the order it gives the scenario's own names: the topics of an all-topics
 * OffsetFetch (OffsetMetadataManager.fetchAllOffsets), the offsets' tombstones of DeleteGroups and OffsetDelete,
 * which of two wrong internal topics InternalTopicManager.configureTopics reports.
 */
export function hashNeutralRunId(random: string): string | undefined {
  if (!/^[0-9a-f]{8}$/.test(random)) throw new Error(`a run id's random part is 8 hex digits, not "${random}"`);
  const head = `sgp-${random}`;
  // hash(head + A + B + ".") = (hash(head) · 31⁸ + hash(A) · 31⁴ + hash(B)) · 31 + '.' = 0, with A and B four digits each
  const target = (Math.imul(-46, INVERSE_31) - Math.imul(javaStringHashCode(head), pow31(8))) | 0;
  const byHash = quarters();
  const w = pow31(4);
  for (let i = 0; i < 1 << 16; i++) {
    const a = HEX[(i >> 12) & 15]! + HEX[(i >> 8) & 15]! + HEX[(i >> 4) & 15]! + HEX[i & 15]!;
    const b = byHash.get((target - Math.imul(javaStringHashCode(a), w)) | 0);
    if (b !== undefined) return `${head}${a}${b}`;
  }
  return undefined;
}
