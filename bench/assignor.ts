// Benchmark of the sticky task assignor on Kafka's benchmark shapes. Run: npx tsx bench/assignor.ts

import { pathToFileURL } from 'node:url';
import { StickyTaskAssignor } from '../src/core/assignor/sticky.ts';
import type { Flavour } from '../src/core/assignor/flavours.ts';
import type { AssignmentMemberSpec, GroupAssignment, GroupSpec, TopologyDescriber } from '../src/core/assignor/types.ts';

export interface AssignorBenchRow {
  flavour: Flavour;
  members: number;
  subtopologies: number;
  partitions: number;
  tasks: number;
  standbys: number;
  mode: 'full' | 'incremental';
  runs: number;
  medianMs: number;
  minMs: number;
  peakHeapMb: number;
}

const EMPTY = new Map<string, ReadonlySet<number>>();
const NO_OFFSETS = new Map<string, ReadonlyMap<number, number>>();

function describer(subtopologies: number, partitions: number): TopologyDescriber {
  const ids = [...Array(subtopologies).keys()].map((i) => `subtopology-${i}`).sort();
  return { subtopologies: () => ids, maxNumInputPartitions: () => partitions, isStateful: () => true };
}

function memberSpec(i: number, prev?: { activeTasks: AssignmentMemberSpec['activeTasks']; standbyTasks: AssignmentMemberSpec['standbyTasks'] }): AssignmentMemberSpec {
  return {
    instanceId: null,
    rackId: null,
    activeTasks: prev?.activeTasks ?? EMPTY,
    standbyTasks: prev?.standbyTasks ?? EMPTY,
    warmupTasks: EMPTY,
    processId: `process-${i}`, // one member per process, as in Kafka's assignor benchmark
    clientTags: new Map(),
    taskOffsets: NO_OFFSETS,
    taskEndOffsets: NO_OFFSETS,
  };
}

function groupSpec(members: number, standbys: number, previous?: GroupAssignment): GroupSpec {
  const m = new Map<string, AssignmentMemberSpec>();
  for (let i = 0; i < members; i++) {
    const id = `member-${i}`;
    m.set(id, memberSpec(i, previous?.members.get(id)));
  }
  return { members: m, assignmentConfigs: new Map([['num.standby.replicas', String(standbys)]]) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface BenchOptions {
  flavour?: Flavour;
  runs?: number;
  warmup?: number;
  /** Stop repeating a shape once it has used this much time (at least `runs` runs are still taken). */
  budgetMs?: number;
  /** Restrict the shapes (members, subtopologies, partitions). */
  only?: (members: number, subtopologies: number, partitions: number) => boolean;
}

export async function benchAssignor(opts: BenchOptions = {}): Promise<AssignorBenchRow[]> {
  const flavour = opts.flavour ?? '4.4';
  const runs = opts.runs ?? 21;
  const warmup = opts.warmup ?? 5;
  const assignor = new StickyTaskAssignor({ flavour });
  const rows: AssignorBenchRow[] = [];
  for (const members of [100, 1000]) {
    for (const subtopologies of [10, 100]) {
      for (const partitions of [10, 100]) {
        if (opts.only && !opts.only(members, subtopologies, partitions)) continue;
        const topo = describer(subtopologies, partitions);
        for (const standbys of [0, 1]) {
          const full = groupSpec(members, standbys);
          const previous = assignor.assign(full, topo);
          // incremental: the previous assignment as every member's target, plus one new member
          const incremental = groupSpec(members, standbys, previous);
          (incremental.members as Map<string, AssignmentMemberSpec>).set(`member-${members}`, memberSpec(members));
          for (const [mode, spec] of [
            ['full', full],
            ['incremental', incremental],
          ] as const) {
            for (let i = 0; i < warmup; i++) assignor.assign(spec, topo);
            const times: number[] = [];
            let peak = process.memoryUsage().heapUsed;
            const started = performance.now();
            while (times.length < runs || (opts.budgetMs !== undefined && performance.now() - started < opts.budgetMs && times.length < runs * 4)) {
              const t0 = performance.now();
              assignor.assign(spec, topo);
              times.push(performance.now() - t0);
              peak = Math.max(peak, process.memoryUsage().heapUsed);
            }
            rows.push({
              flavour,
              members,
              subtopologies,
              partitions,
              tasks: subtopologies * partitions,
              standbys,
              mode,
              runs: times.length,
              medianMs: median(times),
              minMs: Math.min(...times),
              peakHeapMb: peak / 2 ** 20,
            });
            await new Promise((r) => setTimeout(r, 0));
          }
        }
      }
    }
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flavour = (process.argv[2] as Flavour | undefined) ?? '4.4';
  const rows = await benchAssignor({ flavour });
  console.log(`sticky assignor [${flavour}], median of ${rows[0]?.runs ?? 0}+ runs after warm-up`);
  console.log('members | subtopologies x partitions | tasks | standbys | mode        | median ms |  min ms | peak heap MB');
  for (const r of rows) {
    console.log(
      `${String(r.members).padStart(7)} | ${`${r.subtopologies} x ${r.partitions}`.padEnd(26)} | ${String(r.tasks).padStart(5)} | ${String(r.standbys).padStart(8)} | ${r.mode.padEnd(11)} | ${r.medianMs.toFixed(3).padStart(9)} | ${r.minMs.toFixed(3).padStart(7)} | ${r.peakHeapMb.toFixed(1).padStart(12)}`,
    );
  }
}
