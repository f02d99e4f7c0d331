// The shard engine of `sgp oracle`: runs a scenario on a Kafka release's own group coordinator shard (4.4.0 by default,
// or 4.1.2, 4.2.2, 4.3.2: the scenario's "kafka" release, or --kafka), in process and on the scenario's clock
// (oracle/harness/shard.ts starts the JVM on that release's jars), and compares it with the simulator, run as the same
// release, step by step. `runOnShard(scenario, opts)` is the API other tools call (the scenario generator, the oracle
// tests): one JVM may serve many scenarios of its release (pass `engine`), each starting from a fresh coordinator.
import { basename } from 'node:path';
import type { Scenario } from '../../core/scenario/types.ts';
import { planShard, type ShardPlan, type ShardRequest } from '../../core/oracle/shardPlan.ts';
import { compareWithKafka, type KafkaRecordJson, type KafkaStepResult, type OracleResult } from '../../core/oracle/compare.ts';
import { decodeMessage, encodeMessage, getSchema, type MessageSchema } from '../../core/wire/index.ts';
import { KAFKA_GROUP_RPC, KAFKA_RPC } from '../../core/wire/schemas/kafka-4.4.generated.ts';
import { versionList } from '../../core/wire/versions.ts';
import { fromBase64, toBase64 } from '../../core/wire/bytes.ts';
import { decodeCoordinatorRecord, encodeCoordinatorRecord } from '../../core/wire/coordinatorRecords.ts';
import { topicIdOf } from '../../core/util/uuid.ts';
import { pushAll } from '../../core/util/arrays.ts';
import { editionNamed } from '../../core/editions/index.ts';
import { SHARD_CLOCK_BASE_MS, shiftInitialLog, shiftInstants } from '../../core/oracle/shardClock.ts';
import { KAFKA_RELEASES, RELEASE_PATCH, releaseOf, type KafkaRelease } from '../../core/releases/index.ts';
import { newestRequestVersion } from '../../core/oracle/releaseVersions.ts';

/** The JVM that runs the shard (oracle/harness/shard.ts), as this module uses it. */
export interface ShardEngine {
  /** The Kafka release whose jars it runs ("4.2.2"). */
  readonly kafka: string;
  call(op: Record<string, unknown> & { op: string }): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface ShardRunOptions {
  /** The scenario's file name, for the result (default "scenario"). */
  file?: string;
  /**
   * The Kafka release to run (a line, "4.2", is its modelled patch, RELEASE_PATCH); default the scenario's own
   * release. The simulator runs the scenario as that release's line.
   */
  kafka?: string;
  /** A running engine to reuse (one JVM for many scenarios of its release); without it one is started and stopped for this run. */
  engine?: ShardEngine;
}

/** A Kafka release as `--kafka` names it: a line ("4.2": its modelled patch) or a patch of a line ("4.2.2", "4.2.0"). */
export interface KafkaChoice {
  line: KafkaRelease;
  /** The release whose jars run: "4.2.2". */
  version: string;
}

/** Reads "4.2" or "4.2.2"; null for anything else (a line the playground does not model, not a version). */
export function parseKafkaChoice(text: string): KafkaChoice | null {
  const m = /^(\d+\.\d+)(?:\.(\d+))?$/.exec(text);
  const line = KAFKA_RELEASES.find((r) => r === m?.[1]);
  if (!m || !line) return null;
  // Kafka 4.4.0 is the newest release: no later 4.4 patch has jars yet
  if (line === '4.4' && m[2] !== undefined && m[2] !== '0') return null;
  return { line, version: m[2] === undefined ? RELEASE_PATCH[line] : `${line}.${m[2]}` };
}

/** The release a run uses: the one asked for, else the scenario's own (its modelled patch). */
export function kafkaChoiceFor(scenario: Scenario, asked?: string): KafkaChoice {
  if (asked !== undefined) {
    const choice = parseKafkaChoice(asked);
    if (!choice) throw new Error(`no Kafka release "${asked}": give ${KAFKA_RELEASES.join(', ')} or one of their patches (${Object.values(RELEASE_PATCH).join(', ')})`);
    return choice;
  }
  const line = releaseOf(scenario);
  return { line, version: RELEASE_PATCH[line] };
}

/** Starts the engine's JVM on a Kafka release's jars (default 4.4.0). Loaded on demand: the CLI itself needs no Java. */
export async function startShardEngine(kafka: string = RELEASE_PATCH['4.4']): Promise<ShardEngine> {
  const url = new URL('../../../oracle/harness/shard.ts', import.meta.url).href;
  const mod = (await import(url)) as { startShardProcess(kafka: string): ShardEngine };
  return mod.startShardProcess(kafka);
}

const schemasOf = (api: string, version: number): { request: MessageSchema; response: MessageSchema } => {
  if (api === 'StreamsGroupHeartbeat' || api === 'StreamsGroupDescribe') return { request: getSchema(`${api}Request`, 'ak4'), response: getSchema(`${api}Response`, 'ak4') };
  const pick = (kind: string) => {
    const s = KAFKA_RPC[`${kind}@${version}`] ?? KAFKA_GROUP_RPC[kind];
    if (!s || !versionList(s.validVersions).includes(version)) throw new Error(`no Kafka 4.4 schema for ${kind} v${version}`);
    return s;
  };
  return { request: pick(`${api}Request`), response: pick(`${api}Response`) };
};

const bytes = (b64: string): Uint8Array => {
  const b = fromBase64(b64);
  if (!b) throw new Error('the shard engine sent bytes that are not base64');
  return b;
};

/** The records a reply carries, their instants back on the scenario's clock (shardClock.ts). */
function records(reply: Record<string, unknown>): KafkaRecordJson[] {
  return ((reply.records as { key: string; value: string | null }[]) ?? []).map((r) => {
    const d = decodeCoordinatorRecord(bytes(r.key), r.value === null ? null : bytes(r.value));
    return shiftInstants({ type: d.type, key: d.key, value: d.value }, -SHARD_CLOCK_BASE_MS) as KafkaRecordJson;
  });
}

export interface ShardExecution {
  steps: KafkaStepResult[];
  elapsedMs: number;
  /** Median time the engine took to handle one request (decode, coordinator, encode; in the JVM), in ms. */
  medianRoundTripMs: number | null;
}

type Op = Record<string, unknown> & { op: string };

/** What the engine's reply to an op means for its step: records only, or also a request's response. */
type OpRole = { kind: 'records' } | { kind: 'request'; request: ShardRequest; decode: MessageSchema };

/**
 * A plan as the engine's ops, in order, and for each step the roles of its ops' replies. Kafka's clock runs at scenario
 * time + SHARD_CLOCK_BASE_MS (shardClock.ts): instants go in shifted up. The cluster's topics change on the engine's
 * side (topicsChange), and a heartbeat's internal topics are created there at once (createTopics), so the plan needs no
 * reply before the next op and travels as one batch.
 */
function shardOps(plan: ShardPlan): { ops: Op[]; roles: OpRole[][] } {
  const log = shiftInitialLog(plan.scenario.initialLog ?? []).map((r) => {
    const e = encodeCoordinatorRecord(r.type, r.key, r.value);
    return { key: toBase64(e.key), value: e.value === null ? null : toBase64(e.value) };
  });
  const topics = plan.scenario.topics.map((t) => ({ name: t.name, id: topicIdOf(t.name), partitions: t.partitions }));
  const ops: Op[] = [{ op: 'reset', configs: plan.configs, topics, log, startMs: SHARD_CLOCK_BASE_MS }];
  const roles: OpRole[][] = [];
  let step: OpRole[] = [];
  const advance = (to: number) => {
    ops.push({ op: 'advance', to: to + SHARD_CLOCK_BASE_MS });
    step.push({ kind: 'records' });
  };
  const send = (r: ShardRequest) => {
    advance(r.at);
    const { request, response } = schemasOf(r.api, r.version);
    const body = encodeMessage(request, r.version, shiftInstants(r.request, SHARD_CLOCK_BASE_MS) as typeof r.request, { ignorable: 'drop' });
    // KafkaApis creates the internal topics the coordinator asks for; the playground models them created with the response
    ops.push({
      op: 'request',
      api: r.api,
      apiKey: request.apiKey,
      version: r.version,
      body: toBase64(body),
      clientId: r.client.clientId,
      clientHost: r.client.clientHost,
      notCoordinator: r.notCoordinator,
      createTopics: true,
    });
    step.push({ kind: 'request', request: r, decode: response });
  };
  for (const s of plan.steps) {
    step = [];
    switch (s.kind) {
      case 'request':
        if (s.request) send(s.request);
        else advance(s.time);
        break;
      case 'advance':
        advance(s.time);
        break;
      case 'run':
        for (const x of s.exchanges) send(x);
        advance(s.time);
        break;
      case 'failover':
        advance(s.time);
        ops.push({ op: 'failover', loadMs: s.loadMs });
        step.push({ kind: 'records' });
        break;
      case 'topics':
        advance(s.time);
        ops.push({ op: 'topicsChange', create: s.create, delete: s.delete, partitions: s.partitions });
        step.push({ kind: 'records' });
        break;
    }
    roles.push(step);
  }
  return { ops, roles };
}

/**
 * Runs a plan on the engine, in one exchange (shardOps): reset, then every step; the records each step wrote, as
 * Kafka's serde wrote them, their instants back on the scenario's clock.
 */
export async function executeOnShard(plan: ShardPlan, engine: ShardEngine): Promise<ShardExecution> {
  const started = performance.now();
  const { ops, roles } = shardOps(plan);
  const replies = (await engine.call({ op: 'batch', ops })).replies as Record<string, unknown>[];
  if (replies[0]?.kafka !== engine.kafka) throw new Error(`shard engine: asked for Kafka ${engine.kafka}, the JVM runs Kafka ${String(replies[0]?.kafka)}`);
  const handled: number[] = [];
  let next = 1; // replies[0] answers the reset
  const steps: KafkaStepResult[] = plan.steps.map((s, i) => {
    const result: KafkaStepResult = { index: s.index, label: s.label, kind: s.kind, response: null, exchanges: [], records: [] };
    for (const role of roles[i]!) {
      const reply = replies[next++]!;
      if (role.kind === 'request') {
        const decoded = shiftInstants(decodeMessage(role.decode, role.request.version, bytes(reply.response as string)).json, -SHARD_CLOCK_BASE_MS) as Record<string, unknown>;
        handled.push(Number(reply.handledNs) / 1e6);
        for (const c of (reply.created as { name: string; id: string }[] | undefined) ?? []) {
          // the engine names the topics it created itself with the playground's ids (oracle TopicIds); a mismatch is a harness bug
          if (c.id !== topicIdOf(c.name)) throw new Error(`the shard engine created topic ${c.name} with id ${c.id}, the playground's id is ${topicIdOf(c.name)}`);
        }
        if (s.kind === 'run') result.exchanges.push({ member: null, response: decoded });
        else result.response = decoded;
      }
      pushAll(result.records, records(reply));
    }
    return result;
  });
  const sorted = handled.sort((a, b) => a - b);
  return { steps, elapsedMs: performance.now() - started, medianRoundTripMs: sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null };
}

/** The steps of a plan that send a request version newer than the release's jars read (releaseVersions.ts). */
function versionsTheReleaseLacks(plan: ShardPlan, line: KafkaRelease): string[] {
  const out: string[] = [];
  for (const step of plan.steps) {
    const requests = step.kind === 'request' ? (step.request ? [step.request] : []) : step.kind === 'run' ? step.exchanges : [];
    for (const r of requests) {
      const max = newestRequestVersion(line, r.api);
      if (max !== undefined && r.version > max) out.push(`step ${step.index + 1} (${step.label}) sends ${r.api} v${r.version}; Kafka ${line} has v0–v${max} only`);
    }
  }
  return out;
}

/**
 * Plans, runs and compares one scenario on the shard engine, as the Kafka release asked for (default the scenario's
 * own). A proposal is refused with the reasons, and so is an engine that runs another release than the one asked for.
 */
export async function runOnShard(scenario: Scenario, opts: ShardRunOptions = {}): Promise<OracleResult> {
  const choice = kafkaChoiceFor(scenario, opts.kafka);
  const base: OracleResult = {
    format: 'sgp-oracle',
    version: 1,
    engine: 'shard',
    scenario: basename(opts.file ?? 'scenario'),
    kafka: { version: choice.version, bootstrap: '(shard engine: GroupCoordinatorShard in process)', configs: {} },
    timeScale: 1,
    marginMs: 0,
    groupConfigs: {},
    normalisations: [],
    steps: [],
    firstDivergence: null,
    elapsedMs: 0,
    medianRoundTripMs: null,
  };
  if (opts.engine && opts.engine.kafka !== choice.version) return { ...base, refused: [`the shard engine given runs Kafka ${opts.engine.kafka}, not ${choice.version}`] };
  // the simulator runs the scenario as the chosen release's line (a draft-edition scenario has none: planShard refuses it)
  const asRelease: Scenario = editionNamed(scenario.protocol).hasReleases && releaseOf(scenario) !== choice.line ? { ...scenario, kafka: choice.line } : scenario;
  const planned = planShard(asRelease);
  if (!planned.ok) return { ...base, refused: planned.reasons };
  const unknownVersions = versionsTheReleaseLacks(planned.plan, choice.line);
  if (unknownVersions.length > 0) return { ...base, refused: unknownVersions };
  const engine = opts.engine ?? (await startShardEngine(choice.version));
  try {
    const run = await executeOnShard(planned.plan, engine);
    const cmp = compareWithKafka(planned.plan.trace, run.steps, undefined, { sharedClock: true, kafkaLine: choice.line });
    return {
      ...base,
      kafka: { ...base.kafka, configs: planned.plan.configs },
      normalisations: cmp.normalisations,
      steps: cmp.steps,
      firstDivergence: cmp.firstDivergence,
      elapsedMs: run.elapsedMs,
      medianRoundTripMs: run.medianRoundTripMs,
    };
  } finally {
    if (!opts.engine) await engine.close();
  }
}
