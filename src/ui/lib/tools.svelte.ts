// State of the analysis panels (compare, explore, KIP report): their jobs run on a second worker, so a
// long exploration never holds up the scenario's own runs, and Cancel replaces only that worker.
// Imported only by the lazily loaded panels.
import * as Comlink from 'comlink';
import type { Side } from '../../core/compare/compare.ts';
import type { Edition } from '../../core/protocol/errors.ts';
import type { Variant } from '../../core/scenario/types.ts';
import type { CompareResult, ExploreProgressReport, ExploreRequest, ExploreRun, ReportRun } from '../../../workers/api.ts';
import { app } from './app.svelte.ts';
import { WorkerClient, type JobOutcome } from './worker-client.ts';

/** `variant:<name>` or `protocol:<edition>`. */
export type SideChoice = string;

export function sideOf(c: SideChoice): Side {
  const [k, v] = c.split(':') as [string, string];
  return k === 'protocol' ? { protocol: v as Edition } : { variant: v as Variant };
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
    this.exploreProgress = { states: 0, frontier: 0, elapsedMs: 0, perSecond: 0 };
    const onProgress = (p: ExploreProgressReport) => {
      if (this.exploring) this.exploreProgress = { ...p, perSecond: p.elapsedMs > 0 ? (p.states * 1000) / p.elapsedMs : 0 };
    };
    const o = await this.worker.job<ExploreRun>((api) => api.explore(text, req, Comlink.proxy(onProgress)));
    this.exploring = false;
    if (o.done) this.explore = o.value;
    else this.exploreNote = 'cancelled' in o ? 'Exploration cancelled.' : `Exploration failed: ${describeOutcome(o)}`;
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
