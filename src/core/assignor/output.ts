// Turns the per-task holders of a run into the assignor's result maps.

import type { TaskSet } from '../model/tasks.ts';
import { Arena } from './arena.ts';
import type { TaskIndex } from './task-index.ts';
import type { GroupAssignment, MemberAssignment } from './types.ts';

const EMPTY: TaskSet = new Map();
const NOTHING: MemberAssignment = { activeTasks: EMPTY, standbyTasks: EMPTY, warmupTasks: EMPTY };

/** Shared read-only sets of one partition, for the partitions numbered below ONE_PARTITION_SETS. */
const ONE_PARTITION_SETS = 4096;
const onePartitionSets: ReadonlySet<number>[] = [];

function onePartition(p: number): ReadonlySet<number> {
  if (p >= ONE_PARTITION_SETS) return new Set([p]);
  return (onePartitionSets[p] ??= new Set([p]));
}

/** Replaces a subtopology's one-partition set by a Set of its own, to which more partitions are added. */
function manyPartitions(roles: Map<string, ReadonlySet<number>>, sid: string, first: number): Set<number> {
  const set = new Set([first]);
  roles.set(sid, set);
  return set;
}

/**
 * buildGroupAssignment: every member gets an entry (missing → empty); the sticky assignor never gives warm-ups.
 * Tasks are visited in id order, so subtopologies appear in the describer's order and partitions ascend.
 */
export function buildGroupAssignment(
  tasks: TaskIndex,
  memberIds: readonly string[],
  activeOwner: Int32Array,
  holders: Int32Array,
  holderCount: Int32Array,
  stride: number,
  arena: Arena = new Arena(),
): GroupAssignment {
  const numMembers = memberIds.length;
  const numTasks = tasks.numTasks;
  // tasks per member and role, and the last one seen: a member with one task of a role gets the shared set of that task
  const activeCount = arena.int32(numMembers);
  const standbyCount = arena.int32(numMembers);
  const activeOne = arena.int32(numMembers);
  const standbyOne = arena.int32(numMembers);
  for (let t = 0; t < numTasks; t++) {
    const owner = activeOwner[t]!;
    const n = holderCount[t]!;
    for (let i = 0; i < n; i++) {
      const m = holders[t * stride + i]!;
      if (m === owner) {
        activeCount[m]!++;
        activeOne[m] = t;
      } else {
        standbyCount[m]!++;
        standbyOne[m] = t;
      }
    }
  }
  // members with two tasks or more of a role get maps of their own, numbered in member order (-1: none)
  const activeSlot = arena.int32(numMembers, -1);
  const standbySlot = arena.int32(numMembers, -1);
  let numActiveMaps = 0;
  let numStandbyMaps = 0;
  for (let m = 0; m < numMembers; m++) {
    if (activeCount[m]! > 1) activeSlot[m] = numActiveMaps++;
    if (standbyCount[m]! > 1) standbySlot[m] = numStandbyMaps++;
  }
  const active = new Array<Map<string, ReadonlySet<number>>>(numActiveMaps);
  const standby = new Array<Map<string, ReadonlySet<number>>>(numStandbyMaps);
  for (let i = 0; i < numActiveMaps; i++) active[i] = new Map();
  for (let i = 0; i < numStandbyMaps; i++) standby[i] = new Map();
  // per map: the subtopology it was last given a partition of, that partition, and its Set once a second one comes
  const lastActiveSub = arena.int32(numActiveMaps, -1);
  const lastStandbySub = arena.int32(numStandbyMaps, -1);
  const activeFirst = arena.int32(numActiveMaps);
  const standbyFirst = arena.int32(numStandbyMaps);
  const activeSet = new Array<Set<number> | null>(numActiveMaps).fill(null);
  const standbySet = new Array<Set<number> | null>(numStandbyMaps).fill(null);
  for (let s = 0; s < tasks.subtopologyIds.length; s++) {
    const sid = tasks.subtopologyIds[s]!;
    const base = tasks.base[s]!;
    const count = tasks.count[s]!;
    for (let p = 0; p < count; p++) {
      const t = base + p;
      const owner = activeOwner[t]!;
      const n = holderCount[t]!;
      for (let i = 0; i < n; i++) {
        const m = holders[t * stride + i]!;
        if (m === owner) {
          const k = activeSlot[m]!;
          if (k === -1) continue;
          if (lastActiveSub[k] !== s) {
            // a subtopology's first partition: the shared one-partition set until a second one comes
            lastActiveSub[k] = s;
            activeSet[k] = null;
            activeFirst[k] = p;
            active[k]!.set(sid, onePartition(p));
          } else (activeSet[k] ??= manyPartitions(active[k]!, sid, activeFirst[k]!)).add(p);
        } else {
          const k = standbySlot[m]!;
          if (k === -1) continue;
          if (lastStandbySub[k] !== s) {
            lastStandbySub[k] = s;
            standbySet[k] = null;
            standbyFirst[k] = p;
            standby[k]!.set(sid, onePartition(p));
          } else (standbySet[k] ??= manyPartitions(standby[k]!, sid, standbyFirst[k]!)).add(p);
        }
      }
    }
  }
  const members = new Map<string, MemberAssignment>();
  for (let m = 0; m < numMembers; m++) {
    const ac = activeCount[m]!;
    const sc = standbyCount[m]!;
    // members without tasks share one empty assignment, and empty roles one empty map (assignments are read-only)
    if (ac === 0 && sc === 0) {
      members.set(memberIds[m]!, NOTHING);
      continue;
    }
    const a = ac === 0 ? EMPTY : ac === 1 ? tasks.singleTaskSet(activeOne[m]!) : active[activeSlot[m]!]!;
    const s = sc === 0 ? EMPTY : sc === 1 ? tasks.singleTaskSet(standbyOne[m]!) : standby[standbySlot[m]!]!;
    members.set(memberIds[m]!, { activeTasks: a, standbyTasks: s, warmupTasks: EMPTY });
  }
  return { members };
}
