// The service layer (GroupCoordinatorService): request checks that run before the coordinator.
// A request rejected here writes nothing and does not refresh the member's session.
import { apiError, type ApiError } from '../protocol/errors.ts';
import type { StreamsGroupHeartbeatRequest } from '../protocol/messages.ts';
import type { VariantRules } from '../variants/index.ts';
import { SHIPPED_RELEASE, type ReleaseRules } from '../releases/index.ts';

const isBlank = (s: string | null): boolean => s !== null && s.trim().length === 0;

/** throwIfNotEmptyCollection: null counts as "not empty". */
const notEmpty = (l: unknown[] | null): boolean => l === null || l.length > 0;

/**
 * throwIfStreamsGroupHeartbeatRequestIsUsingUnsupportedFeatures then throwIfStreamsGroupHeartbeatRequestIsInvalid,
 * in Kafka's order: the first failing check wins.
 */
export function validateHeartbeat(req: StreamsGroupHeartbeatRequest, rules: VariantRules, version = 1, release: ReleaseRules = SHIPPED_RELEASE): ApiError | null {
  const nested = rules.nestedReport && version >= 2;
  // [4.1–4.3] static membership, task offsets and warm-up tasks are not supported yet (KIP-1071; accepted from 4.4)
  if (release.switches.serviceRejectsLaterFeatures) {
    if (req.instanceId !== null) return apiError('INVALID_REQUEST', 'Static membership is not yet supported.');
    if (req.taskOffsets !== null) return apiError('INVALID_REQUEST', 'TaskOffsets are not supported yet.');
    if (req.taskEndOffsets !== null) return apiError('INVALID_REQUEST', 'TaskEndOffsets are not supported yet.');
    if (req.warmupTasks !== null && req.warmupTasks.length > 0) return apiError('INVALID_REQUEST', 'WarmupTasks are not supported yet.');
  }
  // unsupported features: source topic regexes
  if (req.topology?.subtopologies.some((s) => s.sourceTopicRegex.length > 0)) {
    return apiError('INVALID_REQUEST', 'Regular expressions for source topics are not supported yet.');
  }
  if (isBlank(req.memberId)) return apiError('INVALID_REQUEST', "MemberId can't be empty.");
  if (isBlank(req.groupId)) return apiError('INVALID_REQUEST', "GroupId can't be empty.");
  if (isBlank(req.instanceId)) return apiError('INVALID_REQUEST', "InstanceId can't be empty.");
  if (isBlank(req.rackId)) return apiError('INVALID_REQUEST', "RackId can't be empty.");
  if (req.memberEpoch === 0) {
    // join: rebalance timeout given, three empty owned-task lists, a topology
    if (req.rebalanceTimeoutMs === -1) return apiError('INVALID_REQUEST', 'RebalanceTimeoutMs must be provided in first request.');
    // option D (v2): one OwnedTasks struct, non-null with three empty lists on join (proposal)
    if (nested && [req.activeTasks, req.standbyTasks, req.warmupTasks].some(notEmpty)) return apiError('INVALID_REQUEST', 'OwnedTasks must be non-null and empty when (re-)joining.');
    if (notEmpty(req.activeTasks)) return apiError('INVALID_REQUEST', 'ActiveTasks must be empty when (re-)joining.');
    if (notEmpty(req.standbyTasks)) return apiError('INVALID_REQUEST', 'StandbyTasks must be empty when (re-)joining.');
    if (notEmpty(req.warmupTasks)) return apiError('INVALID_REQUEST', 'WarmupTasks must be empty when (re-)joining.');
    if (req.topology === null) return apiError('INVALID_REQUEST', 'Topology must be non-null when (re-)joining.');
    for (const s of req.topology.subtopologies) {
      for (const c of s.stateChangelogTopics) {
        // changelog topics must leave the partition count undefined
        if (c.partitions !== 0) {
          return apiError('STREAMS_INVALID_TOPOLOGY', `Changelog topic ${c.name} must have an undefined partition count, but it is set to ${c.partitions}.`);
        }
      }
    }
  } else if (req.memberEpoch === -2) {
    if (req.instanceId === null) return apiError('INVALID_REQUEST', "InstanceId can't be null.");
  } else if (req.memberEpoch < -2) {
    return apiError('INVALID_REQUEST', `MemberEpoch is ${req.memberEpoch}, but must be greater than or equal to -2.`);
  }
  // all-or-none: if one owned-task list is non-null, all must be (every epoch)
  if (rules.serviceRejectsPartial(version)) {
    // (counted without a list: this runs for every heartbeat)
    const given = (req.activeTasks !== null ? 1 : 0) + (req.standbyTasks !== null ? 1 : 0) + (req.warmupTasks !== null ? 1 : 0);
    if (given > 0 && given < 3) return apiError('INVALID_REQUEST', 'If one task-type is non-null, all must be non-null.');
  }
  if (req.memberEpoch !== 0 && req.topology !== null) return apiError('INVALID_REQUEST', 'Topology can only be provided when (re-)joining.');
  return null;
}
