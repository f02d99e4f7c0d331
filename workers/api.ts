// The worker-side API: parses and runs scenarios with the pure core, and encodes/decodes share links.
// It has no DOM dependency, so Node tests can call it directly.
import { parseJson, parseScenario, type ScenarioError } from '../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../src/core/scenario/runner.ts';
import type { Trace, TraceStep } from '../src/core/scenario/types.ts';
import { decodeLink, encodeLink, type DecodeResult } from '../src/core/share/link.ts';

/** A trace step plus the base offsets of the log batches it appended. */
export interface UiStep extends TraceStep {
  batchStarts: number[];
}

export interface UiTrace extends Omit<Trace, 'steps'> {
  steps: UiStep[];
}

export type RunResult =
  | { ok: true; trace: UiTrace; ms: number; clients: string[]; /** 1-based line where each step starts in the text */ stepLines: number[] }
  | { ok: false; errors: ScenarioError[]; crash?: undefined }
  | { ok: false; errors: ScenarioError[]; crash: string };

export type Progress = (done: number, total: number) => void;

/** The line each step of the document starts at (from the core's position-keeping JSON parser). */
export function stepLines(text: string): number[] {
  const r = parseJson(text);
  if (!r.ok || r.root.kind !== 'object') return [];
  const steps = r.root.entries.find((e) => e.key === 'steps')?.value;
  return steps?.kind === 'array' ? steps.items.map((i) => i.pos.line) : [];
}

export class WorkerApi {
  private runId = 0;

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
    const steps: UiStep[] = [];
    let runner: ScenarioRunner;
    try {
      runner = new ScenarioRunner(scenario);
    } catch (e) {
      return { ok: false, errors: [], crash: String(e instanceof Error ? e.message : e) };
    }
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
      for (const b of runner.broker.coordinator.log.allBatches()) if (b.baseOffset >= before) batchStarts.push(b.baseOffset);
      steps.push({ ...ts, batchStarts });
      const now = performance.now();
      if (onProgress && (now - lastReport > 50 || i === total - 1)) {
        lastReport = now;
        await onProgress(i + 1, total);
      }
    }
    const trace: UiTrace = {
      title: scenario.title ?? '',
      protocol: scenario.protocol,
      variant: scenario.variant,
      steps,
      topics: Object.fromEntries([...runner.broker.topics].sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    return { ok: true, trace, ms: performance.now() - t0, clients: Object.keys(scenario.clients).sort(), stepLines: stepLines(text) };
  }

  encodeLink(text: string, step: number | null): string {
    return encodeLink(text, step);
  }

  decodeLink(fragment: string): DecodeResult {
    return decodeLink(fragment);
  }
}
