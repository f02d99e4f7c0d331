// Active task passes of the shipped sticky assignor (ak4-shipped §5.1 step 1, StickyTaskAssignor.assignActive).

import { ProcessHeap } from './process-heap.ts';
import type { Quotas } from './quotas.ts';
import type { AssignmentState } from './state.ts';
import { TaskAssignorException } from './types.ts';

export interface ActivePassOptions {
  /** [4.4] stateful pass: quota q_stateful and the stateful quota update; otherwise q_active. */
  readonly stateful: boolean;
  /** [4.4] PROCESS_BY_LOAD: equal loads ordered by stateless-active load; [4.2]: load only. */
  readonly statelessLoadTieBreak: boolean;
}

function taskName(state: AssignmentState, t: number): string {
  return `${state.tasks.subtopologyIds[state.tasks.taskSubtopology[t]!]}_${state.tasks.taskPartition[t]}`;
}

/** Which tasks an active pass covers: [4.4] stateful or stateless ones, [4.2] all. */
export type ActivePass = 'stateful' | 'stateless' | 'all';

/** assignActive: steps 1–3 of §5.1 over the tasks of `pass` not yet assigned. */
export function assignActive(state: AssignmentState, quotas: Quotas, pass: ActivePass, opts: ActivePassOptions): void {
  const tasks = state.tasks;
  const counts = state.memberTaskCount;
  const owner = state.activeOwner;
  const quota = opts.stateful ? quotas.statefulActive : quotas.active;
  const want = pass === 'all' ? -1 : pass === 'stateful' ? 1 : 0;
  const statefulSub = tasks.stateful;
  const sub = tasks.taskSubtopology;
  const inPass = (t: number) => want === -1 || statefulSub[sub[t]!] === want;

  const grant = (member: number, t: number) => {
    const n = state.addTask(member, t, true, opts.stateful);
    // addActiveTask: every grant updates the quotas it counts towards
    if (opts.stateful) quotas.statefulActive.maybeUpdate(n);
    quotas.active.maybeUpdate(n);
    quotas.total.maybeUpdate(n);
  };

  // 1. previous active owner, while under the pass's quota; tasks sorted by (partition, subtopologyId)
  const byPartition = tasks.byPartitionThenSubtopology;
  for (let i = 0; i < byPartition.length; i++) {
    const t = byPartition[i]!;
    if (!inPass(t)) continue;
    const prev = state.prevActiveMember[t]!;
    if (prev >= 0 && counts[prev]! < quota.perMember) grant(prev, t);
  }

  // 2. least-loaded previous standby candidate, while under the pass's quota
  if (state.prevStandbyList.length > 0) {
    for (let i = 0; i < byPartition.length; i++) {
      const t = byPartition[i]!;
      if (owner[t] !== -1 || !inPass(t)) continue;
      const prev = findPrevMemberWithLeastLoad(state, t, false);
      if (prev >= 0 && counts[prev]! < quota.perMember) grant(prev, t);
    }
  }

  // 3. the rest, sorted by (subtopologyId, partition), to the least-loaded member of the least-loaded process
  let processByLoad: ProcessHeap | null = null;
  const order = tasks.bySubtopologyThenPartition;
  for (let i = 0; i < order.length; i++) {
    const t = order[i]!;
    if (owner[t] !== -1 || !inPass(t)) continue;
    if (processByLoad === null) {
      // PROCESS_BY_LOAD ([4.4] with the stateless-active load as tie-break)
      processByLoad = new ProcessHeap(state.numProcesses, state.load, opts.statelessLoadTieBreak ? state.statelessActiveLoad : null, state.arena);
      processByLoad.offerAll(state.numProcesses);
    }
    const process = processByLoad.poll();
    if (process === -1) throw new TaskAssignorException(`No process available to assign active task ${taskName(state, t)}.`);
    const n = state.addTaskToLeastLoadedMember(process, t, true, opts.stateful);
    if (n === -1) throw new TaskAssignorException(`No member available to assign active task ${taskName(state, t)}.`);
    // the stateful quota is only read in steps 1 and 2, so step 3 leaves it alone
    quotas.active.maybeUpdate(n);
    quotas.total.maybeUpdate(n);
    processByLoad.offer(process);
  }
}

/**
 * findPrevMemberWithLeastLoad over the ranked standby candidates of `task`: the first candidate (skipping processes
 * that hold the task when `skipHolders`), replaced only by a later one whose process load AND member task count are
 * both strictly smaller. -1 if none.
 */
export function findPrevMemberWithLeastLoad(state: AssignmentState, task: number, skipHolders: boolean): number {
  const list = state.prevStandbyList;
  const to = state.prevStandbyTo(task);
  let candidate = -1;
  let candidateProcessLoad = Number.MAX_VALUE;
  let candidateMemberLoad = Number.MAX_VALUE;
  for (let i = state.prevStandbyFrom(task); i < to; i++) {
    const m = list[i]!;
    const p = state.memberProcess[m]!;
    if (skipHolders && state.hasTask(p, task)) continue;
    const processLoad = state.load[p]!;
    const memberLoad = state.memberTaskCount[m]!;
    if (candidate === -1 || (processLoad < candidateProcessLoad && memberLoad < candidateMemberLoad)) {
      candidate = m;
      candidateProcessLoad = processLoad;
      candidateMemberLoad = memberLoad;
    }
  }
  return candidate;
}
