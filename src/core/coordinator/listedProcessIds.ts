// The process-id index walks of group.ts over a record's task lists instead of decoded task sets: a coordinator
// loading its log keeps members' tasks as their records' lists (loadLog.ts). Each walk changes the index exactly as
// the walk over the decoded set does, in the same order, provided no subtopology is listed twice in one list
// (loadLog decodes such records at once, see listsWalkLikeSets). addIn and removeIn, the standby and warm-up index's
// one-entry writes, serve both walks.
import type { TaskIds } from '../model/tasks.ts';
import { copySet } from '../util/maps.ts';

/**
 * A current-assignment record's task lists (StreamsGroupCurrentMemberAssignmentValue): what the process-id indexes
 * hold for a member whose tasks are not decoded yet.
 */
export interface AssignmentLists {
  readonly activeTasks: readonly TaskIds[];
  readonly standbyTasks: readonly TaskIds[];
  readonly warmupTasks: readonly TaskIds[];
  readonly activeTasksPendingRevocation: readonly TaskIds[];
  readonly standbyTasksPendingRevocation: readonly TaskIds[];
  readonly warmupTasksPendingRevocation: readonly TaskIds[];
}

/** Whether each list names every subtopology at most once: then a walk over it visits what the decoded set holds, in the set's order. */
export function listsWalkLikeSets(lists: AssignmentLists): boolean {
  return (
    distinctSubtopologies(lists.activeTasks) &&
    distinctSubtopologies(lists.standbyTasks) &&
    distinctSubtopologies(lists.warmupTasks) &&
    distinctSubtopologies(lists.activeTasksPendingRevocation) &&
    distinctSubtopologies(lists.standbyTasksPendingRevocation) &&
    distinctSubtopologies(lists.warmupTasksPendingRevocation)
  );
}

function distinctSubtopologies(list: readonly TaskIds[]): boolean {
  for (let i = 1; i < list.length; i++) {
    const s = list[i]!.subtopologyId;
    for (let j = 0; j < i; j++) if (list[j]!.subtopologyId === s) return false;
  }
  return true;
}

/** Whether every listed active task maps to pid. */
export function activeListHeld(index: ReadonlyMap<string, ReadonlyMap<number, string>>, list: readonly TaskIds[], pid: string): boolean {
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    const inner = index.get(t.subtopologyId);
    const ps = t.partitions;
    for (let j = 0; j < ps.length; j++) if (inner?.get(ps[j]!) !== pid) return false;
  }
  return true;
}

/** Whether every listed standby or warm-up task has pid among its processes. */
export function replicaListHeld(index: ReadonlyMap<string, ReadonlyMap<number, ReadonlySet<string>>>, list: readonly TaskIds[], pid: string): boolean {
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    const inner = index.get(t.subtopologyId);
    const ps = t.partitions;
    for (let j = 0; j < ps.length; j++) if (inner?.get(ps[j]!)?.has(pid) !== true) return false;
  }
  return true;
}

/** Maps every listed active task to pid (a subtopology listed with no partitions adds no entry). */
export function setListed(index: Map<string, Map<number, string>>, list: readonly TaskIds[], pid: string): void {
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    const ps = t.partitions;
    if (ps.length === 0) continue;
    let inner = index.get(t.subtopologyId);
    if (inner === undefined) index.set(t.subtopologyId, (inner = new Map()));
    for (let j = 0; j < ps.length; j++) inner.set(ps[j]!, pid);
  }
}

/** Unmaps every listed active task still mapped to pid; a subtopology left with none goes. */
export function deleteListedIfEquals(index: Map<string, Map<number, string>>, list: readonly TaskIds[], pid: string): void {
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    const inner = index.get(t.subtopologyId);
    if (inner === undefined || inner.size === 0) continue;
    const ps = t.partitions;
    for (let j = 0; j < ps.length; j++) if (inner.get(ps[j]!) === pid) inner.delete(ps[j]!);
    if (inner.size === 0) index.delete(t.subtopologyId);
  }
}

/** Adds pid to every listed standby or warm-up task. */
export function addListed(index: Map<string, Map<number, ReadonlySet<string>>>, list: readonly TaskIds[], pid: string): void {
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    const ps = t.partitions;
    for (let j = 0; j < ps.length; j++) addIn(index, t.subtopologyId, ps[j]!, pid);
  }
}

/** Removes pid from every listed standby or warm-up task; emptied entries go. */
export function removeListed(index: Map<string, Map<number, ReadonlySet<string>>>, list: readonly TaskIds[], pid: string): void {
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    const ps = t.partitions;
    for (let j = 0; j < ps.length; j++) removeIn(index, t.subtopologyId, ps[j]!, pid);
  }
}

// A standby or warm-up set in an index is immutable (a clone shares it): adding or removing a process replaces it.

export function addIn(m: Map<string, Map<number, ReadonlySet<string>>>, s: string, p: number, v: string): void {
  let inner = m.get(s);
  if (!inner) m.set(s, (inner = new Map()));
  const set = inner.get(p);
  if (set === undefined) inner.set(p, new Set<string>().add(v));
  else if (!set.has(v)) inner.set(p, copySet(set).add(v));
}

export function removeIn(m: Map<string, Map<number, ReadonlySet<string>>>, s: string, p: number, v: string): void {
  const inner = m.get(s);
  const set = inner?.get(p);
  // (an index never holds an empty set)
  if (!inner || !set || !set.has(v)) return;
  if (set.size > 1) {
    const next = copySet(set);
    next.delete(v);
    inner.set(p, next);
    return;
  }
  inner.delete(p);
  if (inner.size === 0) m.delete(s);
}
