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
  const active: (Map<string, ReadonlySet<number>> | undefined)[] = new Array(numMembers);
  const standby: (Map<string, ReadonlySet<number>> | undefined)[] = new Array(numMembers);
  // the Set of the current subtopology per member, valid while lastSub[m] is the current subtopology
  const lastActiveSub = arena.int32(numMembers, -1);
  const lastStandbySub = arena.int32(numMembers, -1);
  // the Set of the current subtopology per member once it has two partitions, and its first partition
  const activeSet: (Set<number> | undefined)[] = new Array(numMembers);
  const standbySet: (Set<number> | undefined)[] = new Array(numMembers);
  const activeFirst = arena.int32(numMembers);
  const standbyFirst = arena.int32(numMembers);
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
          if (activeCount[m] === 1) continue;
          if (lastActiveSub[m] !== s) {
            // a subtopology's first partition: the shared one-partition set until a second one comes
            lastActiveSub[m] = s;
            activeSet[m] = undefined;
            activeFirst[m] = p;
            (active[m] ??= new Map()).set(sid, onePartition(p));
          } else (activeSet[m] ??= manyPartitions(active[m]!, sid, activeFirst[m]!)).add(p);
        } else {
          if (standbyCount[m] === 1) continue;
          if (lastStandbySub[m] !== s) {
            lastStandbySub[m] = s;
            standbySet[m] = undefined;
            standbyFirst[m] = p;
            (standby[m] ??= new Map()).set(sid, onePartition(p));
          } else (standbySet[m] ??= manyPartitions(standby[m]!, sid, standbyFirst[m]!)).add(p);
        }
      }
    }
  }
  const members = new Map<string, MemberAssignment>();
  for (let m = 0; m < numMembers; m++) {
    const a = activeCount[m] === 1 ? tasks.singleTaskSet(activeOne[m]!) : active[m];
    const s = standbyCount[m] === 1 ? tasks.singleTaskSet(standbyOne[m]!) : standby[m];
    // members without tasks share one empty assignment, and empty roles one empty map (assignments are read-only)
    members.set(memberIds[m]!, a === undefined && s === undefined ? NOTHING : { activeTasks: a ?? EMPTY, standbyTasks: s ?? EMPTY, warmupTasks: EMPTY });
  }
  return { members };
}
