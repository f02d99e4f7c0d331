// The worker-side API: parses and runs scenarios with the pure core, and encodes/decodes share links.
// It has no DOM dependency, so Node tests can call it directly.
import { parseJson, parseScenario, type ScenarioError } from '../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../src/core/scenario/runner.ts';
import type { Trace, TraceStep } from '../src/core/scenario/types.ts';
import { decodeLink, encodeLink, type DecodeResult } from '../src/core/share/link.ts';
import { compareScenario, releaseProblems, type Difference, type ResolvedSide, type Side } from '../src/core/compare/compare.ts';
import { explore, type ExploreOptions, type ExploreViolation } from '../src/core/explore/index.ts';
import type { RunProbe } from '../src/core/scenario/budget.ts';
import {
  annotate,
  decodeMessage,
  encodeMessage,
  fromHex,
  getSchema,
  MESSAGE_KINDS,
  supportedVersions,
  toHex,
  WireError,
  type Annotation,
  type Edition,
  type MessageKind,
  type MessageSchema,
} from '../src/core/wire/index.ts';
import { inVersions, versionList } from '../src/core/wire/versions.ts';
import { releaseSchema, toReleaseJson } from '../src/core/releases/wire.ts';
import type { KafkaRelease } from '../src/core/releases/index.ts';
import { exportMarkdown, scenarioFromRequestLog, type ImportOptions } from '../src/core/interop/index.ts';
import { INVARIANTS } from '../src/core/invariants/index.ts';
import type { Scenario, Variant } from '../src/core/scenario/types.ts';
import { VARIANTS_FOR_BOTH_EDITIONS } from '../src/core/scenario/validate.ts';
import { TraceStore, type LogPage, type StepSummary } from './trace-store.ts';
import type { UiStep } from './ui-step.ts';
import type { FlowEvent } from '../src/core/scenario/flow.ts';

export type { LogPage, LogLine, StepSummary } from './trace-store.ts';
export type { FlowEvent } from '../src/core/scenario/flow.ts';
export type { UiStep } from './ui-step.ts';

/** A run's trace as the page holds it: one summary per step; full steps come from the worker's store. */
export interface UiTrace extends Omit<Trace, 'steps'> {
  /** The worker's id for this trace (asks for its steps and log name it). */
  id: number;
  steps: StepSummary[];
  /** Member id -> client alias, for members whose id is not their alias (e.g. ids a broker generated). */
  aliases: Record<string, string>;
}

/** Traces up to this size come to the page whole with the run's result (no round trip when stepping). */
export const EAGER_STEPS = 2000;
export const EAGER_CHARS = 8_000_000;

export type RunResult =
  | {
      ok: true;
      trace: UiTrace;
      ms: number;
      clients: string[];
      /** 1-based line where each step starts in the text */
      stepLines: number[];
      /** Every full step when the trace is small, else null (ask stepDetails). */
      details: UiStep[] | null;
    }
  | { ok: false; errors: ScenarioError[]; crash?: undefined }
  | { ok: false; errors: ScenarioError[]; crash: string };

export type Progress = (done: number, total: number) => void;

export type Failure = { ok: false; errors: ScenarioError[]; message: string };

export interface CompareSideView {
  side: ResolvedSide;
  steps: TraceStep[];
}

export type CompareResult =
  | {
      ok: true;
      left: CompareSideView;
      right: CompareSideView;
      firstDivergence: number | null;
      differences: Difference[][];
      /** The run budget's message when its wall time, heap, steps or timers stopped a run: the steps shown are those run. */
      stopped: string | null;
    }
  | Failure;

export interface ExploreRequest {
  bfs: boolean;
  depth: number;
  walks: number;
  seed: number;
  maxStates: number;
  /** null: from the end of the scenario */
  fromStep: number | null;
}

export interface ExploreProgressReport {
  states: number;
  frontier: number;
  elapsedMs: number;
  transitions: number;
  /** Share of the search's bound covered, 0 to 1 (ExploreProgress.done). */
  done: number;
  /** Invariants violated so far. */
  violations: number;
}

export interface UiExploreViolation {
  invariant: string;
  description: string;
  message: string;
  depth: number;
  reproduced: boolean;
  /** The minimal scenario as JSON text (for the editor). */
  scenarioText: string;
  /** Share-link fragment (#sgp=…). */
  link: string;
}

export type ExploreRun =
  | {
      ok: true;
      states: number;
      transitions: number;
      statesPerSecond: number;
      truncated: boolean;
      /** The run budget's message when its wall time or heap limit stopped the search, else null. */
      stopped: string | null;
      elapsedMs: number;
      fromStep: number;
      violations: UiExploreViolation[];
    }
  | Failure;

export interface WireSide {
  kind: MessageKind;
  hex: string;
  annotations: Annotation[];
}

export type WireEncoding = { ok: true; value: WireSide } | { ok: false; kind: string; message: string };

export interface StepWire {
  edition: Edition;
  version: number;
  request: WireEncoding | null;
  response: WireEncoding | null;
}

export type HexDecode =
  { ok: true; json: Record<string, unknown>; annotations: Annotation[]; bytes: number } | { ok: false; message: string; offset: number | null; path: string; annotations: Annotation[] };

export interface ImportRun {
  ok: boolean;
  /** The new scenario (mode new) or the current one with the steps appended (mode append). */
  text: string | null;
  steps: number;
  skipped: { line: number; reason: string }[];
  warnings: { line: number; message: string }[];
  message: string;
}

export type ReportRun = { ok: true; markdown: string; variants: string[] } | Failure;

/**
 * The run budget's probe for one job (a run, a comparison, a report, an exploration): wall time from now, and the heap
 * in use where the host tells it (performance.memory: Chromium only).
 */
export function jobProbe(now: () => number = () => performance.now()): RunProbe {
  const t0 = now();
  const heap = (performance as { memory?: { usedJSHeapSize: number } }).memory;
  return { elapsedMs: () => now() - t0, heapBytes: () => heap?.usedJSHeapSize ?? null };
}

function failure(errors: ScenarioError[]): Failure {
  const e = errors[0];
  return { ok: false, errors, message: e ? `${e.line}:${e.column} ${e.path}: ${e.message}` : 'the scenario is not valid' };
}

/** The schema the Hex view uses: the scenario's Kafka release's (src/core/releases/wire.ts), else the edition's. */
function hexSchema(kind: MessageKind, edition: Edition, kafka: KafkaRelease | null): MessageSchema {
  return kafka !== null ? releaseSchema(kind, kafka) : getSchema(kind, edition);
}

/** A version the release's jar does not have is refused with the release named (the codec's own error names only the edition). */
function throwIfNotInRelease(schema: MessageSchema, version: number, kafka: KafkaRelease | null): void {
  if (kafka === null || inVersions(schema.validVersions, version)) return;
  const has = versionList(schema.validVersions);
  throw new WireError(`${schema.name} v${version} is not in Kafka ${kafka}, which has ${has.length === 1 ? `v${has[0]}` : `v${has[0]}–v${has.at(-1)}`}`, 0, '');
}

function decodeJson(schema: MessageSchema, version: number, bytes: Uint8Array): Record<string, unknown> {
  return decodeMessage(schema, version, bytes).json;
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Kafka's request/response JSON for the wire codec: drop the keys the codec does not know (the trace's own extras). */
function wireEncode(kind: MessageKind, version: number, edition: Edition, json: unknown, kafka: KafkaRelease | null): WireEncoding {
  try {
    if (!json || typeof json !== 'object') throw new Error('no message body in the trace');
    const schema = hexSchema(kind, edition, kafka);
    throwIfNotInRelease(schema, version, kafka);
    // a trace keeps 4.4's field names; the release's schema has its own (src/core/releases/wire.ts)
    const body = (kafka !== null ? toReleaseJson(kind, kafka, json) : json) as Record<string, unknown>;
    const bytes = encodeMessage(schema, version, body, { ignorable: 'drop' });
    return { ok: true, value: { kind, hex: toHex(bytes), annotations: annotate(schema, version, bytes) } };
  } catch (e) {
    return { ok: false, kind, message: errText(e) };
  }
}

/** The line each step of the document starts at (from the core's position-keeping JSON parser). */
export function stepLines(text: string): number[] {
  const r = parseJson(text);
  if (!r.ok || r.root.kind !== 'object') return [];
  const steps = r.root.entries.find((e) => e.key === 'steps')?.value;
  return steps?.kind === 'array' ? steps.items.map((i) => i.pos.line) : [];
}

export class WorkerApi {
  private runId = 0;
  /** The latest complete run (the page's views read it step by step). */
  private store: TraceStore | null = null;

  ping(): string {
    return 'pong';
  }

  parse(text: string): { ok: true } | { ok: false; errors: ScenarioError[] } {
    const r = parseScenario(text);
    return r.ok ? { ok: true } : { ok: false, errors: r.errors };
  }

  /** Parses and runs a scenario, reporting progress after each step (at most every ~50 ms). */
  async run(text: string, onProgress?: Progress): Promise<RunResult> {
    const id = ++this.runId;
    const t0 = performance.now();
    const parsed = parseScenario(text);
    if (!parsed.ok) return { ok: false, errors: parsed.errors };
    const scenario = parsed.scenario;
    let runner: ScenarioRunner;
    try {
      // the run budget's wall time and heap are measured here (performance.memory: Chromium only)
      const heap = (performance as { memory?: { usedJSHeapSize: number } }).memory;
      runner = new ScenarioRunner(scenario, { probe: { elapsedMs: () => performance.now() - t0, heapBytes: () => heap?.usedJSHeapSize ?? null } });
    } catch (e) {
      return { ok: false, errors: [], crash: String(e instanceof Error ? e.message : e) };
    }
    const store = new TraceStore(id);
    if (runner.initial) store.setInitial(runner.initial);
    let eager: UiStep[] | null = [];
    let chars = 0;
    let lastReport = 0;
    const total = scenario.steps.length;
    for (let i = 0; i < total; i++) {
      if (id !== this.runId) return { ok: false, errors: [], crash: 'superseded by a newer run' };
      const before = runner.broker.coordinator.log.endOffset;
      let ts: TraceStep;
      try {
        ts = runner.runStep(scenario.steps[i]!, i);
      } catch (e) {
        return { ok: false, errors: [], crash: `step ${i} threw: ${e instanceof Error ? e.message : String(e)}` };
      }
      const batchStarts: number[] = [];
      for (const b of runner.broker.coordinator.log.batchesFrom(before)) if (b.baseOffset >= before) batchStarts.push(b.baseOffset);
      const step: UiStep = { ...ts, batchStarts };
      chars += store.add(step);
      if (eager && (i >= EAGER_STEPS || chars > EAGER_CHARS)) eager = null;
      eager?.push(step);
      if (runner.budget.stopped) break;
      const now = performance.now();
      if (onProgress && (now - lastReport > 50 || i === total - 1)) {
        lastReport = now;
        await onProgress(i + 1, total);
      }
    }
    this.store = store;
    const trace: UiTrace = {
      id,
      title: scenario.title ?? '',
      protocol: scenario.protocol,
      variant: scenario.variant,
      steps: store.summaries,
      aliases: store.aliases,
      topics: Object.fromEntries([...runner.broker.topics].sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    if (scenario.kafka) trace.kafka = scenario.kafka;
    if (runner.initial) trace.initial = runner.initial;
    if (runner.budget.stopped) trace.stopped = runner.budget.stopped;
    return { ok: true, trace, ms: performance.now() - t0, clients: Object.keys(scenario.clients).sort(), stepLines: stepLines(text), details: eager };
  }

  private storeFor(traceId: number): TraceStore | null {
    return this.store && this.store.id === traceId ? this.store : null;
  }

  /** Full steps [from, to) of a trace, or null when the worker no longer holds it. */
  stepDetails(traceId: number, from: number, to: number): UiStep[] | null {
    return this.storeFor(traceId)?.steps(from, to) ?? null;
  }

  /** The member's heartbeat before step `index`, or null (undefined: the trace is gone). */
  previousHeartbeat(traceId: number, index: number, member: string): { step: number; request: unknown } | null | undefined {
    const store = this.storeFor(traceId);
    return store ? store.previousHeartbeat(index, member) : undefined;
  }

  /** A window of the log as it stood after step `upTo`. */
  logPage(traceId: number, upTo: number, type: string, compacted: boolean, from: number, count: number): LogPage | null {
    return this.storeFor(traceId)?.logPage(upTo, type, compacted, from, count) ?? null;
  }

  /** The message flow (sequence-diagram events) of steps [from, to), or null when the trace is gone. */
  flow(traceId: number, from: number, to: number): FlowEvent[] | null {
    return this.storeFor(traceId)?.flow(from, to) ?? null;
  }

  logValue(traceId: number, offset: number): unknown {
    return this.storeFor(traceId)?.logValue(offset) ?? null;
  }

  /** Runs the scenario under two variants or protocol editions and reports where they diverge. */
  compare(text: string, left: Side, right: Side, probe?: RunProbe): CompareResult {
    const parsed = parseScenario(text);
    if (!parsed.ok) return failure(parsed.errors);
    // each side's release must accept the document: what a release lacks is refused with the release named
    const refused = releaseProblems(text, parsed.scenario, [left, right]);
    if (refused) {
      const f = failure(refused.errors);
      return { ...f, message: `Kafka ${refused.release} does not accept this scenario: ${f.message}` };
    }
    try {
      // both runs together honour the scenario's wall-time and heap budgets, as a run does
      const c = compareScenario(parsed.scenario, left, right, { probe: probe ?? jobProbe() });
      return {
        ok: true,
        left: { side: c.left.side, steps: c.left.trace.steps },
        right: { side: c.right.side, steps: c.right.trace.steps },
        firstDivergence: c.firstDivergence,
        differences: c.differences,
        stopped: c.stopped?.message ?? null,
      };
    } catch (e) {
      return { ok: false, errors: [], message: `the simulator stopped: ${errText(e)}` };
    }
  }

  /**
   * Explores interleavings from the scenario; progress and each violation are reported as they come (cancel = terminate
   * the worker: the page keeps the violations reported before).
   */
  explore(text: string, req: ExploreRequest, onProgress?: (p: ExploreProgressReport) => void, onViolation?: (v: UiExploreViolation) => void): ExploreRun {
    const parsed = parseScenario(text);
    if (!parsed.ok) return failure(parsed.errors);
    const options: ExploreOptions = { bfs: req.bfs, depth: req.depth, seed: req.seed, maxStates: req.maxStates };
    if (!req.bfs) options.walks = req.walks;
    if (req.fromStep !== null) options.fromStep = req.fromStep;
    try {
      // the run budget's wall time and heap are measured here (performance.memory: Chromium only)
      const t0 = performance.now();
      const heap = (performance as { memory?: { usedJSHeapSize: number } }).memory;
      options.probe = { elapsedMs: () => performance.now() - t0, heapBytes: () => heap?.usedJSHeapSize ?? null };
      if (onViolation) options.onViolation = (v) => void onViolation(uiViolation(v));
      const r = explore(parsed.scenario, options, (p) => void onProgress?.({ ...p }));
      return {
        ok: true,
        states: r.states,
        transitions: r.transitions,
        statesPerSecond: r.statesPerSecond,
        truncated: r.truncated,
        stopped: r.stopped?.message ?? null,
        elapsedMs: r.elapsedMs,
        fromStep: r.fromStep,
        violations: r.violations.map(uiViolation),
      };
    } catch (e) {
      return { ok: false, errors: [], message: `the explorer stopped: ${errText(e)}` };
    }
  }

  /** The message kinds of an edition with their versions (for the paste-hex box); `kafka`: those of that release. */
  wireKinds(edition: Edition, kafka: KafkaRelease | null = null): { kind: MessageKind; versions: number[] }[] {
    const out: { kind: MessageKind; versions: number[] }[] = [];
    for (const kind of MESSAGE_KINDS) {
      try {
        if (getSchema(kind, edition).edition !== edition && kind.startsWith('StreamsGroup')) continue;
        out.push({ kind, versions: kafka !== null ? versionList(releaseSchema(kind, kafka).validVersions) : supportedVersions(kind, edition) });
      } catch {
        /* not in this edition */
      }
    }
    return out;
  }

  /** A step's request and response in Kafka's binary form for its version, with annotations; `kafka`: with that release's schemas. */
  stepWire(api: string, version: number, edition: Edition, request: unknown, response: unknown, kafka: KafkaRelease | null = null): StepWire {
    const req = `${api}Request` as MessageKind;
    const res = `${api}Response` as MessageKind;
    const known = (k: MessageKind) => (MESSAGE_KINDS as readonly string[]).includes(k);
    const missing = (k: string): WireEncoding => ({ ok: false, kind: k, message: `the wire codec has no schema for ${k}` });
    return {
      edition,
      version,
      request: request == null ? null : known(req) ? wireEncode(req, version, edition, request, kafka) : missing(req),
      response: response == null ? null : known(res) ? wireEncode(res, version, edition, response, kafka) : missing(res),
    };
  }

  /** Decodes pasted hex as one message of the given kind and version (`kafka`: with that release's schema). */
  decodeHex(kind: MessageKind, version: number, edition: Edition, hex: string, kafka: KafkaRelease | null = null): HexDecode {
    let bytes: Uint8Array;
    try {
      bytes = fromHex(hex);
    } catch (e) {
      return { ok: false, message: errText(e), offset: null, path: '', annotations: [] };
    }
    if (bytes.length === 0) return { ok: false, message: 'no bytes: paste the message as hex (spaces, commas and 0x are ignored)', offset: null, path: '', annotations: [] };
    try {
      const schema = hexSchema(kind, edition, kafka);
      throwIfNotInRelease(schema, version, kafka);
      const annotations = annotate(schema, version, bytes);
      // annotate decoded it; decode again for the JSON form (same bytes, same result)
      const json = decodeJson(schema, version, bytes);
      return { ok: true, json, annotations, bytes: bytes.length };
    } catch (e) {
      const ann = (e as { annotations?: Annotation[] }).annotations ?? [];
      if (e instanceof WireError) return { ok: false, message: e.message, offset: e.offset, path: e.path, annotations: ann };
      return { ok: false, message: errText(e), offset: null, path: '', annotations: ann };
    }
  }

  /** Broker request-logger lines → a new scenario, or steps appended to `current`. */
  /** `config`: the run's broker and group configs for a new scenario (as `sgp import --base` gives them). */
  importLog(log: string, current: string | null, options: ImportOptions = {}, config: Scenario['config'] | null = null): ImportRun {
    let base: Partial<Scenario> = config ? { config } : {};
    let currentDoc: Record<string, unknown> | null = null;
    if (current !== null) {
      const parsed = parseScenario(current);
      if (!parsed.ok)
        return { ok: false, text: null, steps: 0, skipped: [], warnings: [], message: `the current scenario is not valid (${failure(parsed.errors).message}); fix it or import as a new scenario` };
      const { steps: _steps, ...rest } = parsed.scenario;
      base = rest;
      try {
        currentDoc = JSON.parse(current) as Record<string, unknown>;
      } catch {
        currentDoc = null;
      }
    }
    const { scenario, result } = scenarioFromRequestLog(log, base, options);
    const sends = result.sourceLines.filter((l) => l !== null).length;
    const common = { skipped: result.skipped, warnings: result.warnings };
    if (sends === 0)
      return { ok: false, text: null, steps: 0, ...common, message: `no streams group request to import (${result.skipped.length} line${result.skipped.length === 1 ? '' : 's'} skipped)` };
    let text: string;
    if (currentDoc) {
      const steps = Array.isArray(currentDoc.steps) ? currentDoc.steps : [];
      text = JSON.stringify({ ...currentDoc, steps: [...steps, ...result.steps] }, null, 2) + '\n';
    } else text = JSON.stringify(scenario, null, 2) + '\n';
    const check = parseScenario(text);
    if (!check.ok) return { ok: false, text: null, steps: 0, ...common, message: `the imported scenario is not valid: ${failure(check.errors).message}` };
    return { ok: true, text, steps: result.steps.length, ...common, message: `imported ${sends} request${sends === 1 ? '' : 's'} of group ${scenario.groupId}` };
  }

  /** Runs the scenario under each variant (default: its own and its checkVariants) and renders the KIP report. */
  report(text: string, variants: Variant[] | null, probe?: RunProbe): ReportRun {
    const parsed = parseScenario(text);
    if (!parsed.ok) return failure(parsed.errors);
    const scenario = parsed.scenario;
    const list: Variant[] = variants && variants.length > 0 ? variants : [...new Set([scenario.variant, ...(scenario.checkVariants ?? [])])];
    if (scenario.protocol !== 'ak4') {
      const bad = list.find((v) => !VARIANTS_FOR_BOTH_EDITIONS.includes(v));
      if (bad) return { ok: false, errors: [], message: `variant "${bad}" is a proposal against protocol ak4; this scenario uses ${scenario.protocol}` };
    }
    try {
      // the runs of every variant together honour the scenario's wall-time and heap budgets; a report of runs the
      // budget cut short would read as the protocol's behaviour, so none is rendered
      const budget = probe ?? jobProbe();
      const traces: { variant: Variant; trace: Trace }[] = [];
      let kept = 0;
      for (const variant of list) {
        // the traces of the variants run before stay kept: they count toward the retained-memory budget
        const runner = new ScenarioRunner({ ...scenario, variant }, { probe: budget, kept });
        const trace = runner.run();
        kept = runner.budget.retainedBytes;
        if (trace.stopped) return { ok: false, errors: [], message: `No report: the run under variant ${variant} stopped after step ${trace.steps.length - 1}. ${trace.stopped.message}` };
        traces.push({ variant, trace });
      }
      return { ok: true, markdown: exportMarkdown(scenario, traces), variants: list };
    } catch (e) {
      return { ok: false, errors: [], message: `the simulator stopped: ${errText(e)}` };
    }
  }

  encodeLink(text: string, step: number | null): string {
    return encodeLink(text, step);
  }

  decodeLink(fragment: string): DecodeResult {
    return decodeLink(fragment);
  }
}

/** A violation the explorer found, as the Explore panel shows it. */
function uiViolation(v: ExploreViolation): UiExploreViolation {
  return {
    invariant: v.invariant,
    description: INVARIANTS[v.invariant]?.description ?? '',
    message: v.message,
    depth: v.depth,
    reproduced: v.reproduced,
    scenarioText: JSON.stringify(v.scenario, null, 2) + '\n',
    link: v.link,
  };
}
