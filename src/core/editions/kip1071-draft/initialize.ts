// kip1071-draft StreamsGroupInitialize in the coordinator (kip1071-draft §5, seed design).
import type { Effect, OpContext, OpResult } from '../../coordinator/context.ts';
import { softEffect } from '../../coordinator/context.ts';
import type { CoordinatorRecord } from '../../log/records.ts';
import { apiError } from '../../protocol/errors.ts';
import { draftCheckInternalTopicsExist, draftInitializeTopics } from '../../topology/draft.ts';
import { buildDraftTargetAssignment, computeSubscriptionMetadata, describeSubscription, sameSubscriptionMetadata } from './assignment.ts';
import { initTimerKey } from './heartbeat.ts';
import type { DraftInitializeRequest, DraftInitializeResponse } from './messages.ts';
import { draftGroupMetadataRecord, draftPartitionMetadataRecord, draftTargetAssignmentMetadataRecord, draftTopologyRecord } from './records.ts';
import { newDraftGroup } from './replay.ts';
import { METADATA_REFRESH_INTERVAL_MS, type DraftRules } from './rules.ts';
import { pushAll } from '../../util/arrays.ts';

const OK: DraftInitializeResponse = { throttleTimeMs: 0, errorCode: 0, errorMessage: null };

/**
 * Validation (§5.1), lookup (§5.2, the seed: "looks up or creates the group"), the pending-initialization check
 * (§5.3), the topic handling (seed: create internal topics, 131/134; branch: existence check, 129) and the
 * success records (§5.5). Cancelling the initialization timer is a side effect that survives a failure (§8.4),
 * so it is done directly on the coordinator's timers.
 */
export function draftInitialize(ctx: OpContext, req: DraftInitializeRequest, rules: DraftRules): OpResult<DraftInitializeResponse> {
  const { groupId, topologyId } = req;
  if (groupId.trim() === '') throw apiError('INVALID_REQUEST', "GroupId can't be empty.");
  if (req.topology.length === 0) throw apiError('INVALID_REQUEST', 'There must be at least one subtopology.');
  const narration: string[] = [];

  let group = ctx.groups.get(groupId);
  if (group?.classic) throw apiError('GROUP_ID_NOT_FOUND', `Group ${groupId} is not a streams group.`);
  if (!group) {
    if (!rules.initializeCreatesGroup) throw apiError('GROUP_ID_NOT_FOUND', `Streams group ${groupId} not found.`);
    group = newDraftGroup(groupId);
    narration.push(`Group ${groupId} does not exist: StreamsGroupInitialize creates it, already initialized and without members (seed design).`);
  }

  const key = initTimerKey(groupId, topologyId);
  const pending = ctx.timers.isScheduled(key);
  if (rules.initializeRequiresPendingTimer) {
    if (!pending) {
      return {
        response: OK,
        records: [],
        effects: [],
        narration: [
          `No initialization of topology ${topologyId} is pending for group ${groupId} (never asked, already done, timed out, or lost on fail-over): the branch ignores the request and answers NONE.`,
        ],
      };
    }
  } else if (group.topology !== null && group.topologyId === topologyId) {
    if (pending) ctx.timers.cancel(key);
    return { response: OK, records: [], effects: [], narration: [`Group ${groupId} is already initialized with topology ${topologyId}: nothing to do (NONE).`] };
  } else if (!pending && group.topology === null) {
    narration.push(`Nobody was asked to initialize group ${groupId} with topology ${topologyId}; the seed design lets any client initialize it.`);
  }
  // the timer is cancelled before the topics are checked, so a failure leaves no timer (§5.4, §9.3)
  if (pending) {
    ctx.timers.cancel(key);
    narration.push(`The initialization timer for topology ${topologyId} is cancelled.`);
  }

  let toCreate: { name: string; partitions: number }[] = [];
  if (rules.initializeCreatesTopics) {
    toCreate = draftInitializeTopics(req.topology, ctx.topics).toCreate.map((t) => ({ name: t.name, partitions: t.partitions, replicationFactor: t.replicationFactor }));
  } else draftCheckInternalTopicsExist(req.topology, ctx.topics);

  const records: CoordinatorRecord[] = [draftTopologyRecord(groupId, topologyId, req.topology)];
  const seen = new Set<string>();
  for (const s of req.topology) {
    // ⚠ duplicate subtopology ids break the map collector: UNKNOWN_SERVER_ERROR
    if (seen.has(s.subtopologyId)) throw new Error(`Duplicate key ${s.subtopologyId}`);
    seen.add(s.subtopologyId);
  }
  narration.push(
    group.topology === null
      ? `Group ${groupId} is initialized with topology ${topologyId} (${req.topology.length} subtopolog${req.topology.length === 1 ? 'y' : 'ies'}).`
      : `Group ${groupId}'s topology ${group.topologyId} is overwritten by topology ${topologyId} (seed: existing records are overwritten).`,
  );
  if (toCreate.length > 0) narration.push(`The broker creates the internal topics ${toCreate.map((t) => `${t.name} (${t.partitions})`).join(', ')}.`);

  // subscription metadata for the new topology, seeing the topics this request creates
  const image = new Map(ctx.topics);
  for (const t of toCreate) if (!image.has(t.name)) image.set(t.name, t.partitions);
  const subscription = computeSubscriptionMetadata(req.topology, image, rules.sourceTopicRegexSubscribes);
  if (!sameSubscriptionMetadata(subscription, group.draft!.partitionMetadata)) records.push(draftPartitionMetadataRecord(groupId, subscription));
  const epoch = group.groupEpoch + 1;
  records.push(draftGroupMetadataRecord(groupId, epoch));
  narration.push(`Subscribed topics: ${describeSubscription(subscription)}. The group epoch goes to ${epoch} and a first target assignment is computed; members learn it on their next heartbeat.`);

  if (group.members.size === 0 && !rules.emptyGroupInitializeRunsAssignor) {
    records.push(draftTargetAssignmentMetadataRecord(groupId, epoch));
  } else {
    const viewGroup = group;
    const r = buildDraftTargetAssignment({
      group: viewGroup,
      groupEpoch: epoch,
      updatedMember: null,
      replacedMemberId: null,
      topology: req.topology,
      subscription,
      assignor: ctx.assignor,
      regexes: rules.sourceTopicRegexSubscribes,
    });
    pushAll(records, r.records);
  }
  const deadline = { deadlineMs: ctx.now + METADATA_REFRESH_INTERVAL_MS, epoch };
  const effects: Effect[] = [softEffect(groupId, (g) => void (g.draft!.refreshDeadline = deadline))];
  if (!rules.initializeRequiresPendingTimer) {
    // seed: once initialized, nobody else is waited for (a timer for another topology id would fence its member)
    for (const t of ctx.timers.all()) if (t.task.kind === 'topology-initialization-timeout' && t.task.groupId === groupId) effects.push({ kind: 'cancel', key: t.key });
  }
  return {
    response: OK,
    records,
    effects,
    narration,
    topicsToCreate: toCreate,
  };
}
