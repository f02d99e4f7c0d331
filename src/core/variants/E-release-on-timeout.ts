// Variant "E-release-on-timeout" (proposal): the rebalance timeout releases a member's tasks pending revocation
// instead of fencing the member. On top of `current` (the service layer and the builder are unchanged).
//
// Semantics, from today's rebalance timeout (runtime.ts 'rebalance-timeout' timer, scheduled by heartbeat.ts when a
// member enters UNREVOKED_TASKS, fencing the member if it is still at the captured epoch):
// 1. When the timer fires for a member still in UNREVOKED_TASKS at the captured epoch, the coordinator drops the
//    member's tasks pending revocation (every role) and writes one StreamsGroupCurrentMemberAssignment record: same
//    epoch, same previous epoch, state UNREVOKED_TASKS, same assigned tasks, nothing pending. Other members of the
//    group can be granted those tasks from then on; no other record is written, no epoch is bumped, the member's
//    session timer is untouched and no new rebalance timer is set.
// 2. The member's next heartbeat (at its epoch, so it is not fenced) counts the revocation as done whatever it
//    reports: the builder reads it as a complete report of exactly the assigned tasks (newer revocations, if the
//    target moved on meanwhile, still wait for the member), so the member moves on to the target epoch.
// 3. That response carries the member's whole assignment (all three lists), as after a join, so the client learns
//    at once that the released tasks are no longer its own.
// The persisted state "UNREVOKED_TASKS with nothing pending" marks step 2; it survives a failover.
// Cost (example 26, step 7): the member keeps a valid epoch, so until its next heartbeat an OffsetCommit it sends
// for a released task is accepted (the member's own epoch commits every partition), while a fenced member is refused.
import { defineVariant, SHIPPED_HEARTBEAT, SHIPPED_RULES } from './types.ts';

export default defineVariant({
  name: 'E-release-on-timeout',
  proposal: 'Proposal E',
  summary: "When the rebalance timeout fires, the member's tasks pending revocation are released to the others instead of fencing the member.",
  outcome:
    'A member that does not release its revoked tasks in time stays in the group: one CurrentMemberAssignment record frees its pending tasks for the others, and its next heartbeat moves it to the target epoch and sends it its whole assignment (under current it is fenced and rejoins). Until then its epoch stays valid: a late OffsetCommit for a released task is accepted.',
  editions: ['ak4'],
  runsOnKafka: false,
  // E: the rebalance timeout releases the pending revocations instead of fencing
  rules: { ...SHIPPED_RULES, onRebalanceTimeout: 'release-pending' },
  heartbeat: SHIPPED_HEARTBEAT,
  narration: {
    rebalanceTimeoutReleased: (memberId, tasks, timeoutMs, memberEpoch) =>
      `Member ${memberId} did not release ${tasks} within its rebalance timeout (${timeoutMs} ms). Under E-release-on-timeout it is not fenced: the coordinator releases those tasks so that other members can be granted them, and keeps ${memberId} at epoch ${memberEpoch} with nothing pending.`,
    movedOnAfterRelease: (memberId) =>
      `${memberId}'s revoked tasks were released by its rebalance timeout: this heartbeat counts the revocation as done, and the response carries ${memberId}'s whole assignment so that the client drops the released tasks.`,
  },
});
