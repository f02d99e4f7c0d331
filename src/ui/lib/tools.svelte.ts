// State of the analysis panels (compare, explore, KIP report): their jobs run on a second worker, so a
// long exploration never holds up the scenario's own runs, and Cancel replaces only that worker.
// Imported only by the lazily loaded panels.
import * as Comlink from 'comlink';
import type { Side } from '../../core/compare/compare.ts';
import type { Edition } from '../../core/protocol/errors.ts';
import type { Variant } from '../../core/scenario/types.ts';
import type { KafkaRelease } from '../../core/releases/index.ts';
import type { CompareResult, ExploreProgressReport, ExploreRequest, ExploreRun, ReportRun, UiExploreViolation } from '../../../workers/api.ts';
import { app } from './app.svelte.ts';
import { WorkerClient, type JobOutcome } from './worker-client.ts';

/** `variant:<name>`, `protocol:<edition>` or `kafka:<release>`. */
export type SideChoice = string;

export function sideOf(c: SideChoice): Side {
  const [k, v] = c.split(':') as [string, string];
  return k === 'protocol' ? { protocol: v as Edition } : k === 'kafka' ? { kafka: v as KafkaRelease } : { variant: v as Variant };
}

export function describeOutcome<T>(o: JobOutcome<T>): string {
  if (o.done) return '';
  if ('cancelled' in o) return 'cancelled';
  if ('died' in o) return 'the analysis worker stopped';
  return o.error;
}

export class ToolsState {
  private client: WorkerClient | null = null;

  compareLeft = $state<SideChoice>('variant:current');
  compareRight = $state<SideChoice>('variant:A-persist-partial');
  comparing = $state(false);
  compare = $state.raw<CompareResult | null>(null);
  compareText = $state<string | null>(null);
  compareRow = $state<number | null>(null);

  exploreOpts = $state<ExploreRequest>({ bfs: false, depth: 40, walks: 200, seed: 1, maxStates: 200000, fromStep: null });
  exploring = $state(false);
  exploreProgress = $state<(ExploreProgressReport & { perSecond: number }) | null>(null);
  explore = $state.raw<ExploreRun | null>(null);
  exploreNote = $state<string | null>(null);
  /** The shown result is what a cancelled exploration had found (its counts are those of the last progress report). */
  exploreCancelled = $state(false);

  reporting = $state(false);

  get worker(): WorkerClient {
    if (!this.client) {
      this.client = new WorkerClient({
        onDeath: (reason) => {
          this.comparing = this.exploring = this.reporting = false;
          app.banner('warn', `The analysis worker stopped (${reason}) and was restarted.`, [], 'tools-worker-restarted');
        },
      });
    }
    return this.client;
  }

  async runCompare(): Promise<void> {
    const text = app.text;
    this.comparing = true;
    const o = await this.worker.job<CompareResult>((api) => api.compare(text, sideOf(this.compareLeft), sideOf(this.compareRight)));
    this.comparing = false;
    if (o.done) {
      this.compare = o.value;
      this.compareText = text;
      this.compareRow = o.value.ok ? o.value.firstDivergence : null;
      // the main timeline follows to the first divergence (unless the scenario was edited meanwhile)
      if (o.value.ok && o.value.firstDivergence !== null && app.text === text) void app.select(o.value.firstDivergence);
    } else if (!('cancelled' in o)) this.compare = { ok: false, errors: [], message: describeOutcome(o) };
  }

  async runExplore(): Promise<void> {
    const text = app.text;
    const req = $state.snapshot(this.exploreOpts);
    this.exploring = true;
    this.exploreNote = null;
    this.explore = null;
    this.exploreCancelled = false;
    this.exploreProgress = { states: 0, frontier: 0, elapsedMs: 0, transitions: 0, done: 0, violations: 0, perSecond: 0 };
    // violations come as the search finds them (a shorter one replaces the one before): a cancelled search keeps them
    const found = new Map<string, UiExploreViolation>();
    let last: ExploreProgressReport = this.exploreProgress;
    const onProgress = (p: ExploreProgressReport) => {
      last = p;
      if (this.exploring) this.exploreProgress = { ...p, perSecond: p.elapsedMs > 0 ? (p.states * 1000) / p.elapsedMs : 0 };
    };
    const onViolation = (v: UiExploreViolation) => void found.set(v.invariant, v);
    const o = await this.worker.job<ExploreRun>((api) => api.explore(text, req, Comlink.proxy(onProgress), Comlink.proxy(onViolation)));
    this.exploring = false;
    if (o.done) this.explore = o.value;
    else if ('cancelled' in o) {
      const violations = [...found.values()].sort((a, b) => (a.invariant < b.invariant ? -1 : 1));
      const s = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
      this.exploreNote = `Exploration cancelled after ${(last.elapsedMs / 1000).toFixed(1)} s: ${s(last.states, 'distinct state')}, ${s(last.transitions, 'transition')} and ${s(violations.length, 'invariant')} violated so far${violations.length ? ' (below)' : ''}.`;
      this.explore = {
        ok: true,
        states: last.states,
        transitions: last.transitions,
        statesPerSecond: last.elapsedMs > 0 ? Math.round((last.transitions * 1000) / last.elapsedMs) : 0,
        truncated: true,
        stopped: null,
        elapsedMs: last.elapsedMs,
        fromStep: req.fromStep ?? app.steps.length,
        violations,
      };
      this.exploreCancelled = true;
    } else this.exploreNote = `Exploration failed: ${describeOutcome(o)}`;
  }

  cancel(): void {
    this.client?.cancel();
    this.comparing = this.exploring = this.reporting = false;
  }

  async report(variants: Variant[] | null): Promise<JobOutcome<ReportRun>> {
    const text = app.text;
    this.reporting = true;
    const o = await this.worker.job<ReportRun>((api) => api.report(text, variants));
    this.reporting = false;
    return o;
  }
}

export const tools = new ToolsState();

/** Saves text as a file through a temporary link. */
export function downloadText(text: string, name: string, type: string): void {
  const blob = new Blob([text], { type });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function slug(s: string, fallback: string): string {
  const t = s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return t || fallback;
}
