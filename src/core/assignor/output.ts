// Turns per-member task id lists into the assignor's result maps.

import type { TaskSet } from '../model/tasks.ts';
import type { TaskIndex } from './task-index.ts';
import type { GroupAssignment, MemberAssignment } from './types.ts';

const EMPTY: TaskSet = new Map();

/** Groups task ids by subtopology; keys in the describer's (sorted) order, partitions ascending. */
export function toTaskSet(tasks: TaskIndex, ids: number[]): TaskSet {
  if (ids.length === 0) return new Map();
  ids.sort((a, b) => a - b);
  const out = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  let currentSub = -1;
  for (const t of ids) {
    const s = tasks.taskSubtopology[t]!;
    if (s !== currentSub) {
      currentSub = s;
      current = new Set<number>();
      out.set(tasks.subtopologyIds[s]!, current);
    }
    current!.add(tasks.taskPartition[t]!);
  }
  return out;
}

/** buildGroupAssignment: every member gets an entry (missing → empty); the sticky assignor never gives warm-ups. */
export function buildGroupAssignment(tasks: TaskIndex, memberIds: readonly string[], active: number[][], standby: number[][]): GroupAssignment {
  const members = new Map<string, MemberAssignment>();
  for (let m = 0; m < memberIds.length; m++) {
    members.set(memberIds[m]!, {
      activeTasks: toTaskSet(tasks, active[m]!),
      standbyTasks: toTaskSet(tasks, standby[m]!),
      warmupTasks: EMPTY,
    });
  }
  return { members };
}
