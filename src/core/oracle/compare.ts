// The simulator's trace against what a real Kafka broker answered and wrote, step by step: both sides normalised
// the same named ways, then diffed field by field. The result is what `sgp oracle --json` prints and what the
// Compare panel opens ("Kafka 4.4 vs playground").
import type { TraceStep } from '../scenario/types.ts';
import { KAFKA_RECORDS } from '../wire/schemas/kafka-4.4.generated.ts';
import type { FieldSpec } from '../wire/types.ts';
import { DEFAULT_PROTOCOL, editionNamed } from '../editions/index.ts';
import { errorName as kafkaErrorName } from '../protocol/errors.ts';
import { hasOwnKey } from '../util/own.ts';
import { firstPartitionErrorCode, type OffsetCommitResponse } from '../offsets/commit.ts';
import { SHARD_CLOCK_NORMALISATION } from './shardClock.ts';

export interface KafkaRecordJson {
  type: string;
  key: Record<string, unknown>;
  value: Record<string, unknown> | null;
}

export interface KafkaStepResult {
  index: number;
  label: string;
  kind: string;
  response: Record<string, unknown> | null;
  exchanges: { member: string | null; response: Record<string, unknown> }[];
  records: KafkaRecordJson[];
}

export interface FieldDiff {
  path: string;
  playground: unknown;
  kafka: unknown;
}

export interface SideSummary {
  error: string | null;
  memberEpoch: number | null;
  recordTypes: string[];
}

export interface OracleStepRow {
  index: number;
  label: string;
  kind: string;
  /** The requests the step sent, in order (one for a request step, one per exchange of a run step); absent in older results. */
  requests?: { api: string; version: number }[];
  playground: { response: unknown; exchanges: unknown[]; records: KafkaRecordJson[]; summary: SideSummary };
  kafka: { response: unknown; exchanges: unknown[]; records: KafkaRecordJson[]; summary: SideSummary };
  diffs: FieldDiff[];
}

export interface OracleResult {
  format: 'sgp-oracle';
  version: 1;
  scenario: string;
  kafka: { version: string; bootstrap: string; configs: Record<string, string> };
  timeScale: number;
  marginMs: number;
  groupConfigs: Record<string, string>;
  normalisations: string[];
  steps: OracleStepRow[];
  /** Index of the first step that differs, or null. */
  firstDivergence: number | null;
  elapsedMs: number;
  medianRoundTripMs: number | null;
  /** Set instead of steps when the scenario was refused. */
  refused?: string[];
  /** "shard": Kafka's coordinator shard in process, on the scenario's clock (absent: a live broker). */
  engine?: 'shard';
}

/**
 * EndpointToPartitionsManager.endpointToPartitions walks a member's active tasks through Collectors.toUnmodifiableMap,
 * whose iteration order the JVM draws at random per run (ImmutableCollections.SALT32L): the subtopologies' entries of
 * activePartitions come in an order that changes from one broker start to the next.
 */
export const ACTIVE_PARTITIONS_NORMALISATION =
  "partitionsByUserEndpoint activePartitions: compared in topic order (Kafka lists them per subtopology of an unmodifiable map whose iteration order the JVM randomises per run, EndpointToPartitionsManager.endpointToPartitions); standbyPartitions keep Kafka's order";

/**
 * Kafka 4.1.2 keeps a member's tasks as Set.copyOf sets of partitions (StreamsGroupMember.Builder.assignmentFromTaskIds,
 * on every replayed StreamsGroupCurrentMemberAssignment record), whose iteration order the JVM salts per run
 * (ImmutableCollections.SALT32L); 4.2 and later keep a per-task epoch map instead. Lists copied from those sets come in an
 * order that changes from one JVM start to the next.
 */
export const TASK_PARTITIONS_4_1_NORMALISATION =
  "Kafka 4.1: a task's partition list (activeTasks, standbyTasks, warmupTasks and their pending revocations, in records and responses, and an endpoint's partitions) is compared in numeric order (4.1.2 copies each replayed task set with Set.copyOf, StreamsGroupMember.Builder.assignmentFromTaskIds, whose iteration order the JVM randomises per run)";

const byTopic = (a: unknown, b: unknown): number => {
  const x = String((a as Record<string, unknown>).topic);
  const y = String((b as Record<string, unknown>).topic);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Normalisations both sides go through, each named in the output. */
export const NORMALISATIONS = [
  'group id: the group runs on the broker as "<groupId>.g<N>.<run>", N putting every group of the run on a __consumer_offsets partition no concurrent run uses, and topics as "<run>.<topic>" (so runs never collide); names are mapped back everywhere, status details included',
  'metadataHash: Kafka hashes topic ids, which a broker makes at random; each distinct hash is numbered in order of first appearance ("#1", "#2", …) on each side',
  'topicId: a broker makes topic ids at random, the playground derives them from the topic name; each distinct id is numbered in order of first appearance ("topic #1", …) on each side',
  'timestamps: *Timestamp / *TimestampMs fields are wall-clock on the broker and the scenario clock (from 0) in the playground; where Kafka\'s is non-zero both read "(time)"; where Kafka\'s is 0 both must be 0',
  'durations: with --time-scale N, rebalanceTimeoutMs is divided by N on the way to the broker, and heartbeatIntervalMs, taskOffsetIntervalMs and rebalanceTimeoutMs multiplied by N on the way back',
  "tagged record fields: read as Kafka's JSON converters write them, absent when at their default; a playground field at that default counts as absent",
  "log offsets: the broker's log holds other runs' records, so records are compared in order, not by offset",
  'StreamsGroupDescribe members: compared in member-id order (Kafka lists them in the iteration order of its TimelineHashMap, an implementation detail)',
  "ListGroups: Kafka's answer keeps only this run's groups (a shared broker also lists other runs' groups and the oracle's probe groups), and both sides' groups are compared in group-id order (Kafka lists each coordinator shard's groups in the iteration order of its TimelineHashMap, an implementation detail)",
  'DeleteGroups results: compared in group-id order (Kafka 4.4 answers the groups a pre-check refuses first, then deletes the rest in the iteration order of a HashSet of their ids, GroupCoordinatorService.updateResponseAndGetNonErrorGroupList; on a broker that order follows the run-scoped names)',
  ACTIVE_PARTITIONS_NORMALISATION,
  "DescribeGroups: the broker's answer is put back in request order, a one-partition broker's (Kafka answers partition by partition, GroupCoordinatorService.describeGroups; the empty group id lives on partition 0, the run's groups on the run's own)",
];

/**
 * The shard engine's normalisations: it runs Kafka's coordinator on the scenario's own clock (shifted by a fixed base,
 * see shardClock.ts) and names, so timestamps, durations, group ids, topic names and metadata hashes (Kafka's function
 * on the same derived topic ids) are compared as they are; only the orders Kafka leaves to a hash remain.
 */
export const SHARD_NORMALISATIONS = [
  SHARD_CLOCK_NORMALISATION,
  NORMALISATIONS[2]!.replace('a broker makes topic ids at random, the playground derives them from the topic name', 'both sides derive topic ids from the topic name'),
  NORMALISATIONS[5]!,
  NORMALISATIONS[7]!,
  "ListGroups: both sides' groups are compared in group-id order (Kafka lists each coordinator shard's groups in the iteration order of its TimelineHashMap, an implementation detail)",
  NORMALISATIONS[9]!,
  ACTIVE_PARTITIONS_NORMALISATION,
];

/** A response with its per-group list (`key`) in group-id order (the ListGroups and DeleteGroups normalisations). */
export function sortByGroupId(response: Record<string, unknown> | null, key: 'groups' | 'results'): Record<string, unknown> | null {
  if (response === null || !Array.isArray(response[key])) return response;
  const id = (g: unknown) => String((g as Record<string, unknown>).groupId);
  return { ...response, [key]: [...(response[key] as unknown[])].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0)) };
}

/** The per-group list of a response that Kafka orders by a hash, by RPC. */
const GROUP_ORDERED: Partial<Record<string, 'groups' | 'results'>> = { ListGroups: 'groups', DeleteGroups: 'results' };

const TIMESTAMP_KEY = /Timestamp(Ms)?$/;

const byMemberId = (a: unknown, b: unknown): number => {
  const x = String((a as Record<string, unknown>).memberId);
  const y = String((b as Record<string, unknown>).memberId);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Each side's numbering of metadata hashes and of topic ids (both made from random topic ids on a broker). The shard
 * engine's hashes are compared as they are (`hashes` null): both sides hash the same derived topic ids with Kafka's
 * function (src/core/topology/metadataHash.ts).
 */
interface Numbering {
  hashes: Map<string, string> | null;
  topicIds: Map<string, string>;
  /** TASK_PARTITIONS_4_1_NORMALISATION applies (the run is Kafka 4.1). */
  sortTaskPartitions: boolean;
}

const numbering = (numberHashes: boolean, sortTaskPartitions = false): Numbering => ({
  hashes: numberHashes ? new Map([['0', '0']]) : null,
  topicIds: new Map(),
  sortTaskPartitions,
});

function normaliseValue(value: unknown, hashes: Numbering, key = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => normaliseValue(v, hashes));
    // a described group's members, in member-id order
    if (key === 'members' && items.every((m) => m !== null && typeof m === 'object' && 'memberId' in m)) return items.sort(byMemberId);
    // an endpoint's active partitions, in topic order (ACTIVE_PARTITIONS_NORMALISATION)
    if (key === 'activePartitions' && items.every((m) => m !== null && typeof m === 'object' && 'topic' in m)) return items.sort(byTopic);
    // Kafka 4.1: a task's partitions in numeric order (TASK_PARTITIONS_4_1_NORMALISATION)
    if (hashes.sortTaskPartitions && key === 'partitions' && items.every((p) => typeof p === 'number')) return (items as number[]).sort((a, b) => a - b);
    return items;
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'metadataHash' && hashes.hashes !== null && (typeof v === 'number' || typeof v === 'string')) {
      const h = String(v);
      if (!hashes.hashes.has(h)) hashes.hashes.set(h, h === '0' ? '0' : `#${hashes.hashes.size}`);
      out[k] = hashes.hashes.get(h);
    } else if (k === 'topicId' && typeof v === 'string') {
      if (!hashes.topicIds.has(v)) hashes.topicIds.set(v, `topic #${hashes.topicIds.size + 1}`);
      out[k] = hashes.topicIds.get(v);
    } else out[k] = normaliseValue(v, hashes, k);
  }
  return out;
}

/** Top-level tagged value fields of each record type, with Kafka's default. */
function taggedDefaults(type: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const spec of Object.values(KAFKA_RECORDS)) {
    if (spec.type !== type) continue;
    for (const schema of Object.values(spec.values)) {
      for (const f of schema.fields as FieldSpec[]) if (f.taggedVersions !== undefined) out.set(f.name.charAt(0).toLowerCase() + f.name.slice(1), f.default ?? null);
    }
  }
  return out;
}

/** A tagged value field the playground writes at Kafka's default is absent from Kafka's form (the converters leave it out). */
function alignTaggedDefaults(sim: KafkaRecordJson, kafka: KafkaRecordJson | undefined): KafkaRecordJson {
  if (!sim.value || !kafka?.value || kafka.type !== sim.type) return sim;
  const defaults = taggedDefaults(sim.type);
  const value: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sim.value)) {
    if (!hasOwnKey(kafka.value, k) && defaults.has(k) && JSON.stringify(defaults.get(k)) === JSON.stringify(v)) continue;
    value[k] = v;
  }
  return { ...sim, value };
}

/**
 * Timestamps, pairwise: Kafka's are wall-clock, the playground's are its scenario clock, which starts at 0. A
 * non-zero Kafka timestamp matches any playground timestamp (both read "(time)"); a zero one must be zero on both sides.
 */
function alignTimestamps(sim: unknown, kafka: unknown): [unknown, unknown] {
  if (Array.isArray(sim) && Array.isArray(kafka)) {
    const pairs = kafka.map((k, i) => (i < sim.length ? alignTimestamps(sim[i], k) : [undefined, k]));
    return [sim.map((s, i) => (i < pairs.length ? pairs[i]![0] : s)), pairs.map((p) => p[1])];
  }
  if (sim === null || kafka === null || typeof sim !== 'object' || typeof kafka !== 'object' || Array.isArray(sim) || Array.isArray(kafka)) return [sim, kafka];
  const s: Record<string, unknown> = { ...sim };
  const k: Record<string, unknown> = { ...kafka };
  for (const key of Object.keys(k)) {
    if (TIMESTAMP_KEY.test(key) && typeof k[key] === 'number' && k[key] !== 0 && typeof s[key] === 'number') {
      s[key] = '(time)';
      k[key] = '(time)';
    } else if (hasOwnKey(s, key)) [s[key], k[key]] = alignTimestamps(s[key], k[key]);
  }
  return [s, k];
}

export function diffValues(a: unknown, b: unknown, path: string, out: FieldDiff[]): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push({ path: `${path}.length`, playground: a.length, kafka: b.length });
    for (let i = 0; i < Math.min(a.length, b.length); i++) diffValues(a[i], b[i], `${path}[${i}]`, out);
    return;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) diffValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k, out);
    return;
  }
  out.push({ path, playground: a === undefined ? '(absent)' : a, kafka: b === undefined ? '(absent)' : b });
}

function summary(response: unknown, records: KafkaRecordJson[], errorName: (code: number) => string): SideSummary {
  const r = response as Record<string, unknown> | null;
  let error: string | null = null;
  if (r && typeof r.errorCode === 'number') error = errorName(r.errorCode);
  else if (r && Array.isArray(r.groups) && r.groups.length > 0) error = errorName(((r.groups[0] as Record<string, unknown>).errorCode as number) ?? 0);
  else if (r && Array.isArray(r.topics)) error = errorName(firstPartitionErrorCode(r as unknown as OffsetCommitResponse));
  // DeleteGroups (results) and IncrementalAlterConfigs (responses) answer per group or resource: the first error
  else if (r && (Array.isArray(r.results) || Array.isArray(r.responses))) {
    const items = ((r.results ?? r.responses) as Record<string, unknown>[]).map((x) => (typeof x.errorCode === 'number' ? x.errorCode : 0));
    error = errorName(items.find((c) => c !== 0) ?? 0);
  }
  return { error, memberEpoch: r && typeof r.memberEpoch === 'number' ? r.memberEpoch : null, recordTypes: records.map((x) => x.type) };
}

/** The requests a simulator step sent: its own, or its run's exchanges (a heartbeat exchange is v1, as the planner sends it). */
function stepRequests(t: TraceStep): { api: string; version: number }[] {
  if (t.exchanges.length > 0) return t.exchanges.map((x) => ({ api: x.api ?? 'StreamsGroupHeartbeat', version: x.version ?? 1 }));
  return t.api !== null && t.version !== null ? [{ api: t.api, version: t.version }] : [];
}

/** Compares the simulator's steps with the broker's, after the shared normalisations. */
export function compareWithKafka(
  trace: TraceStep[],
  kafka: KafkaStepResult[],
  errorName: (code: number) => string = (c) => kafkaErrorName(editionNamed(DEFAULT_PROTOCOL).wire, c),
  /**
   * `sharedClock`: Kafka ran on the scenario's clock (the shard engine), so timestamps are compared as they are.
   * `kafkaLine`: the Kafka release line that answered (4.1 compares task partitions unordered).
   */
  options: { sharedClock?: boolean; kafkaLine?: string } = {},
): { steps: OracleStepRow[]; firstDivergence: number | null; normalisations: string[] } {
  const unorderedTasks = options.kafkaLine === '4.1';
  const simHashes = numbering(!options.sharedClock, unorderedTasks);
  const kafkaHashes = numbering(!options.sharedClock, unorderedTasks);
  const rows: OracleStepRow[] = [];
  let first: number | null = null;
  for (const k of kafka) {
    const t = trace[k.index]!;
    const kafkaRecords0 = k.records.map((r) => normaliseValue(r, kafkaHashes) as KafkaRecordJson);
    const simRecords0 = t.records.map((r, i) => alignTaggedDefaults(normaliseValue({ type: r.type, key: r.key, value: r.value }, simHashes) as KafkaRecordJson, kafkaRecords0[i]));
    const [simRecordsA, kafkaRecordsA] = options.sharedClock ? [simRecords0, kafkaRecords0] : alignTimestamps(simRecords0, kafkaRecords0);
    const simRecords = simRecordsA as KafkaRecordJson[];
    const kafkaRecords = kafkaRecordsA as KafkaRecordJson[];
    const listKey = t.api ? GROUP_ORDERED[t.api] : undefined;
    const simResponse0 = listKey ? sortByGroupId(t.response as Record<string, unknown> | null, listKey) : t.response;
    const kafkaResponse0 = listKey ? sortByGroupId(k.response, listKey) : k.response;
    const simNormalised = normaliseValue(simResponse0, simHashes);
    const kafkaNormalised = normaliseValue(kafkaResponse0, kafkaHashes);
    const [simResponse, kafkaResponse] = options.sharedClock ? [simNormalised, kafkaNormalised] : alignTimestamps(simNormalised, kafkaNormalised);
    const simExchanges = t.exchanges.map((x) => normaliseValue(x.response, simHashes));
    const kafkaExchanges = k.exchanges.map((x) => normaliseValue(x.response, kafkaHashes));
    const diffs: FieldDiff[] = [];
    diffValues(simResponse, kafkaResponse, 'response', diffs);
    diffValues(simExchanges, kafkaExchanges, 'exchanges', diffs);
    diffValues(simRecords, kafkaRecords, 'records', diffs);
    if (diffs.length > 0 && first === null) first = k.index;
    rows.push({
      index: k.index,
      label: k.label,
      kind: k.kind,
      requests: stepRequests(t),
      playground: { response: simResponse, exchanges: simExchanges, records: simRecords, summary: summary(t.response, simRecords, errorName) },
      kafka: { response: kafkaResponse, exchanges: kafkaExchanges, records: kafkaRecords, summary: summary(k.response, kafkaRecords, errorName) },
      diffs,
    });
  }
  const normalisations = [...(options.sharedClock ? SHARD_NORMALISATIONS : NORMALISATIONS), ...(unorderedTasks ? [TASK_PARTITIONS_4_1_NORMALISATION] : [])];
  return { steps: rows, firstDivergence: first, normalisations };
}
