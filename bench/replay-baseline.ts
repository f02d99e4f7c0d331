// Log replay side by side with the coordinator of an older commit, run live in the same process: `git archive` of
// that commit's src/core into a temporary directory (removed afterwards), then interleaved runs (the side that goes
// first alternates), each a fresh coordinator loading the same 1,000,001-record log (bench/coordinator.ts
// syntheticLog), so a busy machine slows both sides alike and their ratio survives it. Each run's rate is records per
// second of wall-clock time, and of the process's CPU time (less sensitive to other processes taking the cores).
// Every run of both sides must end with the same groups.
// Run alone: `node --expose-gc --import tsx bench/replay-baseline.ts [rounds] [commit]`.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PartitionLog } from '../src/core/log/log.ts';
import { checkoutCommit, root } from './checkout.ts';
import { syntheticLog } from './coordinator.ts';
import { loadAverage, median } from './stats.ts';

/** The commit whose coordinator is the baseline: main before issue 22's load (records decoded one by one). */
export const BASELINE_COMMIT = '962a33d';

interface Run {
  wallRate: number;
  cpuRate: number;
  /** What the load ended with (see groupsFingerprint). */
  groups: string;
}

interface Side {
  run(log: PartitionLog): Run;
}

/** A side: the coordinator, config and edition of the src/core under `dir`. */
async function side(dir: string): Promise<Side> {
  const url = (f: string) => pathToFileURL(join(dir, 'src/core', f)).href;
  const { Coordinator } = (await import(url('coordinator/runtime.ts'))) as typeof import('../src/core/coordinator/runtime.ts');
  const { Config } = (await import(url('config.ts'))) as typeof import('../src/core/config.ts');
  const { editionNamed } = (await import(url('editions/index.ts'))) as typeof import('../src/core/editions/index.ts');
  const options = { edition: editionNamed('ak4'), variant: 'current' as const, config: Config.from({}) };
  return {
    run(log) {
      // each run starts from a collected heap (node --expose-gc): the other side's garbage is not billed to it
      (globalThis as { gc?: () => void }).gc?.();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const c = new Coordinator(options, log, 0);
      const dt = performance.now() - t0;
      const cpu = process.cpuUsage(c0);
      return { wallRate: log.endOffset / (dt / 1000), cpuRate: log.endOffset / ((cpu.user + cpu.system) / 1e6), groups: groupsFingerprint(c.groups) };
    },
  };
}

type LoadedGroups = InstanceType<typeof import('../src/core/coordinator/runtime.ts').Coordinator>['groups'];

/** Every group's epochs, and each member's epochs, state, process and tasks, and each target, in iteration order. */
function groupsFingerprint(groups: LoadedGroups): string {
  const tasks = (t: ReadonlyMap<string, ReadonlySet<number> | ReadonlyMap<number, unknown>>) => [...t].map(([s, ps]) => [s, [...ps]]);
  const out: unknown[] = [];
  for (const [id, g] of groups) {
    const members = [...g.members.values()].map((m) => [
      m.memberId,
      m.memberEpoch,
      m.previousMemberEpoch,
      m.state,
      m.processId,
      tasks(m.assignedTasks.active),
      tasks(m.assignedTasks.standby),
      tasks(m.assignedTasks.warmup),
      tasks(m.tasksPendingRevocation.active),
      tasks(m.revocationEpochs),
    ]);
    const targets = [...g.targetAssignment].map(([m, t]) => [m, tasks(t.active), tasks(t.standby), tasks(t.warmup)]);
    out.push([id, g.groupEpoch, g.assignmentEpoch, members, targets, tasks(g.activeTaskProcessId)]);
  }
  return JSON.stringify(out);
}

const rounds = Number(process.argv[2] ?? 7);
const commit = process.argv[3] ?? BASELINE_COMMIT;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let dir: string | null = null;
  try {
    dir = checkoutCommit(commit, ['src/core']);
  } catch (e) {
    console.log(`  skipped: commit ${commit} is not in this checkout's history (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
  if (dir !== null) {
    try {
      const log = syntheticLog();
      const loadBefore = loadAverage();
      const old = await side(dir);
      const now = await side(root);
      const expected = now.run(log).groups;
      const check = (r: Run, who: string): Run => {
        if (r.groups !== expected) throw new Error(`${who} loaded different groups from the same log`);
        return r;
      };
      // warm-up: both sides' JIT settles (as JMH's warm-up iterations); the run above was the first of this code's two
      check(old.run(log), commit);
      check(old.run(log), commit);
      check(now.run(log), 'this code');
      const o: Run[] = [];
      const n: Run[] = [];
      for (let r = 0; r < rounds; r++) {
        if (r % 2 === 0) {
          o.push(check(old.run(log), commit));
          n.push(check(now.run(log), 'this code'));
        } else {
          n.push(check(now.run(log), 'this code'));
          o.push(check(old.run(log), commit));
        }
      }
      const fmt = (x: number) => Math.round(x).toLocaleString('en');
      const wall = (xs: Run[]) => median(xs.map((x) => x.wallRate));
      const cpu = (xs: Run[]) => median(xs.map((x) => x.cpuRate));
      console.log(`  a fresh coordinator loading a ${log.endOffset.toLocaleString('en')}-record log; every run of both sides ended with the same groups`);
      console.log(`  load average before ${loadBefore}, after ${loadAverage()}; medians of ${rounds} interleaved runs after 2 warm-up runs each`);
      console.log(`  this code      ${fmt(wall(n)).padStart(9)} records/s (wall), ${fmt(cpu(n)).padStart(9)} per CPU second`);
      console.log(`  ${commit.padEnd(14)} ${fmt(wall(o)).padStart(9)} records/s (wall), ${fmt(cpu(o)).padStart(9)} per CPU second`);
      console.log(`  this code / ${commit}: ${(wall(n) / wall(o)).toFixed(2)}x (wall), ${(cpu(n) / cpu(o)).toFixed(2)}x (CPU)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
