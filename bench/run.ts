// `npm run bench`: every performance target of the core, as medians, with the machine they ran on.
// Each benchmark runs in a fresh Node process (as JMH forks), so one benchmark's JIT state and heap do not
// colour the next one's figures.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadAverage } from './stats.ts';

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));

function section(title: string, file: string, ...args: string[]): void {
  console.log(`${title} (load average ${loadAverage()})`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', here(file), ...args], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`benchmark ${file} ${args.join(' ')} failed (exit ${r.status})`);
    process.exitCode = 1;
  }
  console.log('');
}

console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${loadAverage()}\n`);
section("assignor ([4.4] sticky) side by side with Kafka 4.4.0's own StickyTaskAssignor (the jar, in a JVM), interleaved rounds, median ms per assignment:", './assignor-java.ts');
section('coordinator: log replay (a fresh coordinator loading the partition)', './coordinator.ts', 'replay');
section("coordinator: log replay side by side with the coordinator of 962a33d (before issue 22's load), interleaved:", './replay-baseline.ts', '7');
section('coordinator: steady-state heartbeats', './coordinator.ts', 'heartbeats');
section(
  'explorer: BFS on a 3-member group, depth 5, side by side with the explorer of 393e64e (before the regression issue 22 found), each in its own process, taking turns:',
  './explore-baseline.ts',
  '5',
  '7',
);
section('explorer: BFS on a 3-member group, depth 5', './explore.ts', '5', '5');
section('explorer: BFS on a 3-member group, depth 6 (longer runs, steadier figures)', './explore.ts', '6', '5');
section('scale: N client joins then run until stable (durability check on); cost per member and its growth', './scale.ts', 'join', '1000', '10000', '1');
section('scale: an N-step 3-client scenario (durability check on); cost per step and its growth', './scale.ts', 'steps', '10000', '100000', '1');
section('scale: N fired periodic timers with nothing to do (retention checks every 1 ms)', './scale.ts', 'timers', '10000', '100000', '9');
section('source-topic regex: (a+)+b against a name of N characters (linear engine)', './regex.ts');
