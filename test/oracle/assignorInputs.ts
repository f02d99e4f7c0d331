// Seeded random inputs for the sticky assignor, in the JSON-lines form of oracle/…/AssignorRunner.java, and the
// playground's assignor run on the same input (for the differential test against Kafka's own class).
import { StickyTaskAssignor } from '../../src/core/assignor/sticky.ts';
import { describer, memberIdOrder } from '../../src/core/coordinator/targetAssignment.ts';
import type { AssignmentMemberSpec } from '../../src/core/assignor/types.ts';
import type { ConfiguredTopology } from '../../src/core/model/topology.ts';
import { Random } from '../../src/core/util/random.ts';

export type Tasks = Record<string, number[]>;

export interface MemberInput {
  memberId: string;
  instanceId: string | null;
  rackId: string | null;
  processId: string;
  clientTags: Record<string, string>;
  active: Tasks;
  standby: Tasks;
  warmup: Tasks;
  taskOffsets: Record<string, Record<string, number>>;
  taskEndOffsets: Record<string, Record<string, number>>;
}

export interface AssignorInput {
  id: number;
  subtopologies: { id: string; partitions: number; stateful: boolean }[];
  configs: Record<string, string>;
  members: MemberInput[];
}

export type AssignorOutput = { id: number; members: Record<string, { active: Tasks; standby: Tasks }> } | { id: number; error: string };

/** A process id shaped like the Java client's (a UUID), from the generator. */
function uuid(r: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[r.int(16)]).join('');
  return `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`;
}

/**
 * One input: 1–40 members (a few cases in the JMH benchmark's sizes), members sharing processes, optional racks and
 * client tags (rack-aware standby placement), previous active/standby/warm-up targets drawn from the tasks (some
 * stale or overlapping, as a real group's can be), reported offsets, 0–2 standbys.
 */
export function randomInput(seed: number): AssignorInput {
  const r = new Random(seed);
  const big = seed % 50 === 0;
  const numSubs = big ? 1 + r.int(10) : 1 + r.int(4);
  const subtopologies = Array.from({ length: numSubs }, (_, i) => ({ id: String(i), partitions: big ? 10 + r.int(200) : 1 + r.int(8), stateful: r.int(3) > 0 }));
  const numMembers = big ? 50 + r.int(200) : 1 + r.int(12);
  const numProcesses = Math.max(1, numMembers - r.int(numMembers));
  const processes = Array.from({ length: numProcesses }, (_, i) => (r.int(2) === 0 ? uuid(r) : `p${i}`));
  const tagged = r.int(3) === 0;
  const zones = ['z1', 'z2', 'z3'];
  const configs: Record<string, string> = {};
  const standbys = r.int(3);
  if (r.int(8) > 0) configs['num.standby.replicas'] = String(standbys);
  if (tagged && r.int(2) === 0) configs['rack.aware.assignment.tags'] = r.int(2) === 0 ? 'zone' : 'zone,cluster';
  const processTags = processes.map(() => (tagged ? { zone: r.pick(zones), ...(r.int(2) ? { cluster: r.pick(['c1', 'c2']) } : {}) } : {}));
  const pickTasks = (p: number): Tasks => {
    const out: Tasks = {};
    for (const s of subtopologies) {
      if (r.next() > p) continue;
      const ps = [...new Set(Array.from({ length: 1 + r.int(3) }, () => r.int(s.partitions + (r.int(10) === 0 ? 2 : 0))))].sort((a, b) => a - b);
      out[s.id] = ps;
    }
    return out;
  };
  const members: MemberInput[] = [];
  for (let i = 0; i < numMembers; i++) {
    const p = r.int(numProcesses);
    const hasHistory = r.int(3) > 0;
    const offsets: Record<string, Record<string, number>> = {};
    if (r.int(3) === 0) for (const s of subtopologies) if (s.stateful && r.int(2)) offsets[s.id] = { [String(r.int(s.partitions))]: r.int(1000) };
    members.push({
      memberId: r.int(2) === 0 ? `m${i}` : uuid(r),
      instanceId: r.int(5) === 0 ? `i${i}` : null,
      rackId: r.int(4) === 0 ? r.pick(['rack-a', 'rack-b']) : null,
      processId: processes[p]!,
      clientTags: processTags[p]!,
      active: hasHistory ? pickTasks(0.5) : {},
      standby: hasHistory && r.int(2) ? pickTasks(0.3) : {},
      warmup: hasHistory && r.int(4) === 0 ? pickTasks(0.2) : {},
      taskOffsets: offsets,
      taskEndOffsets: {},
    });
  }
  return { id: seed, subtopologies, configs, members };
}

const toSet = (t: Tasks) => new Map(Object.entries(t).map(([s, ps]) => [s, new Set(ps)]));
const toOffsets = (o: Record<string, Record<string, number>>) => new Map(Object.entries(o).map(([s, ps]) => [s, new Map(Object.entries(ps).map(([p, v]) => [Number(p), v]))]));
const fromSet = (t: ReadonlyMap<string, ReadonlySet<number>>): Tasks => {
  const out: Tasks = {};
  for (const s of [...t.keys()].sort()) {
    const ps = [...t.get(s)!].sort((a, b) => a - b);
    if (ps.length > 0) out[s] = ps;
  }
  return out;
};

/** The playground's shipped sticky assignor on the input, members in the coordinator's HashMap order (as Java's put gives). */
export function runPlayground(input: AssignorInput): AssignorOutput {
  const byId = new Map(input.members.map((m) => [m.memberId, m]));
  const members = new Map<string, AssignmentMemberSpec>();
  for (const id of memberIdOrder(input.members.map((m) => m.memberId))) {
    const m = byId.get(id)!;
    members.set(id, {
      instanceId: m.instanceId,
      rackId: m.rackId,
      activeTasks: toSet(m.active),
      standbyTasks: toSet(m.standby),
      warmupTasks: toSet(m.warmup),
      processId: m.processId,
      clientTags: new Map(Object.entries(m.clientTags)),
      taskOffsets: toOffsets(m.taskOffsets),
      taskEndOffsets: toOffsets(m.taskEndOffsets),
    });
  }
  const ct: ConfiguredTopology = {
    topologyEpoch: 0,
    metadataHash: 0,
    subtopologies: input.subtopologies.map((s) => ({
      subtopologyId: s.id,
      numberOfTasks: s.partitions,
      sourceTopics: [],
      repartitionSinkTopics: [],
      repartitionSourceTopics: new Map(),
      stateChangelogTopics: new Map(),
      isStateful: s.stateful,
    })),
    internalTopicsToBeCreated: [],
    problem: null,
  };
  try {
    const a = new StickyTaskAssignor({ flavour: '4.4' }).assign({ members, assignmentConfigs: new Map(Object.entries(input.configs)) }, describer(ct));
    const out: Record<string, { active: Tasks; standby: Tasks }> = {};
    for (const id of [...a.members.keys()].sort()) {
      const m = a.members.get(id)!;
      out[id] = { active: fromSet(m.activeTasks), standby: fromSet(m.standbyTasks) };
    }
    return { id: input.id, members: out };
  } catch (e) {
    // a JVM exception the assignor lets through is named by its class, as the Java runner prints it
    const m = e instanceof Error ? e.message : String(e);
    return { id: input.id, error: /^[A-Za-z]+Exception: /.test(m) ? m : `${e instanceof Error ? e.name : 'Error'}: ${m}` };
  }
}

/**
 * The shapes of Kafka's assignor benchmark at its largest: 1,000 members (two per process), 10 subtopologies × 1,000
 * partitions, stateful, 0 or 1 standby; a full assignment (no history) or an incremental one (a round-robin history).
 */
export function benchmarkInputs(firstId: number): AssignorInput[] {
  const out: AssignorInput[] = [];
  const r = new Random(firstId);
  const subtopologies = Array.from({ length: 10 }, (_, i) => ({ id: String(i), partitions: 1000, stateful: true }));
  const processes = Array.from({ length: 500 }, () => uuid(r));
  for (const standbys of [0, 1]) {
    for (const incremental of [false, true]) {
      const members: MemberInput[] = Array.from({ length: 1000 }, (_, i) => ({
        memberId: uuid(r),
        instanceId: null,
        rackId: null,
        processId: processes[i >> 1]!,
        clientTags: {},
        active: {},
        standby: {},
        warmup: {},
        taskOffsets: {},
        taskEndOffsets: {},
      }));
      if (incremental) {
        // task k of subtopology s was on member (s·1000 + k) mod 1000, minus a few members that left
        for (const s of subtopologies) for (let k = 0; k < s.partitions; k++) (members[(Number(s.id) * 7 + k) % 1000]!.active[s.id] ??= []).push(k);
        members.splice(0, 10);
      }
      out.push({ id: firstId + out.length, subtopologies, configs: { 'num.standby.replicas': String(standbys) }, members });
    }
  }
  return out;
}
