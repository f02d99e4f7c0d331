// Benchmark of the sticky task assignor on Kafka's benchmark shapes. Run: npx tsx bench/assignor.ts

import { pathToFileURL } from 'node:url';
import { StickyTaskAssignor } from '../src/core/assignor/sticky.ts';
import type { Flavour } from '../src/core/assignor/flavours.ts';
import type { AssignmentMemberSpec, GroupAssignment, GroupSpec, TopologyDescriber } from '../src/core/assignor/types.ts';
import { hashMapOrder, stringHashCode } from '../src/core/util/java.ts';
import { median } from './stats.ts';

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

/**
 * `members` members (`extra` more without history), in the order Java's HashMap iterates them (as the coordinator
 * hands them to the assignor, and as oracle/…/AssignorBench.java's HashMap gives them to Kafka's assignor).
 */
function groupSpec(members: number, standbys: number, previous?: GroupAssignment, extra = 0): GroupSpec {
  const ids = [...Array(members + extra).keys()].map((i) => `member-${i}`);
  const m = new Map<string, AssignmentMemberSpec>();
  for (const id of hashMapOrder(ids, stringHashCode)) {
    const i = Number(id.slice('member-'.length));
    m.set(id, memberSpec(i, i < members ? previous?.members.get(id) : undefined));
  }
  return { members: m, assignmentConfigs: new Map([['num.standby.replicas', String(standbys)]]) };
}

/** One benchmark shape: Kafka's assignor benchmark sizes, a full assignment or an incremental one. */
export interface AssignorShape {
  members: number;
  subtopologies: number;
  partitions: number;
  standbys: number;
  mode: 'full' | 'incremental';
  spec: GroupSpec;
  topology: TopologyDescriber;
}

/**
 * The shapes, in benchmark order: 100 and 1,000 members (one per process); 10 or 100 stateful subtopologies of 10 or
 * 100 partitions; 0 or 1 standby; full (no history) and incremental (the full assignment as every member's previous
 * tasks, plus one new member).
 */
export function assignorShapes(only?: BenchOptions['only'], flavour: Flavour = '4.4'): AssignorShape[] {
  const assignor = new StickyTaskAssignor({ flavour });
  const shapes: AssignorShape[] = [];
  for (const members of [100, 1000]) {
    for (const subtopologies of [10, 100]) {
      for (const partitions of [10, 100]) {
        if (only && !only(members, subtopologies, partitions)) continue;
        const topology = describer(subtopologies, partitions);
        for (const standbys of [0, 1]) {
          const full = groupSpec(members, standbys);
          const incremental = groupSpec(members, standbys, assignor.assign(full, topology), 1);
          shapes.push({ members, subtopologies, partitions, standbys, mode: 'full', spec: full, topology });
          shapes.push({ members, subtopologies, partitions, standbys, mode: 'incremental', spec: incremental, topology });
        }
      }
    }
  }
  return shapes;
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
  for (const { members, subtopologies, partitions, standbys, mode, spec, topology: topo } of assignorShapes(opts.only, flavour)) {
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
