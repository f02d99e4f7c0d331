// Safety invariants over one coordinator state (and the state before the step, for monotonicity).
import type { StreamsGroup } from '../coordinator/group.ts';
import type { Groups } from '../coordinator/replay.ts';
import { withoutEpochs } from '../model/tasks.ts';
import type { Violation } from './types.ts';

/** Epochs seen at the previous step, per group. */
export interface EpochSnapshot {
  groupEpoch: number;
  assignmentEpoch: number;
  members: Map<string, number>;
}

export function snapshotEpochs(groups: Groups): Map<string, EpochSnapshot> {
  const out = new Map<string, EpochSnapshot>();
  for (const [id, g] of groups) out.set(id, { groupEpoch: g.groupEpoch, assignmentEpoch: g.assignmentEpoch, members: new Map([...g.members].map(([m, x]) => [m, x.memberEpoch])) });
  return out;
}

function checkGroup(g: StreamsGroup, before: EpochSnapshot | undefined, out: Violation[]): void {
  const activeOwner = new Map<string, string>();
  const pendingOwner = new Map<string, string>();
  for (const m of g.members.values()) {
    for (const [s, ps] of m.tasksPendingRevocation.active) for (const p of ps) pendingOwner.set(`${s}_${p}`, m.memberId);
  }
  for (const m of g.members.values()) {
    const assigned = withoutEpochs(m.assignedTasks).active;
    const mine = new Set<string>();
    for (const [s, ps] of assigned) for (const p of ps) mine.add(`${s}_${p}`);
    for (const [s, ps] of m.tasksPendingRevocation.active) for (const p of ps) mine.add(`${s}_${p}`);
    for (const t of mine) {
      const other = activeOwner.get(t);
      // no-double-active: one owner per active task, counting tasks still being revoked
      if (other !== undefined && other !== m.memberId) out.push({ invariant: 'no-double-active', message: `Task ${t} is active on ${other} and ${m.memberId} at once.` });
      activeOwner.set(t, m.memberId);
    }
    for (const [s, ps] of assigned) {
      for (const p of ps) {
        const holder = pendingOwner.get(`${s}_${p}`);
        // no-assign-while-pending: a task is granted only after its previous owner released it
        if (holder !== undefined && holder !== m.memberId) out.push({ invariant: 'no-assign-while-pending', message: `${m.memberId} is assigned ${s}_${p} while ${holder} still has it pending revocation.` });
      }
    }
    // valid-member-epochs: reconciled epochs never run ahead of the target or the group
    if (m.memberEpoch !== -2 && (m.memberEpoch > g.groupEpoch || (g.assignmentEpoch >= 0 && m.memberEpoch > Math.max(g.assignmentEpoch, 1)))) {
      out.push({ invariant: 'valid-member-epochs', message: `${m.memberId} is at epoch ${m.memberEpoch}, above the assignment epoch ${g.assignmentEpoch} or the group epoch ${g.groupEpoch}.` });
    }
  }
  // legal-target-assignment: one active owner per task, only tasks that exist, one role per process
  const targetOwner = new Map<string, string>();
  const sizes = new Map((g.configuredTopology?.subtopologies ?? []).map((s) => [s.subtopologyId, s.numberOfTasks]));
  const processRoles = new Map<string, string>();
  for (const [id, t] of g.targetAssignment) {
    const pid = g.members.get(id)?.processId ?? `?${id}`;
    for (const [role, set] of [['active', t.active], ['standby', t.standby], ['warmup', t.warmup]] as const) {
      for (const [s, ps] of set) {
        for (const p of ps) {
          const key = `${s}_${p}`;
          if (role === 'active') {
            const other = targetOwner.get(key);
            if (other !== undefined) out.push({ invariant: 'legal-target-assignment', message: `The target gives ${key} as active to both ${other} and ${id}.` });
            targetOwner.set(key, id);
          }
          const n = sizes.get(s);
          if (g.configuredTopology?.problem === null && (n === undefined || p < 0 || p >= n)) out.push({ invariant: 'legal-target-assignment', message: `The target gives ${id} task ${key}, which the topology does not have.` });
          const seen = processRoles.get(`${pid}|${key}`);
          if (seen !== undefined && seen !== `${id}/${role}`) out.push({ invariant: 'legal-target-assignment', message: `Process ${pid} gets ${key} twice in the target (${seen} and ${id}/${role}).` });
          processRoles.set(`${pid}|${key}`, `${id}/${role}`);
        }
      }
    }
  }
  // stable-at-group-epoch: Stable means every member is Stable at the group epoch
  if (g.state() === 'STABLE') {
    for (const m of g.members.values()) {
      if (m.state !== 'STABLE' || m.memberEpoch !== g.groupEpoch) out.push({ invariant: 'stable-at-group-epoch', message: `The group is Stable but ${m.memberId} is ${m.state} at epoch ${m.memberEpoch} (group epoch ${g.groupEpoch}).` });
    }
  }
  // epochs-monotonic: nothing goes backwards while the group (and the member) exists
  if (before) {
    if (g.groupEpoch < before.groupEpoch) out.push({ invariant: 'epochs-monotonic', message: `The group epoch went back from ${before.groupEpoch} to ${g.groupEpoch}.` });
    if (g.assignmentEpoch < before.assignmentEpoch) out.push({ invariant: 'epochs-monotonic', message: `The assignment epoch went back from ${before.assignmentEpoch} to ${g.assignmentEpoch}.` });
    for (const m of g.members.values()) {
      const prev = before.members.get(m.memberId);
      if (prev !== undefined && prev !== -2 && m.memberEpoch !== -2 && m.memberEpoch < prev) out.push({ invariant: 'epochs-monotonic', message: `${m.memberId}'s epoch went back from ${prev} to ${m.memberEpoch}.` });
    }
  }
}

export function checkSafety(groups: Groups, before: Map<string, EpochSnapshot>): Violation[] {
  const out: Violation[] = [];
  for (const [id, g] of groups) checkGroup(g, before.get(id), out);
  return out;
}
