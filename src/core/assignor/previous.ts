// The previous assignment as the shipped assignor reads it: activeTaskToPrevMember and ranked standby candidates.

import { Arena } from './arena.ts';
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
export function collectPrevious(tasks: TaskIndex, specs: readonly AssignmentMemberSpec[], rules: FlavourRules, arena: Arena = new Arena()): PreviousAssignment {
  const numTasks = tasks.numTasks;
  const prevActiveMember = arena.int32(numTasks, -1);
  const prevStandbyStart = arena.int32(numTasks + 1);
  // Candidates as parallel arrays, chained per task in collection order (member order, then role).
  let cap = 64;
  let cMember = arena.int32(cap);
  let cRank = arena.uint8(cap);
  let cOffset = arena.float64(cap);
  let cNext = arena.int32(cap);
  const head = arena.int32(numTasks, -1);
  const tail = arena.int32(numTasks, -1);
  let n = 0;
  const add = (t: number, member: number, rank: number, offsetSum: number) => {
    if (n === cap) {
      cap *= 2;
      const grow = <A extends Int32Array | Uint8Array | Float64Array>(a: A, b: A): A => (b.set(a), b);
      cMember = grow(cMember, arena.int32(cap));
      cRank = grow(cRank, arena.uint8(cap));
      cOffset = grow(cOffset, arena.float64(cap));
      cNext = grow(cNext, arena.int32(cap));
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
    // (most members of a large group hold nothing in most roles: an empty role costs no call)
    if (spec.activeTasks.size > 0) {
      for (const [s, ps] of spec.activeTasks) {
        for (const p of ps) {
          const t = tasks.id(s, p);
          if (t >= 0) prevActiveMember[t] = m;
        }
      }
    }
    for (let r = 0; r < (rules.warmupsAreStandbyCandidates ? 2 : 1); r++) {
      const role = r === 0 ? spec.standbyTasks : spec.warmupTasks;
      if (role.size === 0) continue;
      for (const [s, ps] of role) {
        const offsets = ranked ? spec.taskOffsets.get(s) : undefined;
        for (const p of ps) {
          const t = tasks.id(s, p);
          if (t >= 0) add(t, m, 0, offsets?.get(p) ?? 0);
        }
      }
    }
    if (ranked && spec.taskOffsets.size > 0) {
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
  const list = arena.int32(n);
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
