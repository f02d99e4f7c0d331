// The KIP-1071 draft branch's StickyTaskAssignor (kip1071-draft §7.3), with the simulator's ordering rules (§7.4):
// tasks by (subtopologyId, partition), members by memberId, processes by processId, every min tie to the first.

import { draftConfigs } from './configs.ts';
import { computeTasksPerMember } from './quotas.ts';
import type { TaskSet } from '../model/tasks.ts';
import { TaskAssignorException, type GroupAssignment, type GroupSpec, type MemberAssignment, type TopologyDescriber } from './types.ts';
import { pushAll } from '../util/arrays.ts';

interface Task {
  readonly s: string;
  readonly p: number;
  readonly key: number;
}

interface Proc {
  readonly id: string;
  readonly members: string[]; // ascending memberId
  readonly active: Set<number>; // task keys, all members
  readonly standby: Set<number>;
  readonly assigned: Set<number>; // active ∪ standby
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function assignDraft(groupSpec: GroupSpec, topology: TopologyDescriber): GroupAssignment {
  const numStandbyReplicas = draftConfigs(groupSpec.assignmentConfigs).numStandbyReplicas;
  const memberIds = [...groupSpec.members.keys()].sort(byString);
  const processOf = new Map<string, Proc>();
  for (const id of memberIds) {
    const pid = groupSpec.members.get(id)!.processId;
    let proc = processOf.get(pid);
    if (!proc) processOf.set(pid, (proc = { id: pid, members: [], active: new Set(), standby: new Set(), assigned: new Set() }));
    proc.members.push(id);
  }
  const processes = [...processOf.values()].sort((a, b) => byString(a.id, b.id));
  const procOfMember = new Map<string, Proc>();
  for (const proc of processes) for (const m of proc.members) procOfMember.set(m, proc);
  const memberCount = new Map<string, number>(memberIds.map((m) => [m, 0]));
  const memberActive = new Map<string, Task[]>(memberIds.map((m) => [m, []]));
  const memberStandby = new Map<string, Task[]>(memberIds.map((m) => [m, []]));

  // Task universe, ascending by (subtopologyId, partition); keys number the tasks densely.
  const subtopologies = [...topology.subtopologies()].sort(byString);
  const tasks: Task[] = [];
  const keyOf = new Map<string, number>();
  let allTasks = 0; // Σ numPartitions, -1 values included
  for (const s of subtopologies) {
    const n = topology.maxNumInputPartitions(s);
    allTasks += n;
    for (let p = 0; p < n; p++) {
      keyOf.set(`${s}\u0000${p}`, tasks.length);
      tasks.push({ s, p, key: tasks.length });
    }
  }
  const taskKey = (s: string, p: number) => keyOf.get(`${s}\u0000${p}`);

  let totalCapacity = memberIds.length;
  let tasksPerMember = computeTasksPerMember(allTasks, totalCapacity);
  // maxPairs = allTasks * (allTasks - 1) / 2 in Java int arithmetic
  const maxPairs = Math.trunc(Math.imul(allTasks, allTasks - 1) / 2);
  const pairs = new Set<number>();
  const pairKey = (a: number, b: number) => (a < b ? a * tasks.length + b : b * tasks.length + a);

  // prevActive: a later member (ascending memberId) overwrites; prevStandby: members in ascending memberId order
  const prevActive = new Map<number, string>();
  const prevStandby = new Map<number, string[]>();
  for (const id of memberIds) {
    const spec = groupSpec.members.get(id)!;
    for (const [s, ps] of spec.activeTasks)
      for (const p of ps) {
        const k = taskKey(s, p);
        if (k !== undefined) prevActive.set(k, id);
      }
    for (const [s, ps] of spec.standbyTasks)
      for (const p of ps) {
        const k = taskKey(s, p);
        if (k === undefined) continue;
        const list = prevStandby.get(k);
        if (list) list.push(id);
        else prevStandby.set(k, [id]);
      }
  }

  const totalTaskCount = (proc: Proc) => proc.active.size + proc.standby.size;
  const load = (proc: Proc) => (proc.members.length <= 0 ? -1 : totalTaskCount(proc) / proc.members.length);
  const hasCapacity = (proc: Proc) => totalTaskCount(proc) < proc.members.length;
  const hasNewPair = (t: number, assigned: Set<number>) => {
    if (pairs.size === maxPairs) return false;
    if (assigned.size === 0) return true;
    for (const u of assigned) if (u === t || !pairs.has(pairKey(t, u))) return true;
    return false;
  };
  const isLoadBalanced = (proc: Proc) => hasCapacity(proc) || processes.every((q) => load(proc) <= load(q));
  const hasUnfulfilledQuota = (m: string) => memberCount.get(m)! < tasksPerMember;

  const leastLoaded = (candidates: readonly string[], t: number, sameMember: boolean): string => {
    let right = candidates.filter((c) => hasNewPair(t, procOfMember.get(c)!.assigned));
    if (right.length === 0) right = [...candidates];
    const candidateProcs = new Set(right.map((c) => procOfMember.get(c)!));
    let best: Proc | undefined;
    for (const proc of processes) if (candidateProcs.has(proc) && (!best || load(proc) < load(best))) best = proc;
    if (!best) throw new TaskAssignorException(`No member available to assign task ${tasks[t]!.s}_${tasks[t]!.p}.`);
    if (sameMember) {
      const same = (prevStandby.get(t) ?? []).find((m) => procOfMember.get(m) === best);
      if (same !== undefined) return same;
    }
    let member = best.members[0]!;
    for (const m of best.members) if (memberCount.get(m)! < memberCount.get(member)!) member = m;
    return member;
  };

  const give = (m: string, t: number, isActive: boolean) => {
    const proc = procOfMember.get(m)!;
    (isActive ? proc.active : proc.standby).add(t);
    proc.assigned.add(t);
    (isActive ? memberActive : memberStandby).get(m)!.push(tasks[t]!);
    memberCount.set(m, memberCount.get(m)! + 1);
    // updateHelpers: pair bookkeeping, then the process-level quota update for active grants
    for (const u of proc.assigned) if (u !== t) pairs.add(pairKey(u, t));
    if (isActive && proc.active.size === tasksPerMember) {
      totalCapacity -= 1;
      allTasks -= proc.active.size;
      tasksPerMember = computeTasksPerMember(allTasks, totalCapacity);
    }
  };

  // Active: 1. previous owner under quota; 2. previous standby under quota; 3. least loaded, no quota check
  let remaining = tasks.map((t) => t.key);
  remaining = remaining.filter((t) => {
    const m = prevActive.get(t);
    if (m !== undefined && hasUnfulfilledQuota(m)) {
      give(m, t, true);
      return false;
    }
    return true;
  });
  remaining = remaining.filter((t) => {
    const prev = prevStandby.get(t);
    if (!prev || prev.length === 0) return true;
    const m = leastLoaded(prev, t, true);
    if (hasUnfulfilledQuota(m)) {
      give(m, t, true);
      return false;
    }
    return true;
  });
  for (const t of remaining) give(leastLoaded(memberIds, t, false), t, true);

  // Standby: only stateful subtopologies, up to numStandbyReplicas per task
  if (numStandbyReplicas > 0) {
    for (const task of tasks) {
      if (!topology.isStateful(task.s)) continue;
      const t = task.key;
      for (let i = 0; i < numStandbyReplicas; i++) {
        const avail = processes.filter((proc) => !proc.assigned.has(t));
        if (avail.length === 0) break; // warning: not enough processes
        let m: string | undefined;
        const pa = prevActive.get(t);
        const paProc = pa === undefined ? undefined : procOfMember.get(pa)!;
        if (paProc && avail.includes(paProc) && isLoadBalanced(paProc) && hasNewPair(t, paProc.assigned)) m = pa;
        const prev = prevStandby.get(t);
        if (m === undefined && prev) {
          const wasNonEmpty = prev.length > 0;
          const kept = prev.filter((c) => avail.includes(procOfMember.get(c)!));
          prev.length = 0;
          pushAll(prev, kept); // the draft mutates prevStandby
          if (wasNonEmpty) {
            if (kept.length === 0) throw new TaskAssignorException(`No previous standby member left for task ${task.s}_${task.p}.`);
            const c = leastLoaded(kept, t, true);
            if (isLoadBalanced(procOfMember.get(c)!)) m = c;
          }
        }
        if (m === undefined) m = leastLoaded(avail.flatMap((proc) => proc.members).sort(byString), t, false);
        give(m, t, false);
      }
    }
  }

  const members = new Map<string, MemberAssignment>();
  for (const id of groupSpec.members.keys()) {
    members.set(id, { activeTasks: group(memberActive.get(id)!), standbyTasks: group(memberStandby.get(id)!), warmupTasks: new Map() });
  }
  return { members };
}

function group(list: readonly Task[]): TaskSet {
  const out = new Map<string, Set<number>>();
  for (const t of [...list].sort((a, b) => byString(a.s, b.s) || a.p - b.p)) {
    const set = out.get(t.s);
    if (set) set.add(t.p);
    else out.set(t.s, new Set([t.p]));
  }
  return out;
}
