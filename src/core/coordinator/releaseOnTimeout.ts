// The rebalance timeout's `release-pending` rule (VariantRules.onRebalanceTimeout, variant E-release-on-timeout):
// the member's tasks pending revocation are released instead of the member being fenced; see
// src/core/variants/E-release-on-timeout.ts for the semantics.
import type { StreamsGroupMember } from '../model/member.ts';
import { withAssignment } from '../model/member.ts';
import { describeTasks, EMPTY_TUPLE, tupleIsEmpty, withoutEpochs } from '../model/tasks.ts';
import type { OwnedReport } from '../reconcile/index.ts';
import type { OpContext, OpResult } from './context.ts';
import type { StreamsGroup } from './group.ts';
import { currentAssignmentRecord } from './records.ts';

/** Step 1: one CurrentMemberAssignment record, same epochs and state, nothing pending any more (null: nothing to release). */
export function releasePendingOnTimeout(
  ctx: OpContext,
  group: StreamsGroup,
  m: StreamsGroupMember,
  narrate: (memberId: string, tasks: string, timeoutMs: number, memberEpoch: number) => string,
): OpResult<null> | null {
  const pending = m.tasksPendingRevocation;
  if (tupleIsEmpty(pending)) return null;
  const released = withAssignment(m, m.memberEpoch, m.previousMemberEpoch, m.state, m.assignedTasks, EMPTY_TUPLE);
  const roles = (['active', 'standby', 'warmup'] as const).filter((r) => pending[r].size > 0).map((r) => `${describeTasks(pending[r])} (${r})`);
  return {
    response: null,
    records: [currentAssignmentRecord(group.groupId, released, ctx.release.switches.taskAssignmentEpochs)],
    effects: [],
    narration: ctx.quiet ? [] : [narrate(m.memberId, roles.join(', '), m.rebalanceTimeoutMs, m.memberEpoch)],
  };
}

/** Step 2's marker: the member's revocation was released by its rebalance timeout and it has not heartbeated since. */
export function releasedOnTimeout(ctx: OpContext, m: StreamsGroupMember): boolean {
  return ctx.rules.onRebalanceTimeout === 'release-pending' && m.state === 'UNREVOKED_TASKS' && tupleIsEmpty(m.tasksPendingRevocation);
}

/** Step 2: the report the builder reads instead of the request's: complete, exactly the assigned tasks. */
export function assignedAsReport(m: StreamsGroupMember): OwnedReport {
  const t = withoutEpochs(m.assignedTasks);
  return { active: t.active, standby: t.standby, warmup: t.warmup };
}
