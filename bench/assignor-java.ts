// The sticky assignor side by side with Kafka 4.4.0's own StickyTaskAssignor (the published jar, driven by
// oracle/…/AssignorBench.java in one long-lived JVM): the same shapes as bench/assignor.ts, the same inputs (members in
// the same HashMap order, so the same process order), checked to give the same assignment, then timed in interleaved
// rounds: each round runs every shape on both sides, the side that goes first alternating. Each side times the
// assignment alone, in its own runtime, after warm-up; the figures are medians per shape and their ratio.
// Run alone: `node --expose-gc --import tsx bench/assignor-java.ts [rounds]` (needs Java 17 and Maven, as the oracle).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { oracleClasspath } from '../oracle/harness/maven.ts';
import { StickyTaskAssignor } from '../src/core/assignor/sticky.ts';
import type { GroupAssignment, GroupSpec, TopologyDescriber } from '../src/core/assignor/types.ts';
import { assignorShapes, type AssignorShape } from './assignor.ts';
import { loadAverage, median } from './stats.ts';

type Tasks = Record<string, number[]>;
type MembersJson = Record<string, { active: Tasks; standby: Tasks }>;

const tasksJson = (t: ReadonlyMap<string, ReadonlySet<number>>): Tasks => {
  const out: Tasks = {};
  for (const s of [...t.keys()].sort()) {
    const ps = [...t.get(s)!].sort((a, b) => a - b);
    if (ps.length > 0) out[s] = ps;
  }
  return out;
};

/** The shape in AssignorRunner's JSON input form, members in the spec's (HashMap) order. */
function inputJson(spec: GroupSpec, topology: TopologyDescriber): unknown {
  return {
    subtopologies: topology.subtopologies().map((id) => ({ id, partitions: topology.maxNumInputPartitions(id), stateful: topology.isStateful(id) })),
    configs: Object.fromEntries(spec.assignmentConfigs),
    members: [...spec.members].map(([memberId, m]) => ({
      memberId,
      instanceId: m.instanceId,
      rackId: m.rackId,
      processId: m.processId,
      clientTags: Object.fromEntries(m.clientTags),
      active: tasksJson(m.activeTasks),
      standby: tasksJson(m.standbyTasks),
      warmup: tasksJson(m.warmupTasks),
      taskOffsets: {},
      taskEndOffsets: {},
    })),
  };
}

/** Our assignment in AssignorRunner's output form (members and tasks sorted). */
function membersJson(a: GroupAssignment): MembersJson {
  const out: MembersJson = {};
  for (const id of [...a.members.keys()].sort()) out[id] = { active: tasksJson(a.members.get(id)!.activeTasks), standby: tasksJson(a.members.get(id)!.standbyTasks) };
  return out;
}

/** Kafka's assignor in a JVM that stays up for the whole benchmark. */
class JavaAssignor {
  private readonly java: ChildProcessWithoutNullStreams;
  private readonly waiting: ((line: string) => void)[] = [];

  constructor(classpath: string) {
    this.java = spawn('java', ['-cp', classpath, 'dev.sgp.oracle.AssignorBench'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    this.java.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    this.java.on('exit', (code) => {
      for (const w of this.waiting.splice(0)) w(JSON.stringify({ error: `the JVM exited (${code}): ${stderr}` }));
    });
    createInterface({ input: this.java.stdout }).on('line', (line) => this.waiting.shift()?.(line));
  }

  private async request<T>(req: object): Promise<T> {
    const line = await new Promise<string>((resolve) => {
      this.waiting.push(resolve);
      this.java.stdin.write(JSON.stringify(req) + '\n');
    });
    const res = JSON.parse(line) as T & { error?: string };
    if (res.error !== undefined) throw new Error(`AssignorBench: ${res.error}`);
    return res;
  }

  async load(key: string, input: unknown): Promise<MembersJson> {
    return (await this.request<{ members: MembersJson }>({ op: 'load', key, input })).members;
  }

  /** `runs` assignments of `key`, each one's time in ms. */
  async time(key: string, runs: number): Promise<number[]> {
    return (await this.request<{ nanos: number[] }>({ op: 'time', key, runs })).nanos.map((n) => n / 1e6);
  }

  close(): void {
    this.java.stdin.end();
  }
}

export interface SideBySideRow {
  shape: AssignorShape;
  javaMs: number;
  nodeMs: number;
  /** nodeMs / javaMs: below 1, the playground is faster. */
  ratio: number;
  runs: number;
}

const label = (s: AssignorShape) => `${s.members} members, ${s.subtopologies} x ${s.partitions} tasks, ${s.standbys} standby, ${s.mode}`;

/**
 * Warm-up: every shape on both sides for at least `warmupMs` (and 20 runs); then `rounds` rounds of interleaved batches,
 * each batch about `batchMs` of assignments (sized on Java's warm-up median, the same count on both sides).
 */
export async function benchSideBySide(options: { rounds?: number; warmupMs?: number; batchMs?: number } = {}): Promise<SideBySideRow[]> {
  const rounds = options.rounds ?? 7;
  const warmupMs = options.warmupMs ?? 300;
  const batchMs = options.batchMs ?? 25;
  const shapes = assignorShapes();
  const java = new JavaAssignor(oracleClasspath());
  const ours = new StickyTaskAssignor({ flavour: '4.4' });
  try {
    const batch: number[] = [];
    for (let i = 0; i < shapes.length; i++) {
      const s = shapes[i]!;
      const theirs = await java.load(String(i), inputJson(s.spec, s.topology));
      if (JSON.stringify(theirs) !== JSON.stringify(membersJson(ours.assign(s.spec, s.topology)))) throw new Error(`the assignors disagree on ${label(s)}: not the same benchmark`);
      const javaWarm: number[] = [];
      for (let t0 = performance.now(); javaWarm.length < 20 || performance.now() - t0 < warmupMs;) javaWarm.push(...(await java.time(String(i), 5)));
      for (let n = 0, t0 = performance.now(); n < 20 || performance.now() - t0 < warmupMs; n++) ours.assign(s.spec, s.topology);
      batch.push(Math.max(3, Math.min(200, Math.ceil(batchMs / median(javaWarm)))));
    }
    const javaTimes: number[][] = shapes.map(() => []);
    const nodeTimes: number[][] = shapes.map(() => []);
    const runNode = (i: number) => {
      const s = shapes[i]!;
      for (let r = 0; r < batch[i]!; r++) {
        const t0 = performance.now();
        ours.assign(s.spec, s.topology);
        nodeTimes[i]!.push(performance.now() - t0);
      }
    };
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < shapes.length; i++) {
        if (round % 2 === 0) {
          javaTimes[i]!.push(...(await java.time(String(i), batch[i]!)));
          runNode(i);
        } else {
          runNode(i);
          javaTimes[i]!.push(...(await java.time(String(i), batch[i]!)));
        }
      }
    }
    return shapes.map((shape, i) => {
      const javaMs = median(javaTimes[i]!);
      const nodeMs = median(nodeTimes[i]!);
      return { shape, javaMs, nodeMs, ratio: nodeMs / javaMs, runs: nodeTimes[i]!.length };
    });
  } finally {
    java.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const javaVersion = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (javaVersion.status !== 0) {
    console.log('  skipped: no Java (the side-by-side benchmark runs Kafka 4.4.0 from the oracle module: Java 17 and Maven)');
  } else {
    const loadBefore = loadAverage();
    const rows = await benchSideBySide({ rounds: Number(process.argv[2] ?? 7) });
    console.log(`  ${javaVersion.stderr.split('\n')[0]}, Node ${process.version}; load average before ${loadBefore}, after ${loadAverage()}`);
    console.log('  members | subtopologies x partitions | standbys | mode        | Java ms | ours ms | ours/Java | runs');
    for (const r of rows) {
      const s = r.shape;
      console.log(
        `  ${String(s.members).padStart(7)} | ${`${s.subtopologies} x ${s.partitions}`.padEnd(26)} | ${String(s.standbys).padStart(8)} | ${s.mode.padEnd(11)} | ${r.javaMs.toFixed(3).padStart(7)} | ${r.nodeMs.toFixed(3).padStart(7)} | ${r.ratio.toFixed(2).padStart(8)}x | ${String(r.runs).padStart(4)}`,
      );
    }
    const ratios = rows.map((r) => r.ratio);
    const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    console.log(
      `  ours/Java: median ${median(ratios).toFixed(2)}x, best ${Math.min(...ratios).toFixed(2)}x, worst ${worst.ratio.toFixed(2)}x (${label(worst.shape)}); target <= 0.50x on every shape: ${worst.ratio <= 0.5 ? 'met' : 'NOT met'}`,
    );
  }
}
