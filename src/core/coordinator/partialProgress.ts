// KAFKA-20870 option B: partial owned-task reports accumulate in memory; only completion is persisted.
import type { StreamsGroupMember } from '../model/member.ts';
import { equalTuples, intersection, isEmpty, ROLES, withoutEpochs, type Role, type TaskSet } from '../model/tasks.ts';
import { ABSENT_REPORT, isReportComplete, type OwnedReport } from '../reconcile/index.ts';
import type { StreamsGroup } from './group.ts';

export interface Accumulated {
  /** The report the builder should see: the member's own assignment when every role is released, else absent. */
  report: OwnedReport;
  apply: (g: StreamsGroup) => void;
  narration: string[];
}

export function accumulateReport(group: StreamsGroup, member: StreamsGroupMember, report: OwnedReport): Accumulated {
  const id = member.memberId;
  if (isReportComplete(report)) return { report, apply: (g) => g.setPartialProgress(id, null), narration: [] };
  const pending = member.tasksPendingRevocation;
  const prev = group.partialProgress.get(id);
  // progress is only valid for the same epoch and the same pending set
  const valid = prev !== undefined && prev.memberEpoch === member.memberEpoch && equalTuples(prev.pending, pending);
  const stillOwned: Partial<Record<Role, TaskSet>> = valid ? { ...prev.stillOwned } : {};
  for (const role of ROLES) {
    const r = report[role];
    if (r !== null) stillOwned[role] = intersection(pending[role], r);
  }
  const released = (role: Role) => isEmpty(pending[role]) || (stillOwned[role] !== undefined && isEmpty(stillOwned[role]!));
  if (ROLES.every(released)) {
    const owns = withoutEpochs(member.assignedTasks);
    return {
      report: { active: owns.active, standby: owns.standby, warmup: owns.warmup },
      apply: (g) => g.setPartialProgress(id, null),
      narration: [`Option B: the partial reports of ${id} now cover every role with pending revocations; the revocation completes.`],
    };
  }
  const progress = { memberEpoch: member.memberEpoch, pending, stillOwned };
  const missing = ROLES.filter((r) => !released(r));
  return {
    report: ABSENT_REPORT,
    apply: (g) => g.setPartialProgress(id, progress),
    narration: [`Option B: progress of ${id} is kept in memory only; still waiting for: ${missing.join(', ')}.`],
  };
}
