// The run budget: how much one scenario run may do before it stops with a message naming the limit.
// Steps, fired timers and the heap the run keeps (a deterministic estimate: src/core/util/approxBytes.ts) are counted
// here; wall time and the host's real heap are read through a probe the caller injects (the core has no clock and no
// process), so without a probe only the counts apply. The estimate makes a run stop at the same step on every host.
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
  retainedMb: 'playground.run.max.retained.mb',
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
  /** Estimated bytes the run keeps now (its trace, log, members; the explorer's retained states). */
  private retained = 0;
  private sinceProbe = 0;
  stopped: BudgetStop | null = null;
  private readonly maxSteps: number;
  private readonly maxTimers: number;
  private readonly maxWallMs: number;
  private readonly maxHeapMb: number;
  private readonly maxRetainedMb: number;

  /** `kept`: estimated bytes the job already keeps when this run starts (the traces of its earlier runs). */
  constructor(
    config: Config,
    private readonly probe: RunProbe | null = null,
    kept = 0,
  ) {
    this.retained = kept;
    this.maxSteps = config.int(BUDGET_CONFIGS.steps);
    this.maxTimers = config.int(BUDGET_CONFIGS.timers);
    this.maxWallMs = config.int(BUDGET_CONFIGS.wallMs);
    this.maxHeapMb = config.int(BUDGET_CONFIGS.heapMb);
    this.maxRetainedMb = config.int(BUDGET_CONFIGS.retainedMb);
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

  /**
   * Counts `bytes` more the run keeps (estimated, deterministic); false once the estimate passes
   * playground.run.max.retained.mb, which bounds the run's memory on every host, one that cannot read its heap too.
   */
  retain(bytes: number): boolean {
    this.retained += bytes;
    if (this.stopped === null && this.retained > this.maxRetainedMb * 1024 * 1024) {
      this.stop(BUDGET_CONFIGS.retainedMb, `${this.maxRetainedMb.toLocaleString('en')} MB for what it keeps (its trace, log and explored states, estimated alike on every host)`);
    }
    return this.stopped === null;
  }

  /** The run no longer keeps `bytes` it counted (an explored state whose world was dropped). */
  release(bytes: number): void {
    this.retained -= bytes;
  }

  /** Estimated bytes the run keeps now. */
  get retainedBytes(): number {
    return this.retained;
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
