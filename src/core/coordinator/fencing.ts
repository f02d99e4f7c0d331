// Member epoch fencing, shared by both editions (throwIfStreamsGroupMemberEpochIsInvalid; draft §4.5.3).
import type { StreamsGroupMember } from '../model/member.ts';
import { withoutEpochs, type TaskIds, type TaskSet } from '../model/tasks.ts';
import { apiError } from '../protocol/errors.ts';

/** The owned-task lists a heartbeat reports (each null when not sent). */
export interface ReportedLists {
  readonly memberEpoch: number;
  readonly activeTasks: TaskIds[] | null;
  readonly standbyTasks: TaskIds[] | null;
  readonly warmupTasks: TaskIds[] | null;
}

/** areOwnedTasksContainedInAssignedTasks: false for null; a subtopology without an assigned entry fails even if empty. */
export function ownedContainedInAssigned(owned: TaskIds[] | null, assigned: TaskSet): boolean {
  if (owned === null) return false;
  for (const t of owned) {
    const ps = assigned.get(t.subtopologyId);
    if (!ps) return false;
    for (const p of t.partitions) if (!ps.has(p)) return false;
  }
  return true;
}

/** A higher epoch is fenced; a lower one only passes as the previous epoch with owned ⊆ assigned in every role. */
export function throwIfMemberEpochIsInvalid(member: StreamsGroupMember, req: ReportedLists): void {
  const received = req.memberEpoch;
  if (received > member.memberEpoch) {
    throw apiError(
      'FENCED_MEMBER_EPOCH',
      `The streams group member has a greater member epoch (${received}) than the one known by the group coordinator (${member.memberEpoch}). The member must abandon all its partitions and rejoin.`,
    );
  }
  if (received < member.memberEpoch) {
    // stale epoch: accept only the previous epoch with owned ⊆ assigned for every role (null fails; pending revocations are not assigned)
    const assigned = withoutEpochs(member.assignedTasks);
    const ok =
      received === member.previousMemberEpoch &&
      ownedContainedInAssigned(req.activeTasks, assigned.active) &&
      ownedContainedInAssigned(req.standbyTasks, assigned.standby) &&
      ownedContainedInAssigned(req.warmupTasks, assigned.warmup);
    if (!ok) {
      throw apiError(
        'FENCED_MEMBER_EPOCH',
        `The streams group member has a smaller member epoch (${received}) than the one known by the group coordinator (${member.memberEpoch}). The member must abandon all its partitions and rejoin.`,
      );
    }
  }
}
