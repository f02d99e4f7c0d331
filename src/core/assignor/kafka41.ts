// [4.1] Kafka 4.1.2's StickyTaskAssignor (org.apache.kafka.coordinator.group.streams.assignor, before the 4.2
// rewrite): a per-member quota that shrinks as processes fill up, "task pairs" that spread co-located tasks, and
// processes ranked by load. Java iterates several hash sets here; the task sets and the process and member maps are
// emulated (util/java.ts). Where Java picks among equally loaded processes in a HashSet of StickyTaskAssignor.Member
// (a class with identity hashCode, so the order changes with the JVM's identity hashes), this model takes the
// process map's order, members within a process in their member map's order.

import type { TaskSet } from '../model/tasks.ts';
import { hashMapOrder, stringHashCode } from '../util/java.ts';
import { TaskAssignorException, type GroupAssignment, type GroupSpec, type MemberAssignment, type TopologyDescriber } from './types.ts';

interface Member {
  readonly memberId: string;
  readonly process: Process;
}

interface Process {
  readonly processId: string;
  /** Members in ProcessState.memberToTaskCounts' order (a `new HashMap<>()` filled in member order). */
  members: Member[];
  readonly taskCounts: Map<string, number>;
  readonly active: Set<number>;
  readonly standby: Set<number>;
  readonly activeByMember: Map<string, Set<number>>;
  readonly standbyByMember: Map<string, Set<number>>;
}

/** TaskId is a record (subtopologyId, partition): its hashCode is 31 * subtopologyId.hashCode() + partition. */
function taskHash(subtopologyId: string, partition: number): number {
  return (Math.imul(31, stringHashCode(subtopologyId)) + partition) | 0;
}

/** StickyTaskAssignor.computeTasksPerMember: tasks over members, rounded up (0 without members). */
function tasksPerMemberOf(tasks: number, members: number): number {
  if (members === 0) return 0;
  const q = Math.trunc(tasks / members);
  return tasks % members > 0 ? q + 1 : q;
}

/** ProcessState.load: its tasks over its capacity (its member count). */
const load = (p: Process): number => (p.members.length === 0 ? -1 : (p.active.size + p.standby.size) / p.members.length);

/** StickyTaskAssignor.assign of Kafka 4.1.2. */
export function assignKafka41(groupSpec: GroupSpec, topology: TopologyDescriber): GroupAssignment {
  // the tasks: dense ids in the describer's (sorted) subtopology order, partitions ascending
  const subtopologyOf: string[] = [];
  const partitionOf: number[] = [];
  const stateful: boolean[] = [];
  const idOf = new Map<string, Map<number, number>>();
  for (const sid of topology.subtopologies()) {
    const n = topology.maxNumInputPartitions(sid);
    const ids = new Map<number, number>();
    idOf.set(sid, ids);
    for (let p = 0; p < n; p++) {
      ids.set(p, subtopologyOf.length);
      subtopologyOf.push(sid);
      partitionOf.push(p);
      stateful.push(topology.isStateful(sid));
    }
  }
  const numTasks = subtopologyOf.length;
  const hashOf = (t: number) => taskHash(subtopologyOf[t]!, partitionOf[t]!);
  // taskIds(describer, isActive): a `new HashSet<>()` of TaskIds, iterated in its bucket order
  const allIds = Array.from({ length: numTasks }, (_, t) => t);
  const activeOrder = hashMapOrder(allIds, hashOf);
  const statefulOrder = hashMapOrder(
    allIds.filter((t) => stateful[t]),
    hashOf,
  );

  // initialize: processIdToState (a `new HashMap<>()` filled by putIfAbsent in member order), previous owners
  const memberIds = [...groupSpec.members.keys()];
  const processIds = hashMapOrder(
    memberIds.map((m) => groupSpec.members.get(m)!.processId),
    stringHashCode,
  );
  const processes = new Map<string, Process>();
  for (const pid of processIds) {
    processes.set(pid, { processId: pid, members: [], taskCounts: new Map(), active: new Set(), standby: new Set(), activeByMember: new Map(), standbyByMember: new Map() });
  }
  const memberById = new Map<string, Member>();
  for (const memberId of memberIds) {
    const proc = processes.get(groupSpec.members.get(memberId)!.processId)!;
    const m: Member = { memberId, process: proc };
    memberById.set(memberId, m);
    proc.members.push(m);
    proc.taskCounts.set(memberId, 0);
  }
  for (const proc of processes.values()) {
    const order = hashMapOrder(
      proc.members.map((m) => m.memberId),
      stringHashCode,
    );
    proc.members = order.map((id) => memberById.get(id)!);
  }
  /** The stand-in for Java's identity-hash order of a Member set: process map order, then member map order. */
  const rank = new Map<Member, number>();
  for (const proc of processes.values()) for (const m of proc.members) rank.set(m, rank.size);
  const byRank = (a: Member, b: Member) => rank.get(a)! - rank.get(b)!;

  const activePrev = new Map<number, Member>();
  const standbyPrev = new Map<number, Member[]>();
  for (const memberId of memberIds) {
    const spec = groupSpec.members.get(memberId)!;
    const m = memberById.get(memberId)!;
    for (const [sid, ps] of spec.activeTasks) for (const p of ps) activePrev.set(prevKey(idOf, sid, p), m);
    for (const [sid, ps] of spec.standbyTasks)
      for (const p of ps) {
        const k = prevKey(idOf, sid, p);
        const list = standbyPrev.get(k) ?? [];
        if (!list.includes(m)) list.push(m);
        standbyPrev.set(k, list);
      }
  }
  for (const list of standbyPrev.values()) list.sort(byRank);

  let allTasks = numTasks;
  let totalCapacity = memberIds.length;
  let tasksPerMember = tasksPerMemberOf(allTasks, totalCapacity);
  // TaskPairs: the unordered pairs of tasks that share a process, at most n(n-1)/2
  const maxPairs = Math.trunc((numTasks * (numTasks - 1)) / 2);
  const pairs = new Set<number>();
  const pairKey = (a: number, b: number) => (a < b ? a * numTasks + b : b * numTasks + a);
  /** TaskPairs.hasNewPair(task, the process's assigned tasks, active and standby). */
  const hasNewPair = (task: number, proc: Process): boolean => {
    if (pairs.size === maxPairs) return false;
    if (proc.active.size + proc.standby.size === 0) return true;
    for (const t of proc.active) if (!pairs.has(pairKey(task, t))) return true;
    for (const t of proc.standby) if (!pairs.has(pairKey(task, t))) return true;
    return false;
  };
  const add = (m: Member, task: number, isActive: boolean) => {
    const proc = m.process;
    const byMember = isActive ? proc.activeByMember : proc.standbyByMember;
    let set = byMember.get(m.memberId);
    if (!set) byMember.set(m.memberId, (set = new Set()));
    set.add(task);
    (isActive ? proc.active : proc.standby).add(task);
    proc.taskCounts.set(m.memberId, proc.taskCounts.get(m.memberId)! + 1);
    // updateHelpers: the pairs with every task of the process; an active task may shrink the quota
    for (const t of proc.active) if (t !== task) pairs.add(pairKey(t, task));
    for (const t of proc.standby) if (t !== task) pairs.add(pairKey(t, task));
    if (isActive && proc.active.size === tasksPerMember) {
      // maybeUpdateTasksPerMember: the process's active count (not the member's) against the per-member quota
      totalCapacity--;
      allTasks -= proc.active.size;
      tasksPerMember = tasksPerMemberOf(allTasks, totalCapacity);
    }
  };
  const hasUnfulfilledQuota = (m: Member) => m.process.taskCounts.get(m.memberId)! < tasksPerMember;
  const memberWithLeastLoad = (proc: Process): Member | null => {
    let best: Member | null = null;
    for (const m of proc.members) if (best === null || proc.taskCounts.get(m.memberId)! < proc.taskCounts.get(best.memberId)!) best = m;
    return best;
  };
  const findMemberWithLeastLoad = (members: readonly Member[] | undefined, task: number, returnSameMember: boolean): Member | null => {
    if (!members || members.length === 0) return null;
    // one answer per process (its members share it)
    const newPair = new Map<Process, boolean>();
    const pairsWith = (proc: Process) => newPair.get(proc) ?? newPair.set(proc, hasNewPair(task, proc)).get(proc)!;
    let right = members.filter((m) => pairsWith(m.process));
    if (right.length === 0) right = [...members];
    let best: Process | null = null;
    for (const m of right) if (best === null || load(m.process) < load(best)) best = m.process;
    if (best === null) return null;
    if (returnSameMember) return standbyPrev.get(task)!.find((s) => s.process === best) ?? memberWithLeastLoad(best);
    return memberWithLeastLoad(best);
  };
  const allMembers = [...rank.keys()];

  // assignActive: 1. previous active owners within their quota; 2. previous standbys; 3. the least loaded
  let unassigned = activeOrder;
  const pass = (pick: (task: number) => Member | null) => {
    const left: number[] = [];
    for (const task of unassigned) {
      const m = pick(task);
      if (m) add(m, task, true);
      else left.push(task);
    }
    unassigned = left;
  };
  pass((task) => {
    const prev = activePrev.get(task);
    return prev && hasUnfulfilledQuota(prev) ? prev : null;
  });
  pass((task) => {
    const prev = findMemberWithLeastLoad(standbyPrev.get(task), task, true);
    return prev && hasUnfulfilledQuota(prev) ? prev : null;
  });
  pass((task) => {
    const m = findMemberWithLeastLoad(allMembers, task, false);
    if (m === null) throw new TaskAssignorException(`No member available to assign active task {}.TaskId[subtopologyId=${subtopologyOf[task]}, partition=${partitionOf[task]}]`);
    return m;
  });

  // assignStandby: num.standby.replicas copies of each stateful task on processes that do not hold it
  const configured = groupSpec.assignmentConfigs.get('num.standby.replicas');
  const numStandbyReplicas = groupSpec.assignmentConfigs.size === 0 || configured === undefined ? 0 : Number.parseInt(configured, 10);
  const isLoadBalanced = (proc: Process): boolean => {
    if (proc.active.size + proc.standby.size < proc.members.length) return true;
    const l = load(proc);
    for (const other of processes.values()) if (load(other) < l) return false;
    return true;
  };
  for (const task of numStandbyReplicas > 0 ? statefulOrder : []) {
    for (let i = 0; i < numStandbyReplicas; i++) {
      const available = new Set([...processes.values()].filter((p) => !p.active.has(task) && !p.standby.has(task)));
      if (available.size === 0) break;
      let standby: Member | null = null;
      const prevActive = activePrev.get(task);
      if (prevActive && available.has(prevActive.process) && isLoadBalanced(prevActive.process) && hasNewPair(task, prevActive.process)) standby = prevActive;
      if (standby === null) {
        const prevMembers = standbyPrev.get(task);
        if (prevMembers && prevMembers.length > 0) {
          // removeIf on the stored set: a member dropped here stays dropped for the next replica
          const kept = prevMembers.filter((m) => available.has(m.process));
          standbyPrev.set(task, kept);
          const prev = findMemberWithLeastLoad(kept, task, true);
          if (prev && isLoadBalanced(prev.process)) standby = prev;
        }
      }
      if (standby === null) {
        standby = findMemberWithLeastLoad(
          allMembers.filter((m) => available.has(m.process)),
          task,
          false,
        );
        if (standby === null) break;
      }
      add(standby, task, false);
    }
  }

  // buildGroupAssignment: every member gets an entry, no warm-ups
  const members = new Map<string, MemberAssignment>();
  for (const memberId of memberIds) {
    const m = memberById.get(memberId)!;
    members.set(memberId, {
      activeTasks: taskSet(m.process.activeByMember.get(memberId), subtopologyOf, partitionOf),
      standbyTasks: taskSet(m.process.standbyByMember.get(memberId), subtopologyOf, partitionOf),
      warmupTasks: new Map(),
    });
  }
  return { members };
}

/** A previous task's id, or -1 for one the topology no longer has (Java keys it by TaskId; no current task matches it). */
function prevKey(idOf: ReadonlyMap<string, ReadonlyMap<number, number>>, sid: string, p: number): number {
  return idOf.get(sid)?.get(p) ?? -1;
}

/** Tasks as a TaskSet: subtopologies in the describer's order, partitions ascending. */
function taskSet(tasks: ReadonlySet<number> | undefined, subtopologyOf: readonly string[], partitionOf: readonly number[]): TaskSet {
  const out = new Map<string, Set<number>>();
  for (const t of [...(tasks ?? [])].sort((a, b) => a - b)) {
    const sid = subtopologyOf[t]!;
    let set = out.get(sid);
    if (!set) out.set(sid, (set = new Set()));
    set.add(partitionOf[t]!);
  }
  return out;
}
