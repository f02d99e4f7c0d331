// Turns the per-task holders of a run into the assignor's result maps.

import type { TaskSet } from '../model/tasks.ts';
import type { TaskIndex } from './task-index.ts';
import type { GroupAssignment, MemberAssignment } from './types.ts';

const EMPTY: TaskSet = new Map();

/**
 * buildGroupAssignment: every member gets an entry (missing → empty); the sticky assignor never gives warm-ups.
 * Tasks are visited in id order, so subtopologies appear in the describer's order and partitions ascend.
 */
export function buildGroupAssignment(tasks: TaskIndex, memberIds: readonly string[], activeOwner: Int32Array, holders: Int32Array, holderCount: Int32Array, stride: number): GroupAssignment {
  const numMembers = memberIds.length;
  const active: (Map<string, Set<number>> | undefined)[] = new Array(numMembers);
  const standby: (Map<string, Set<number>> | undefined)[] = new Array(numMembers);
  // the Set of the current subtopology per member, valid while lastSub[m] is the current subtopology
  const lastActiveSub = new Int32Array(numMembers).fill(-1);
  const lastStandbySub = new Int32Array(numMembers).fill(-1);
  const activeSet: (Set<number> | undefined)[] = new Array(numMembers);
  const standbySet: (Set<number> | undefined)[] = new Array(numMembers);
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
          if (lastActiveSub[m] !== s) {
            lastActiveSub[m] = s;
            const set = new Set<number>();
            activeSet[m] = set;
            (active[m] ??= new Map()).set(sid, set);
          }
          activeSet[m]!.add(p);
        } else {
          if (lastStandbySub[m] !== s) {
            lastStandbySub[m] = s;
            const set = new Set<number>();
            standbySet[m] = set;
            (standby[m] ??= new Map()).set(sid, set);
          }
          standbySet[m]!.add(p);
        }
      }
    }
  }
  const members = new Map<string, MemberAssignment>();
  for (let m = 0; m < numMembers; m++) {
    members.set(memberIds[m]!, { activeTasks: active[m] ?? new Map(), standbyTasks: standby[m] ?? new Map(), warmupTasks: EMPTY });
  }
  return { members };
}
