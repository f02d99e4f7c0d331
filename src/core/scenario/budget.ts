// The run budget: how much one scenario run may do before it stops with a message naming the limit.
// Steps and fired timers are counted here; wall time and heap are read through a probe the caller injects
// (the core has no clock and no process), so without a probe only the counts apply.
import type { Config } from '../config.ts';

/** What the caller (CLI, worker) can measure: time since the run started and the heap in use. */
export interface RunProbe {
  elapsedMs(): number;
  /** Bytes of heap in use, or null where the host cannot tell. */
  heapBytes(): number | null;
}

/** Budget configs (simulator settings, not Kafka's), their defaults in CONFIG_DEFS. */
export const BUDGET_CONFIGS = {
  steps: 'playground.run.max.steps',
  timers: 'playground.run.max.fired.timers',
  wallMs: 'playground.run.max.ms',
  heapMb: 'playground.run.max.heap.mb',
} as const;

export interface BudgetStop {
  /** The config whose limit was reached. */
  limit: string;
  message: string;
}

/** The probe is read only every this many counted operations (reading the heap is not free). */
const PROBE_EVERY = 256;

export class RunBudget {
  private steps = 0;
  private timers = 0;
  private sinceProbe = 0;
  stopped: BudgetStop | null = null;
  private readonly maxSteps: number;
  private readonly maxTimers: number;
  private readonly maxWallMs: number;
  private readonly maxHeapMb: number;

  constructor(
    config: Config,
    private readonly probe: RunProbe | null = null,
  ) {
    this.maxSteps = config.int(BUDGET_CONFIGS.steps);
    this.maxTimers = config.int(BUDGET_CONFIGS.timers);
    this.maxWallMs = config.int(BUDGET_CONFIGS.wallMs);
    this.maxHeapMb = config.int(BUDGET_CONFIGS.heapMb);
  }

  /** Counts `n` operations (scenario steps, requests a run step sends); false once the budget is spent. */
  countSteps(n = 1): boolean {
    this.steps += n;
    if (this.stopped === null && this.steps > this.maxSteps) this.stop(BUDGET_CONFIGS.steps, `${this.maxSteps.toLocaleString('en')} steps (scenario steps plus the requests run steps send)`);
    return this.poll(n);
  }

  /** Counts fired timers (a fast-forwarded run of idle checks is one); false once the budget is spent. */
  countTimers(n: number): boolean {
    this.timers += n;
    if (this.stopped === null && this.timers > this.maxTimers) this.stop(BUDGET_CONFIGS.timers, `${this.maxTimers.toLocaleString('en')} fired timers`);
    return this.poll(n);
  }

  private poll(n: number): boolean {
    this.sinceProbe += n;
    if (this.stopped === null && this.probe && this.sinceProbe >= PROBE_EVERY) this.readProbe();
    return this.stopped === null;
  }

  /** Reads the probe now (after each scenario step); false once the budget is spent. */
  checkNow(): boolean {
    if (this.stopped === null && this.probe) this.readProbe();
    return this.stopped === null;
  }

  private readProbe(): void {
    this.sinceProbe = 0;
    const ms = this.probe!.elapsedMs();
    if (ms > this.maxWallMs) return this.stop(BUDGET_CONFIGS.wallMs, `${this.maxWallMs.toLocaleString('en')} ms of wall time`);
    const heap = this.probe!.heapBytes();
    if (heap !== null && heap > this.maxHeapMb * 1024 * 1024) this.stop(BUDGET_CONFIGS.heapMb, `${this.maxHeapMb.toLocaleString('en')} MB of heap`);
  }

  private stop(limit: string, what: string): void {
    this.stopped = { limit, message: `The run stopped: it used more than ${what}, the limit "${limit}". Raise it in the scenario's config to run further.` };
  }
}
