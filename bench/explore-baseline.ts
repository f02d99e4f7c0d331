// The explorer benchmark side by side with the explorer of an older commit: that commit's src/core and
// bench/explore.ts in a temporary directory (bench/checkout.ts, removed afterwards), each side in a Node process of
// its own (its own heap, JIT and caches: neither side's garbage or memo is the other's cost), taking turns: one run at a
// time, the side that goes first alternating, so a busy machine slows both sides alike and their ratio survives it.
// Each run's rate is generated states (transitions) per second of wall-clock time, and of the process's CPU time
// (less sensitive to other processes taking the cores). Both sides must find the same states, or the output says
// they differ.
// Run alone: `node --import tsx bench/explore-baseline.ts [depth] [rounds] [commit]`.
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkoutCommit, root } from './checkout.ts';
import { loadAverage, median } from './stats.ts';

/** The commit whose explorer is the baseline: before the regression issue 22 found (0.79× at depth 5). */
export const BASELINE_COMMIT = '393e64e';

interface RunResult {
  transitions: number;
  states: number;
  wallRate: number;
  cpuRate: number;
}

/** The child's side: load the explorer of `dir`, then answer each 'run' message with one measured run. */
async function serve(dir: string, depth: number): Promise<void> {
  const ex = (await import(pathToFileURL(join(dir, 'src/core/explore/index.ts')).href)) as typeof import('../src/core/explore/index.ts');
  const be = (await import(pathToFileURL(join(dir, 'bench/explore.ts')).href)) as typeof import('./explore.ts');
  process.on('message', () => {
    // no forced gc() between runs: V8 drops optimized code in a forced full collection (about 400 functions were
    // optimized again in the run after one, traced with --trace-opt), which made each run 1.7-2x slower
    const c0 = process.cpuUsage();
    const r = ex.explore(be.threeMemberScenario(), { bfs: true, depth });
    const c = process.cpuUsage(c0);
    const out: RunResult = { transitions: r.transitions, states: r.states, wallRate: (r.transitions * 1000) / r.elapsedMs, cpuRate: (r.transitions * 1e6) / (c.user + c.system) };
    process.send!(out);
  });
  process.send!('ready');
}

/** A side in a process of its own; `run` asks it for one measured run. */
class Side {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private waiting: ((r: RunResult) => void) | null = null;

  constructor(dir: string, depth: number) {
    this.child = fork(fileURLToPath(import.meta.url), ['--serve', dir, String(depth)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.ready = new Promise((resolve, reject) => {
      this.child.once('exit', (code) => reject(new Error(`the explorer of ${dir} exited (${code})`)));
      this.child.on('message', (m: RunResult | 'ready') => {
        if (m === 'ready') resolve();
        else this.waiting?.(m);
      });
    });
  }

  async run(): Promise<RunResult> {
    await this.ready;
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.child.send('run');
    });
  }

  close(): void {
    this.child.removeAllListeners('exit');
    this.child.kill();
  }
}

async function compare(depth: number, rounds: number, commit: string): Promise<void> {
  let dir: string;
  try {
    dir = checkoutCommit(commit, ['src/core', 'bench/explore.ts']);
  } catch (e) {
    console.log(`  skipped: commit ${commit} is not in this checkout's history (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
    return;
  }
  const old = new Side(dir, depth);
  const now = new Side(root, depth);
  try {
    const loadBefore = loadAverage();
    // warm-up: both sides' JIT and assignor memo settle (as JMH's warm-up iterations; as long as bench/explore.ts's,
    // imported here only: a side's process loads its own commit's explorer alone)
    const { WARMUP_RUNS, WARMUP_TRANSITIONS } = await import('./explore.ts');
    let warmups = 0;
    for (let oldDone = 0, nowDone = 0; warmups < WARMUP_RUNS || Math.min(oldDone, nowDone) < WARMUP_TRANSITIONS; warmups++) {
      oldDone += (await old.run()).transitions;
      nowDone += (await now.run()).transitions;
    }
    const o: RunResult[] = [];
    const n: RunResult[] = [];
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        o.push(await old.run());
        n.push(await now.run());
      } else {
        n.push(await now.run());
        o.push(await old.run());
      }
    }
    const same = o[0]!.transitions === n[0]!.transitions && o[0]!.states === n[0]!.states;
    const fmt = (x: number) => Math.round(x).toLocaleString('en');
    const wall = (xs: RunResult[]) => median(xs.map((x) => x.wallRate));
    const cpu = (xs: RunResult[]) => median(xs.map((x) => x.cpuRate));
    console.log(
      `  BFS depth ${depth}, 3-member Java group: ${n[0]!.states} distinct states, ${n[0]!.transitions} transitions (${commit}: ${o[0]!.states}, ${o[0]!.transitions}${same ? ', the same' : ''})`,
    );
    console.log(`  load average before ${loadBefore}, after ${loadAverage()}; medians of ${rounds} runs each, taking turns, after ${warmups} warm-up runs each`);
    console.log(`  this code      ${fmt(wall(n)).padStart(7)} generated states/s (wall), ${fmt(cpu(n)).padStart(7)} per CPU second`);
    console.log(`  ${commit.padEnd(14)} ${fmt(wall(o)).padStart(7)} generated states/s (wall), ${fmt(cpu(o)).padStart(7)} per CPU second`);
    console.log(`  this code / ${commit}: ${(wall(n) / wall(o)).toFixed(2)}x (wall), ${(cpu(n) / cpu(o)).toFixed(2)}x (CPU)`);
  } finally {
    old.close();
    now.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === '--serve') await serve(process.argv[3]!, Number(process.argv[4]));
  else await compare(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 7), process.argv[4] ?? BASELINE_COMMIT);
}
