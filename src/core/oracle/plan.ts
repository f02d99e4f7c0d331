// What `sgp oracle` sends to a real Kafka broker for a scenario, derived from the simulator's own run of it:
// every request exactly as the simulator generated it, the group configs that carry the scenario's timeouts
// (divided by the time scale), real waits for `advance` and `run`, and the reasons a scenario cannot be
// reproduced faithfully on a real broker (then it is refused, never run wrong).
import { editionNamed, editionNames } from '../editions/index.ts';
import { ScenarioRunner } from '../scenario/runner.ts';
import type { RpcName, Scenario, Step, TraceStep } from '../scenario/types.ts';
import { isInternalTopic, isValidTopicName } from '../topology/validate.ts';
import { RUN_ID_LENGTH } from './names.ts';
import { requestGroups } from './groups.ts';
import { DRAFT_ONLY_RPCS, RPC_NAMES, rpcFamily } from '../scenario/rpc-names.ts';
import { pushAll } from '../util/arrays.ts';
import { variantDefinition } from '../variants/index.ts';

/** Scenario configs that a streams group can carry as group configs (IncrementalAlterConfigs on GROUP), and whether they are times. */
export const GROUP_CONFIG_OF: Record<string, { name: string; time: boolean }> = {
  'group.streams.session.timeout.ms': { name: 'streams.session.timeout.ms', time: true },
  'group.streams.heartbeat.interval.ms': { name: 'streams.heartbeat.interval.ms', time: true },
  'group.streams.num.standby.replicas': { name: 'streams.num.standby.replicas', time: false },
  'group.streams.initial.rebalance.delay.ms': { name: 'streams.initial.rebalance.delay.ms', time: true },
  'group.streams.assignment.interval.ms': { name: 'streams.assignment.interval.ms', time: true },
  'group.streams.task.offset.interval.ms': { name: 'streams.task.offset.interval.ms', time: true },
  'group.streams.num.warmup.replicas': { name: 'streams.num.warmup.replicas', time: false },
  'group.streams.acceptable.recovery.lag': { name: 'streams.acceptable.recovery.lag', time: false },
  // GroupCoordinatorConfig group.streams.rack.aware.assignment.tags is the default of the group config GroupConfig
  // streams.rack.aware.assignment.tags (GroupMetadataManager.streamsGroupAssignmentConfigs): set on every group, it
  // carries the scenario's broker-wide value without a broker restart
  'group.streams.rack.aware.assignment.tags': { name: 'streams.rack.aware.assignment.tags', time: false },
};

/** Kafka 4.4 defaults of the configs above (the simulator's too). */
const GROUP_DEFAULTS: Record<string, number> = {
  'group.streams.session.timeout.ms': 45000,
  'group.streams.heartbeat.interval.ms': 5000,
  'group.streams.num.standby.replicas': 0,
  'group.streams.initial.rebalance.delay.ms': 3000,
  'group.streams.assignment.interval.ms': 1000,
  'group.streams.task.offset.interval.ms': 60000,
  'group.streams.num.warmup.replicas': 2,
  'group.streams.acceptable.recovery.lag': 10000,
};

/** Request fields that are durations, divided by the time scale on the way to the broker and multiplied back. */
export const SCALED_REQUEST_FIELDS = ['rebalanceTimeoutMs'] as const;
/** Response and record fields that are durations the broker derives from scaled configs. */
export const SCALED_RESULT_FIELDS = ['heartbeatIntervalMs', 'taskOffsetIntervalMs', 'rebalanceTimeoutMs'] as const;

export interface PlannedRequest {
  api: RpcName;
  version: number;
  /** Alias of the simulated client (its client id on the wire), or null for a raw request. */
  member: string | null;
  clientId: string;
  request: Record<string, unknown>;
  /** Scenario time at which it is sent (ms). */
  at: number;
}

export type PlannedStep =
  | { index: number; label: string; kind: 'request'; request: PlannedRequest | null; time: number }
  | { index: number; label: string; kind: 'advance'; time: number; ms: number }
  | { index: number; label: string; kind: 'run'; time: number; start: number; exchanges: PlannedRequest[] }
  | { index: number; label: string; kind: 'failover'; time: number }
  | { index: number; label: string; kind: 'topics'; time: number; create: { name: string; partitions: number }[]; delete: string[]; partitions: Record<string, number> };

export interface OraclePlan {
  scenario: Scenario;
  trace: TraceStep[];
  steps: PlannedStep[];
  timeScale: number;
  /** Group configs set before the first request (scaled). */
  groupConfigs: Record<string, string>;
  /** Scenario configs only a broker can carry (the bundled broker starts with them). */
  brokerConfigs: Record<string, string>;
  needsRestart: boolean;
  /** Least distance, in real ms, between a timer deadline and any step of the scenario at this scale (Infinity without timers). */
  marginMs: number;
}

export interface PlanOptions {
  /** Scenario ms per real ms; absent: the largest of TIME_SCALES that keeps every timer clear of every step. */
  timeScale?: number;
  /** Least real-time distance between a timer deadline and a step (default 1500 ms). */
  marginMs?: number;
  /** The broker can be restarted (the bundled broker); a `failover` step needs it. */
  canRestart: boolean;
  /** The broker was started with the scenario's broker-only configs (the bundled broker). */
  brokerConfigsApplied: boolean;
}

export const TIME_SCALES = [100, 50, 20, 10, 5, 2, 1];
/** The RPCs `sgp oracle` sends to the group coordinator: every one a scenario may send that Kafka 4.x has. */
const ORACLE_APIS = new Set<string>([...RPC_NAMES].filter((a) => !DRAFT_ONLY_RPCS.has(a)).sort((a, b) => rpcFamily(a) - rpcFamily(b)));
/** The group resource of IncrementalAlterConfigs (ConfigResource.Type.GROUP). */
const GROUP_RESOURCE = 32;
/**
 * Group configs Kafka checks against broker bounds (GroupConfig.validate): the bounds' broker configs, Kafka's
 * defaults, and the minimum the oracle broker runs with (oracle/harness/broker.ts lowers it so scaled timeouts fit).
 */
const BOUNDED_TIME_CONFIGS: Record<string, { min: string; max: string; oracleMin: number | null }> = {
  'streams.session.timeout.ms': { min: 'group.streams.min.session.timeout.ms', max: 'group.streams.max.session.timeout.ms', oracleMin: 100 },
  'streams.heartbeat.interval.ms': { min: 'group.streams.min.heartbeat.interval.ms', max: 'group.streams.max.heartbeat.interval.ms', oracleMin: 10 },
  'streams.assignment.interval.ms': { min: 'group.streams.min.assignment.interval.ms', max: 'group.streams.max.assignment.interval.ms', oracleMin: null },
};
/** Kafka 4.4 defaults of the bounds above. */
const BOUND_DEFAULTS: Record<string, number> = {
  'group.streams.min.session.timeout.ms': 45000,
  'group.streams.max.session.timeout.ms': 60000,
  'group.streams.min.heartbeat.interval.ms': 5000,
  'group.streams.max.heartbeat.interval.ms': 15000,
  'group.streams.min.assignment.interval.ms': 0,
  'group.streams.max.assignment.interval.ms': 15000,
};
/** Group config names (streams.*) that are durations, scaled like the scenario's own group configs. */
const TIME_GROUP_CONFIGS = new Set(Object.values(GROUP_CONFIG_OF).flatMap((c) => (c.time ? [c.name] : [])));
/** Real time a request step may take on a loaded machine (the round trip and the reading back of records). */
const REQUEST_STEP_REAL_MS = 250;
/** Real time a topics step may take on a broker (create, propagate to the coordinator's metadata image). */
const TOPICS_STEP_REAL_MS = 3000;
/**
 * Real time from the coordinator loading the log (when Kafka restarts session and rebalance timers) to the first
 * request after a restart: the rest of the broker's start-up and finding the coordinator again.
 */
const FAILOVER_REAL_MS = 15000;

export type PlanResult = { ok: true; plan: OraclePlan } | { ok: false; reasons: string[]; trace?: TraceStep[] };

/** Plans a scenario for a real broker, or refuses it with the reasons. */
export function planOracle(scenario: Scenario, opts: PlanOptions): PlanResult {
  const reasons: string[] = [];
  // Only the shipped protocol and today's coordinator have a real broker to compare with.
  if (editionNamed(scenario.protocol).releasedBroker === null) {
    const released = editionNames().filter((name) => editionNamed(name).releasedBroker !== null);
    const list = released.map((name) => `"${name}" (${editionNamed(name).releasedBroker})`).join(' or ');
    reasons.push(`protocol "${scenario.protocol}" has no released broker; only ${list} can run on Kafka`);
  }
  if (!variantDefinition(scenario.variant).runsOnKafka) reasons.push(`variant "${scenario.variant}" is a proposal; Kafka 4.4 runs "current"`);
  if ((scenario as { initialLog?: unknown[] }).initialLog?.length) reasons.push("the scenario starts from an initialLog: a real broker's __consumer_offsets cannot be preloaded with given records");
  pushAll(
    reasons,
    topicNameReasons(
      'the scenario',
      scenario.topics.map((t) => t.name),
    ),
  );
  const brokerConfigs: Record<string, string> = {};
  for (const [name, value] of Object.entries(scenario.config ?? {})) {
    if (GROUP_CONFIG_OF[name]) continue;
    brokerConfigs[name] = String(value);
  }
  if (Object.keys(brokerConfigs).length > 0 && !opts.brokerConfigsApplied) {
    reasons.push(`broker configs ${Object.keys(brokerConfigs).join(', ')} can only be set on a broker: run with --broker (the bundled broker starts with them)`);
  }
  if (reasons.length > 0) return { ok: false, reasons };

  // The simulator's own run: its requests are what the broker gets.
  const runner = new ScenarioRunner(scenario, { durability: false });
  const trace: TraceStep[] = [];
  const deadlines: { at: number; what: string; fired: boolean; step: number }[] = [];
  const events: { at: number; what: string; extraMs: number; step: number; waitEnd: boolean }[] = [];
  let prevTime = 0;
  let topicSteps = 0;
  let requests = 0;
  const steps: PlannedStep[] = [];
  const restartedTimers: { at: number; what: string; from: number }[] = [];
  /** Per step: scenario time after it, the real time it may take besides any wait, and whether the clock waits in it. */
  const stepCost: { time: number; realMs: number; waits: boolean }[] = [];
  for (let i = 0; i < scenario.steps.length; i++) {
    const step = scenario.steps[i]!;
    const t = runner.runStep(step, i);
    trace.push(t);
    const where = `step ${i + 1} (${t.label})`;
    for (const f of t.timers) {
      if (f.key === 'offsets-retention-check' && t.records.length > 0) {
        reasons.push(
          `${where}: the offsets-retention sweep (offsets.retention.check.interval.ms) writes records; a broker runs it on its own schedule from its start, which a scenario's clock cannot align with`,
        );
      }
      if (f.key !== 'offsets-retention-check') deadlines.push({ at: f.at, what: `${f.key} fired at ${f.at} ms`, fired: true, step: i });
    }
    for (const timer of runner.broker.coordinator.timers.all()) {
      if (timer.key !== 'offsets-retention-check') deadlines.push({ at: timer.deadline, what: `${timer.key} due at ${timer.deadline} ms`, fired: false, step: i });
    }
    for (const r of t.records) {
      if (r.type === 'StreamsGroupTargetAssignmentMetadata' && r.value && typeof r.value.assignmentTimestamp === 'number') {
        const interval = Number(scenario.config?.['group.streams.assignment.interval.ms'] ?? GROUP_DEFAULTS['group.streams.assignment.interval.ms']);
        if (interval > 0)
          deadlines.push({
            at: (r.value.assignmentTimestamp as number) + interval,
            what: `the assignment interval after the assignment at ${r.value.assignmentTimestamp as number} ms ends`,
            fired: false,
            step: i,
          });
      }
    }
    const base = { index: i, label: t.label, time: t.time };
    if ('advance' in step) {
      steps.push({ ...base, kind: 'advance', ms: step.advance });
      events.push({ at: t.time, what: `the end of ${where}`, extraMs: 0, step: i, waitEnd: true });
    } else if ('run' in step) {
      const exchanges = t.exchanges.map((x) => ({
        ...planned(x.api ?? 'StreamsGroupHeartbeat', x.version ?? 1, x.member, x.request, x.at),
        clientId: requestContext(scenario, undefined, x.member).clientId,
      }));
      for (const x of t.exchanges) pushAll(reasons, contextReasons(where, x.api ?? 'StreamsGroupHeartbeat', requestContext(scenario, undefined, x.member)));
      requests += exchanges.length;
      for (const x of t.exchanges) events.push({ at: x.at, what: `a request of ${where} at ${x.at} ms`, extraMs: 0, step: i, waitEnd: false });
      events.push({ at: t.time, what: `the end of ${where}`, extraMs: 0, step: i, waitEnd: true });
      steps.push({ ...base, kind: 'run', start: prevTime, exchanges });
    } else if ('failover' in step) {
      if (typeof step.failover === 'object' && step.failover !== null)
        reasons.push(`${where}: a failover that takes a given time (loadMs) cannot be timed on a real broker, whose load takes what it takes`);
      if (!opts.canRestart) reasons.push(`${where}: a failover restarts the broker; only the bundled broker (--broker) can do that`);
      steps.push({ ...base, kind: 'failover' });
      // the restarted timers run from the load, some seconds before the next request can reach the broker
      for (const timer of runner.broker.coordinator.timers.all()) {
        if (timer.key !== 'offsets-retention-check')
          restartedTimers.push({ at: timer.deadline, what: `${timer.key} (restarted by the failover of ${where}) due at ${timer.deadline} ms`, from: t.time });
      }
    } else if ('topics' in step) {
      topicSteps++;
      const touched = [...(step.topics.create ?? []).map((c) => c.name), ...(step.topics.delete ?? []), ...Object.keys(step.topics.partitions ?? {})];
      pushAll(reasons, topicNameReasons(where, touched));
      steps.push({ ...base, kind: 'topics', create: step.topics.create ?? [], delete: step.topics.delete ?? [], partitions: step.topics.partitions ?? {} });
      events.push({ at: t.time, what: `${where}`, extraMs: TOPICS_STEP_REAL_MS, step: i, waitEnd: false });
    } else {
      if (t.request === null) {
        steps.push({ ...base, kind: 'request', request: null });
      } else {
        const api = t.api!;
        if (!ORACLE_APIS.has(api)) reasons.push(`${where}: sgp oracle does not speak ${api} yet (it sends ${[...ORACLE_APIS].join(', ')})`);
        if (api === 'IncrementalAlterConfigs') pushAll(reasons, alterConfigsReasons(where, t.request as Record<string, unknown>));
        if (api === 'StreamsGroupHeartbeat' && (t.version ?? 0) > 1) reasons.push(`${where}: StreamsGroupHeartbeat v${t.version} is a KAFKA-20870 proposal; Kafka 4.4 speaks v0–v1`);
        requests++;
        // the simulator's request context: the step's, else its client's, else the raw requests' "sgp"
        const context = requestContext(scenario, step, t.member);
        pushAll(reasons, contextReasons(where, api, context));
        pushAll(reasons, nameReasons(where, api, t.request as Record<string, unknown>));
        steps.push({ ...base, kind: 'request', request: { ...planned(api, t.version ?? 0, t.member, t.request, t.time), clientId: context.clientId } });
        events.push({ at: t.time, what: `the request of ${where}`, extraMs: 0, step: i, waitEnd: false });
      }
    }
    const realMs = 'topics' in step ? TOPICS_STEP_REAL_MS : 'run' in step ? REQUEST_STEP_REAL_MS * (t.exchanges.length + 1) : REQUEST_STEP_REAL_MS;
    stepCost.push({ time: t.time, realMs, waits: 'advance' in step || 'run' in step });
    prevTime = t.time;
  }
  // A timer pending after a step must outlast, in real time, the steps that follow until the clock next waits.
  const pendingBudgets = deadlines
    .filter((d) => !d.fired)
    .map((d) => {
      let realMs = 0;
      for (let j = d.step + 1; j < stepCost.length && !stepCost[j]!.waits; j++) realMs += stepCost[j]!.realMs;
      return { ...d, from: stepCost[d.step]!.time, realMs };
    })
    // a deadline already behind the step's end (an assignment interval that ran out within it) constrains nothing
    .filter((p) => p.at > p.from);
  if (reasons.length > 0) return { ok: false, reasons, trace };

  // Real time drifts from the scenario's clock by each request's round trip and each topics step.
  const baseMargin = (opts.marginMs ?? 1500) + 20 * requests;
  const marginAt = (scale: number): { margin: number; worst: string } => {
    let margin = Infinity;
    let worst = '';
    for (const d of deadlines) {
      for (const e of events) {
        // A timer that fired must be clear of every step. One merely pending (it may be rescheduled or cancelled
        // before its deadline, e.g. a session timer by the next heartbeat) only matters where the clock waits after it
        // or where the step itself takes real time (topics).
        if (!d.fired && !((e.waitEnd || e.extraMs > 0) && e.step > d.step)) continue;
        const real = Math.abs(d.at - e.at) / scale - e.extraMs;
        if (real < margin) {
          margin = real;
          worst = `${d.what} is ${Math.abs(d.at - e.at)} ms (scenario time) from ${e.what}`;
        }
      }
    }
    for (const p of pendingBudgets) {
      const real = (p.at - p.from) / scale - p.realMs;
      if (p.realMs > 0 && real < margin) {
        margin = real;
        worst = `${p.what} leaves ${Math.round((p.at - p.from) / scale)} ms of real time for the ${Math.round(p.realMs)} ms the following steps may take`;
      }
    }
    for (const r of restartedTimers) {
      const real = (r.at - r.from) / scale - FAILOVER_REAL_MS;
      if (real < margin) {
        margin = real;
        worst = `${r.what} leaves ${Math.round((r.at - r.from) / scale)} ms of real time after the load, and a restarted broker takes up to ${FAILOVER_REAL_MS} ms to answer`;
      }
    }
    return { margin, worst };
  };
  const need = baseMargin;
  let timeScale = opts.timeScale;
  if (timeScale === undefined) {
    timeScale = TIME_SCALES.find((s) => marginAt(s).margin >= need + (topicSteps > 0 ? 0 : 0) && scaledConfigsValid(scenario, s)) ?? 1;
  }
  const { margin, worst } = marginAt(timeScale);
  if (margin < need) {
    return {
      ok: false,
      trace,
      reasons: [
        `timing: at --time-scale ${timeScale}, ${worst}: ${Math.max(0, Math.round(margin))} ms of real time, less than the ${need} ms a real broker needs to tell them apart (a tie or near-tie cannot be reproduced on a real clock)`,
      ],
    };
  }
  if (!scaledConfigsValid(scenario, timeScale)) {
    return { ok: false, trace, reasons: [`timing: at --time-scale ${timeScale} a scaled group timeout falls below the oracle broker's lower bounds (session ≥ 100 ms, heartbeat interval ≥ 10 ms)`] };
  }
  const bounds = boundsReasons(scenario, steps, timeScale);
  if (bounds.length > 0) return { ok: false, trace, reasons: bounds };
  const groupConfigs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(GROUP_CONFIG_OF)) {
    if (GROUP_DEFAULTS[name] === undefined) {
      // a list config without a Kafka default: set only when the scenario gives one
      const value = String(scenario.config?.[name] ?? '').trim();
      if (value !== '') groupConfigs[spec.name] = value;
      continue;
    }
    const value = Number(scenario.config?.[name] ?? GROUP_DEFAULTS[name]);
    groupConfigs[spec.name] = String(spec.time ? Math.round(value / timeScale) : value);
  }
  for (const s of steps) {
    if (s.kind === 'request' && s.request) s.request.request = scaleRequest(s.request.request, timeScale);
    if (s.kind === 'run') for (const x of s.exchanges) x.request = scaleRequest(x.request, timeScale);
  }
  return {
    ok: true,
    plan: { scenario, trace, steps, timeScale, groupConfigs, brokerConfigs, needsRestart: steps.some((s) => s.kind === 'failover'), marginMs: margin },
  };
}

function scaledConfigsValid(scenario: Scenario, scale: number): boolean {
  const v = (name: string) => Number(scenario.config?.[name] ?? GROUP_DEFAULTS[name]) / scale;
  return v('group.streams.session.timeout.ms') >= 100 && v('group.streams.heartbeat.interval.ms') >= 10 && Number.isInteger(v('group.streams.session.timeout.ms'));
}

function planned(api: RpcName, version: number, member: string | null, request: unknown, at: number): PlannedRequest {
  return { api, version, member, clientId: member ?? 'sgp-oracle', request: structuredClone(request) as Record<string, unknown>, at };
}

function scaleRequest(request: Record<string, unknown>, scale: number): Record<string, unknown> {
  if (scale === 1) return request;
  const out = { ...request };
  for (const f of SCALED_REQUEST_FIELDS) if (typeof out[f] === 'number' && (out[f] as number) > 0) out[f] = Math.max(1, Math.round((out[f] as number) / scale));
  // duration group configs set mid-scenario, like the scenario's own group configs
  if (Array.isArray(out.resources)) out.resources = (out.resources as AlterResource[]).map((r) => scaleResource(r, scale));
  return out;
}

interface AlterResource {
  resourceType: number;
  resourceName: string;
  configs: { name: string; configOperation: number; value: string | null }[];
}

const integerValue = (value: string | null): number | null => (value !== null && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : null);

function scaleResource(r: AlterResource, scale: number): AlterResource {
  if (r.resourceType !== GROUP_RESOURCE || !Array.isArray(r.configs)) return r;
  return {
    ...r,
    configs: r.configs.map((c) => {
      const v = integerValue(c.value);
      return TIME_GROUP_CONFIGS.has(c.name) && c.configOperation === 0 && v !== null && v > 0 ? { ...c, value: String(Math.max(1, Math.round(v / scale))) } : c;
    }),
  };
}

/** What an IncrementalAlterConfigs step asks that a shared oracle broker cannot do as the scenario's broker would. */
function alterConfigsReasons(where: string, request: Record<string, unknown>): string[] {
  const reasons: string[] = [];
  for (const r of (request.resources as AlterResource[] | undefined) ?? []) {
    if (r.resourceType !== GROUP_RESOURCE) {
      reasons.push(`${where}: IncrementalAlterConfigs on resource type ${r.resourceType} would change the shared broker or its topics; sgp oracle sends it for groups (type 32) only`);
      continue;
    }
    for (const c of r.configs ?? []) {
      // the oracle sets every scaled group config before step 0: a DELETE reverts to the broker's unscaled value, not the scenario's
      if (c.configOperation !== 0 && (TIME_GROUP_CONFIGS.has(c.name) || Object.values(GROUP_CONFIG_OF).some((g) => g.name === c.name)))
        reasons.push(
          `${where}: operation ${c.configOperation} on ${c.name} reverts to the broker's value, which the oracle broker does not share with the scenario (it sets every group config, scaled, before step 0)`,
        );
    }
  }
  return reasons;
}

/**
 * GroupConfig.validate checks bounded durations against the broker's min/max. The oracle broker lowers the minimums so
 * scaled timeouts fit: a step is faithful only where the scenario's broker and the oracle broker, at this scale,
 * both accept the value (an INVALID_CONFIG message names the bounds, which differ).
 */
function boundsReasons(scenario: Scenario, steps: PlannedStep[], scale: number): string[] {
  const reasons: string[] = [];
  const num = (name: string, fallback: number) => (scenario.config?.[name] !== undefined ? Number(scenario.config[name]) : fallback);
  for (const s of steps) {
    if (s.kind !== 'request' || s.request?.api !== 'IncrementalAlterConfigs') continue;
    for (const r of (s.request.request.resources as AlterResource[] | undefined) ?? []) {
      if (r.resourceType !== GROUP_RESOURCE) continue;
      for (const c of r.configs ?? []) {
        const bound = BOUNDED_TIME_CONFIGS[c.name];
        const v = integerValue(c.value);
        if (!bound || c.configOperation !== 0 || v === null) continue;
        const min = num(bound.min, BOUND_DEFAULTS[bound.min]!);
        const max = num(bound.max, BOUND_DEFAULTS[bound.max]!);
        // the bundled broker starts with the scenario's broker configs (unscaled), else with the oracle's minimum
        const oracleMin = scenario.config?.[bound.min] !== undefined || bound.oracleMin === null ? min : bound.oracleMin;
        const scaled = v > 0 ? Math.max(1, Math.round(v / scale)) : v;
        const inScenario = v >= min && v <= max;
        const onBroker = scaled >= oracleMin && scaled <= max;
        if (inScenario && onBroker) continue;
        reasons.push(
          `step ${s.index + 1} (${s.label}): ${c.name} ${v} is ${inScenario ? 'within' : 'outside'} the scenario's bounds ${min}–${max}, and at --time-scale ${scale} its ${scaled} ms is ${onBroker ? 'within' : 'outside'} the oracle broker's ${oracleMin}–${max} (${bound.min} is lowered there so scaled timeouts fit): Kafka's verdict or its INVALID_CONFIG message would not be the scenario's`,
        );
      }
    }
  }
  return reasons;
}

/** The host Kafka stores for a request from this machine (RequestContext.clientAddress of a loopback connection). */
const ORACLE_CLIENT_HOST = '/127.0.0.1';

/**
 * The request context the simulator gave a request (ScenarioRunner): a send step's own clientId/clientHost, else its
 * member's client's (its alias and "/127.0.0.1" unless the client sets them), else the raw sender's "sgp".
 */
export function requestContext(scenario: Scenario, step: Step | undefined, member: string | null): { clientId: string; clientHost: string } {
  const spec = member !== null ? scenario.clients[member] : undefined;
  const base = member !== null && spec !== undefined ? { clientId: spec.clientId ?? member, clientHost: spec.clientHost ?? ORACLE_CLIENT_HOST } : { clientId: 'sgp', clientHost: ORACLE_CLIENT_HOST };
  const own = step !== undefined && 'send' in step ? step : undefined;
  return { clientId: own?.clientId ?? base.clientId, clientHost: own?.clientHost ?? base.clientHost };
}

/** A heartbeat stores the client's host in the member's metadata; the broker takes it from the connection, which sgp oracle cannot choose. */
function contextReasons(where: string, api: string, context: { clientHost: string }): string[] {
  if (api !== 'StreamsGroupHeartbeat' || context.clientHost === ORACLE_CLIENT_HOST) return [];
  return [
    `${where}: clientHost "${context.clientHost}" cannot be reproduced: Kafka stores the address the request came from (RequestContext.clientAddress), which is "${ORACLE_CLIENT_HOST}" for sgp oracle`,
  ];
}

/**
 * Topics a topics step or the scenario's cluster names must be topics Kafka can create (Topic.validate, not internal)
 * whose run-scoped name ("<run>.<topic>") still fits Kafka's 249 characters; otherwise the broker could not hold the
 * scenario's cluster.
 */
function topicNameReasons(where: string, names: readonly string[]): string[] {
  const reasons: string[] = [];
  for (const name of new Set(names)) {
    if (isInternalTopic(name) || !isValidTopicName(name)) reasons.push(`${where}: topic "${name}" is one Kafka refuses to create (Topic.validate, internal topics), so a broker cannot hold it`);
    else if (name.length + RUN_ID_LENGTH + 1 > 249) reasons.push(`${where}: topic "${name}" has ${name.length} characters; run-scoped ("<run>.${name}") it would pass Kafka's limit of 249`);
  }
  return reasons;
}

/** Names in a request that the run-scoped names would change Kafka's verdict on. */
function nameReasons(where: string, api: string, request: Record<string, unknown>): string[] {
  const reasons: string[] = [];
  // A blank group id: Kafka refuses it for a heartbeat (Utils.throwIfEmptyString trims) but the offset and admin RPCs
  // take it as a group (isGroupIdNotEmpty does not trim); it is sent unscoped, so it would be shared with other runs.
  if (api !== 'StreamsGroupHeartbeat' && api !== 'StreamsGroupDescribe') {
    for (const g of requestGroups(api, request))
      if (g !== '' && g.trim() === '') reasons.push(`${where}: group id ${JSON.stringify(g)} is blank: a broker would keep it for every run, not this one's`);
  }
  for (const name of requestTopics(api, request)) {
    if (isValidTopicName(name) && !isInternalTopic(name) && name.length + RUN_ID_LENGTH + 1 > 249)
      reasons.push(`${where}: topic "${name}" has ${name.length} characters; run-scoped ("<run>.${name}") it would pass Kafka's limit of 249, which changes Kafka's verdict`);
  }
  return reasons;
}

/** Every topic name a request carries (topologies, offsets RPCs, topic config resources). */
function requestTopics(api: string, request: Record<string, unknown>): string[] {
  const out: string[] = [];
  const obj = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object') : []);
  const named = (v: unknown) => {
    for (const t of obj(v)) if (typeof t.name === 'string') out.push(t.name);
  };
  if (api === 'StreamsGroupHeartbeat') {
    const topology = request.topology as { subtopologies?: unknown } | null | undefined;
    for (const s of obj(topology?.subtopologies)) {
      for (const k of ['sourceTopics', 'repartitionSinkTopics']) if (Array.isArray(s[k])) for (const t of s[k] as unknown[]) if (typeof t === 'string') out.push(t);
      named(s.stateChangelogTopics);
      named(s.repartitionSourceTopics);
    }
  }
  named(request.topics);
  for (const g of obj(request.groups)) named(g.topics);
  for (const r of obj(request.resources)) if (r.resourceType === 2 && typeof r.resourceName === 'string') out.push(r.resourceName);
  return out;
}
