// The page's only way to the core: a comlink proxy over the coordinator worker.
// Cancel = terminate and restart the worker. A dead worker (error event, or no answer to an idle
// ping) is reported and replaced; the caller re-runs its scenario, which lives on the page, unless the
// worker died running it (then a re-run would only kill it again). A run that reports no progress for
// RUN_STALL_MS counts as a dead worker too.
import * as Comlink from 'comlink';
import type { RunResult, WorkerApi } from '../../../workers/api.ts';

/** The result of a long job in the worker, or how it ended without one. */
export type JobOutcome<T> = { done: true; value: T } | { done: false; cancelled: true } | { done: false; died: true } | { done: false; error: string };
import type { DecodeResult } from '../../core/share/link.ts';

export type RunOutcome = RunResult | { ok: false; cancelled: true } | { ok: false; died: true };

export interface WorkerClientEvents {
  /** The worker died unexpectedly (not by cancel) and was restarted; `duringRun`: it was running a scenario. */
  onDeath(reason: string, duringRun: boolean): void;
}

const PING_EVERY_MS = 1500;
const PING_TIMEOUT_MS = 2500;
const FIRST_PING_TIMEOUT_MS = 15000;
/** A running scenario reports progress between steps; this long without any, the worker is stuck (above the default wall-time budget of 60 s). */
const RUN_STALL_MS = 90000;

export class WorkerClient {
  private worker!: Worker;
  private api!: Comlink.Remote<WorkerApi>;
  private pending: ((o: RunOutcome) => void) | null = null;
  private pendingJob: ((o: JobOutcome<never>) => void) | null = null;
  private running = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private pinging = false;
  private answered = false;
  /** When the running scenario last reported progress (performance.now()). */
  private lastProgressAt = 0;
  restarts = 0;

  constructor(private readonly events: WorkerClientEvents) {
    this.start();
    this.timer = setInterval(() => void this.watchdog(), PING_EVERY_MS);
  }

  private start(): void {
    this.answered = false;
    this.worker = new Worker(new URL('../../../workers/coordinator.worker.ts', import.meta.url), { type: 'module', name: 'coordinator' });
    this.worker.addEventListener('error', (e) => {
      e.preventDefault();
      this.died(`the worker failed: ${e.message || 'unknown error'}`);
    });
    this.worker.addEventListener('messageerror', () => this.died('the worker sent a message that could not be read'));
    this.api = Comlink.wrap<WorkerApi>(this.worker);
  }

  private restart(): void {
    this.api[Comlink.releaseProxy]();
    this.worker.terminate();
    this.restarts++;
    this.start();
  }

  private died(reason: string): void {
    const duringRun = this.pending !== null;
    this.abandon('died');
    this.events.onDeath(reason, duringRun);
  }

  /** Replaces the worker and settles whatever run or job was waiting on it. */
  private abandon(why: 'died' | 'cancelled'): void {
    const p = this.pending;
    const j = this.pendingJob;
    this.pending = null;
    this.pendingJob = null;
    this.running = false;
    this.restart();
    if (why === 'died') {
      p?.({ ok: false, died: true });
      j?.({ done: false, died: true });
    } else {
      p?.({ ok: false, cancelled: true });
      j?.({ done: false, cancelled: true });
    }
  }

  private async watchdog(): Promise<void> {
    if (this.pending && performance.now() - this.lastProgressAt > RUN_STALL_MS) {
      this.died(`the scenario reported no progress for ${RUN_STALL_MS / 1000} s`);
      return;
    }
    if (this.running || this.pinging) return;
    this.pinging = true;
    const w = this.worker;
    // a worker that has not answered yet may still be loading its module (slow under load): give it longer
    const answer = await Promise.race([
      this.api.ping().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((r) => setTimeout(() => r(false), this.answered ? PING_TIMEOUT_MS : FIRST_PING_TIMEOUT_MS)),
    ]);
    if (answer && w === this.worker) this.answered = true;
    this.pinging = false;
    if (!answer && w === this.worker && !this.running) this.died('the worker stopped answering');
  }

  get busy(): boolean {
    return this.running;
  }

  /** Runs a scenario; resolves with cancelled/died instead of hanging when the worker goes away. */
  run(text: string, onProgress: (done: number, total: number) => void): Promise<RunOutcome> {
    if (this.pending) this.cancel();
    this.running = true;
    this.lastProgressAt = performance.now();
    const progress = (done: number, total: number) => {
      this.lastProgressAt = performance.now();
      onProgress(done, total);
    };
    return new Promise<RunOutcome>((resolve) => {
      let open = true;
      // cancel() and died() clear pending before calling it; a late answer from a replaced worker is ignored
      const settle = (o: RunOutcome) => {
        if (!open) return;
        if (!('cancelled' in o) && !('died' in o)) {
          if (this.pending !== settle) return;
          this.pending = null;
          this.running = false;
          this.answered = true;
        }
        open = false;
        resolve(o);
      };
      this.pending = settle;
      this.api.run(text, Comlink.proxy(progress)).then(
        (r) => settle(r),
        (e: unknown) => settle({ ok: false, errors: [], crash: String(e) }),
      );
    });
  }

  /** Stops a running scenario (or job) at once by replacing the worker. */
  cancel(): void {
    this.abandon('cancelled');
  }

  /**
   * A long job (compare, explore, report) on this worker; a newer job or cancel() replaces the worker,
   * and the job then resolves as cancelled (or died) instead of hanging.
   */
  job<T>(fn: (api: Comlink.Remote<WorkerApi>) => Promise<T>): Promise<JobOutcome<T>> {
    if (this.pending || this.pendingJob) this.cancel();
    this.running = true;
    return new Promise<JobOutcome<T>>((resolve) => {
      let open = true;
      // cancel() and died() clear pendingJob before calling it; a late answer from a replaced worker is ignored
      const settle = (o: JobOutcome<T>) => {
        if (!open) return;
        if (o.done || 'error' in o) {
          if (this.pendingJob !== settle) return;
          this.pendingJob = null;
          this.running = false;
          this.answered = true;
        }
        open = false;
        resolve(o);
      };
      this.pendingJob = settle as (o: JobOutcome<never>) => void;
      fn(this.api).then(
        (value) => settle({ done: true, value }),
        (e: unknown) => settle({ done: false, error: String(e) }),
      );
    });
  }

  /** A quick call (no cancel): the raw proxy. */
  get remote(): Comlink.Remote<WorkerApi> {
    return this.api;
  }

  async encodeLink(text: string, step: number | null): Promise<string> {
    return this.api.encodeLink(text, step);
  }

  async decodeLink(fragment: string): Promise<DecodeResult> {
    return this.api.decodeLink(fragment);
  }

  /** Test hook: kill the worker without telling anyone, as a crash would. */
  kill(): void {
    this.worker.terminate();
  }

  /** The worker reports an uncaught error, as one that runs out of memory does (the end-to-end tests' way to kill it). */
  fail(message: string): void {
    this.worker.dispatchEvent(new ErrorEvent('error', { message }));
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.worker.terminate();
  }
}
