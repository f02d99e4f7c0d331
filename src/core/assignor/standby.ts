// Standby passes of the shipped sticky assignor (ak4-shipped §5.1 step 2, StickyTaskAssignor.assignStandby).

import { findPrevMemberWithLeastLoad } from './active.ts';
import type { Quotas } from './quotas.ts';
import { ProcessHeap } from './process-heap.ts';
import { RackAwareStandbyPicker } from './rack-aware.ts';
import { compareDoubles, type AssignmentState } from './state.ts';

const PREV_ACTIVE_HOLDER = 0;
const PREV_STANDBY_HOLDER = 1;
const NOT_PREV_HOLDER = 2;

export interface StandbyWarning {
  readonly subtopologyId: string;
  readonly partition: number;
  readonly unassigned: number;
}

/** Assigns `numStandbyReplicas` standbys of every stateful task; returns the replicas it could not place. */
export function assignStandby(state: AssignmentState, quotas: Quotas, rackAwareTags: readonly string[]): StandbyWarning[] {
  const tasks = state.tasks;
  const toLeastLoaded = state.arena.int32(tasks.numTasks); // remaining replicas per task
  const picker = rackAwareTags.length === 0 ? null : new RackAwareStandbyPicker(rackAwareTags, [...Array(state.numProcesses).keys()], (p) => state.processClientTags(p));

  // tasks sorted by (partition, subtopologyId) descending
  const order = tasks.byPartitionThenSubtopology;
  for (let i = order.length - 1; i >= 0; i--) {
    const t = order[i]!;
    if (!tasks.isStateful(t)) continue;
    // [4.4] rack diversity ranks above stickiness; stickiness only breaks its ties
    const placed = picker ? assignRackAwareStandbys(state, quotas, picker, t) : 0;
    toLeastLoaded[t] = assignStickyStandbys(state, quotas, t, placed);
  }

  // the rest by (subtopologyId, partition) descending, each replica to the least-loaded process not holding the task
  const warnings: StandbyWarning[] = [];
  const processByLoad = new ProcessHeap(state.numProcesses, state.load, null, state.arena);
  processByLoad.offerAll(state.numProcesses);
  const sp = tasks.bySubtopologyThenPartition;
  const polled: number[] = [];
  for (let i = sp.length - 1; i >= 0; i--) {
    const t = sp[i]!;
    const remaining = toLeastLoaded[t]!;
    for (let r = 0; r < remaining; r++) {
      if (!assignStandbyToMemberWithLeastLoad(state, quotas, processByLoad, t, polled)) {
        warnings.push({ subtopologyId: tasks.subtopologyIds[tasks.taskSubtopology[t]!]!, partition: tasks.taskPartition[t]!, unassigned: remaining - r });
        break;
      }
    }
  }
  return warnings;
}

/** Polls processes until one does not hold `t`, gives it to its least-loaded member, re-offers the polled ones last-first. */
function assignStandbyToMemberWithLeastLoad(state: AssignmentState, quotas: Quotas, queue: ProcessHeap, t: number, polled: number[]): boolean {
  polled.length = 0;
  let found = false;
  for (;;) {
    const p = queue.poll();
    if (p === -1) break;
    polled.push(p);
    if (!state.hasTask(p, t)) {
      const n = state.addTaskToLeastLoadedMember(p, t, false, true);
      if (n !== -1) {
        found = true;
        quotas.total.maybeUpdate(n);
      }
      break;
    }
    if (queue.size === 0) break;
  }
  // the Java method recurses, so the processes go back innermost first
  for (let i = polled.length - 1; i >= 0; i--) queue.offer(polled[i]!);
  return found;
}

/** Sticky pass from replica `firstReplica`: previous active member, then best previous standby; returns replicas left. */
function assignStickyStandbys(state: AssignmentState, quotas: Quotas, t: number, firstReplica: number): number {
  const replicas = state.numStandbyReplicas;
  const counts = state.memberTaskCount;
  for (let i = firstReplica; i < replicas; i++) {
    const prevActive = state.prevActiveMember[t]!;
    if (prevActive >= 0) {
      const p = state.memberProcess[prevActive]!;
      if (!state.hasTask(p, t) && counts[prevActive]! < quotas.total.perMember) {
        quotas.total.maybeUpdate(state.addTask(prevActive, t, false, true));
        continue;
      }
    }
    const prevStandby = findPrevMemberWithLeastLoad(state, t, true);
    if (prevStandby >= 0 && counts[prevStandby]! < quotas.total.perMember) {
      quotas.total.maybeUpdate(state.addTask(prevStandby, t, false, true));
      continue;
    }
    return replicas - i;
  }
  return 0;
}

/** [4.4] assignRackAwareStandbys: places the standbys that still add tag diversity; returns how many. */
function assignRackAwareStandbys(state: AssignmentState, quotas: Quotas, picker: RackAwareStandbyPicker, t: number): number {
  picker.startTask();
  for (let p = 0; p < state.numProcesses; p++) if (state.hasTask(p, t)) picker.markUsed(p);

  // prevHolderRanks: previous standby processes, then the previous active process (outranks)
  const ranks = new Map<number, number>();
  const list = state.prevStandbyList;
  for (let i = state.prevStandbyFrom(t); i < state.prevStandbyTo(t); i++) ranks.set(state.memberProcess[list[i]!]!, PREV_STANDBY_HOLDER);
  const prevActive = state.prevActiveMember[t]!;
  if (prevActive >= 0) ranks.set(state.memberProcess[prevActive]!, PREV_ACTIVE_HOLDER);

  const eligible = (p: number) => !state.hasTask(p, t) && state.hasRoom(p, quotas.total.perMember);
  const tieBreak = (a: number, b: number) => (ranks.get(a) ?? NOT_PREV_HOLDER) - (ranks.get(b) ?? NOT_PREV_HOLDER) || compareDoubles(state.load[a]!, state.load[b]!);

  let placed = 0;
  while (placed < state.numStandbyReplicas) {
    const winner = picker.pickNext(eligible, tieBreak);
    if (winner === -1) break;
    quotas.total.maybeUpdate(state.addTaskToLeastLoadedMember(winner, t, false, true));
    picker.markUsed(winner);
    placed++;
  }
  return placed;
}
