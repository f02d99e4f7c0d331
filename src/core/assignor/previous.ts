// The previous assignment as the shipped assignor reads it: activeTaskToPrevMember and ranked standby candidates.

import type { FlavourRules } from './flavours.ts';
import type { TaskIndex } from './task-index.ts';
import type { AssignmentMemberSpec } from './types.ts';

export interface PreviousAssignment {
  /** activeTaskToPrevMember: member index per task, -1 if none (a later member overwrites an earlier one). */
  readonly prevActiveMember: Int32Array;
  /** standbyTaskToPrevMember[t] = prevStandbyList[prevStandbyStart[t] .. prevStandbyStart[t + 1]), best first. */
  readonly prevStandbyStart: Int32Array;
  readonly prevStandbyList: Int32Array;
}

/** activeTaskToPrevMember (a later member wins) and ranked standby candidates ([4.4] collectStandbyCandidates). */
export function collectPrevious(tasks: TaskIndex, specs: readonly AssignmentMemberSpec[], rules: FlavourRules): PreviousAssignment {
  const numTasks = tasks.numTasks;
  const prevActiveMember = new Int32Array(numTasks).fill(-1);
  const prevStandbyStart = new Int32Array(numTasks + 1);
  // Candidates as parallel arrays, chained per task in collection order (member order, then role).
  let cap = 64;
  let cMember = new Int32Array(cap);
  let cRank = new Uint8Array(cap);
  let cOffset = new Float64Array(cap);
  let cNext = new Int32Array(cap);
  const head = new Int32Array(numTasks).fill(-1);
  const tail = new Int32Array(numTasks).fill(-1);
  let n = 0;
  const add = (t: number, member: number, rank: number, offsetSum: number) => {
    if (n === cap) {
      cap *= 2;
      const grow = <A extends Int32Array | Uint8Array | Float64Array>(a: A, b: A): A => (b.set(a), b);
      cMember = grow(cMember, new Int32Array(cap));
      cRank = grow(cRank, new Uint8Array(cap));
      cOffset = grow(cOffset, new Float64Array(cap));
      cNext = grow(cNext, new Int32Array(cap));
    }
    cMember[n] = member;
    cRank[n] = rank;
    cOffset[n] = offsetSum;
    cNext[n] = -1;
    if (head[t] === -1) head[t] = n;
    else cNext[tail[t]!] = n;
    tail[t] = n;
    n++;
  };
  const ranked = rules.offsetRankedStandbyCandidates;
  for (let m = 0; m < specs.length; m++) {
    const spec = specs[m]!;
    for (const [s, ps] of spec.activeTasks) {
      for (const p of ps) {
        const t = tasks.id(s, p);
        if (t >= 0) prevActiveMember[t] = m;
      }
    }
    const roles = rules.warmupsAreStandbyCandidates ? [spec.standbyTasks, spec.warmupTasks] : [spec.standbyTasks];
    for (const role of roles) {
      for (const [s, ps] of role) {
        const offsets = ranked ? spec.taskOffsets.get(s) : undefined;
        for (const p of ps) {
          const t = tasks.id(s, p);
          if (t >= 0) add(t, m, 0, offsets?.get(p) ?? 0);
        }
      }
    }
    if (ranked) {
      for (const [s, offsets] of spec.taskOffsets) {
        const standby = spec.standbyTasks.get(s);
        const warmup = rules.warmupsAreStandbyCandidates ? spec.warmupTasks.get(s) : undefined;
        for (const [p, offsetSum] of offsets) {
          // a task held as standby (or [4.4] warm-up) is already a rank-0 candidate
          if (standby?.has(p) || warmup?.has(p)) continue;
          const t = tasks.id(s, p);
          if (t >= 0) add(t, m, 1, offsetSum);
        }
      }
    }
  }
  // CSR lists, each ranked by STANDBY_CANDIDATE_ORDER: rank ascending, offset sum descending (stable)
  const start = prevStandbyStart;
  const list = new Int32Array(n);
  let k = 0;
  for (let t = 0; t < numTasks; t++) {
    start[t] = k;
    const first = k;
    for (let c = head[t]!; c !== -1; c = cNext[c]!) {
      // insertion sort: move c left past every strictly worse candidate
      let j = k++;
      while (j > first) {
        const prev = list[j - 1]!;
        const worse = cRank[prev]! > cRank[c]! || (cRank[prev] === cRank[c] && cOffset[prev]! < cOffset[c]!);
        if (!worse) break;
        list[j] = prev;
        j--;
      }
      list[j] = c;
    }
    for (let j = first; j < k; j++) list[j] = cMember[list[j]!]!;
  }
  start[numTasks] = k;
  return { prevActiveMember, prevStandbyStart, prevStandbyList: list };
}
