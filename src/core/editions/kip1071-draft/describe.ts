// kip1071-draft StreamsGroupDescribe (kip1071-draft §6): reads committed state, no side effects.
import { GROUP_STATE_NAMES, type StreamsGroup } from '../../coordinator/group.ts';
import type { Groups } from '../../coordinator/replay.ts';
import { memberIdOrder } from '../../coordinator/targetAssignment.ts';
import { EMPTY_TUPLE, toTaskIds, withoutEpochs, type TasksTuple } from '../../model/tasks.ts';
import { errorCode } from '../../protocol/errors.ts';
import { AUTHORIZED_OPERATIONS_OMITTED, type StreamsGroupDescribeRequest } from '../../protocol/messages.ts';
import { describedTopicInfo, type DraftDescribedAssignment, type DraftDescribedGroup, type DraftDescribeResponse } from './messages.ts';

/** READ, DELETE, DESCRIBE, DESCRIBE_CONFIGS, ALTER_CONFIGS: what a cluster without an authorizer allows. */
const ALL_GROUP_OPERATIONS = (1 << 3) | (1 << 6) | (1 << 8) | (1 << 10) | (1 << 11);
const E = 'kip1071-draft' as const;

function assignment(t: TasksTuple): DraftDescribedAssignment {
  return { activeTasks: toTaskIds(t.active), standbyTasks: toTaskIds(t.standby), warmupTasks: toTaskIds(t.warmup) };
}

function describeGroup(g: StreamsGroup, includeOps: boolean): DraftDescribedGroup {
  return {
    errorCode: 0,
    errorMessage: null,
    groupId: g.groupId,
    groupState: GROUP_STATE_NAMES[g.state()],
    groupEpoch: g.groupEpoch,
    assignmentEpoch: g.assignmentEpoch,
    topology: g.topology
      ? g.topology.subtopologies.map((s) => ({
          subtopologyId: s.subtopologyId,
          sourceTopics: [...s.sourceTopics],
          repartitionSinkTopics: [...s.repartitionSinkTopics],
          sourceTopicRegex: [...s.sourceTopicRegex],
          stateChangelogTopics: s.stateChangelogTopics.map(describedTopicInfo),
          repartitionSourceTopics: s.repartitionSourceTopics.map(describedTopicInfo),
        }))
      : null,
    members: memberIdOrder([...g.members.keys()]).map((id) => {
      const m = g.members.get(id)!;
      return {
        memberId: m.memberId,
        memberEpoch: m.memberEpoch,
        instanceId: m.instanceId,
        rackId: m.rackId,
        clientId: m.clientId,
        clientHost: m.clientHost,
        topologyId: m.topologyId ?? null,
        processId: m.processId === '' ? null : m.processId,
        clientTags: m.clientTags.map((t) => ({ key: t.key, value: t.value })),
        taskOffsets: [],
        taskEndOffsets: [],
        assignment: assignment(withoutEpochs(m.assignedTasks)),
        targetAssignment: assignment(g.targetAssignment.get(id) ?? EMPTY_TUPLE),
      };
    }),
    authorizedOperations: includeOps ? ALL_GROUP_OPERATIONS : AUTHORIZED_OPERATIONS_OMITTED,
  };
}

function errorEntry(groupId: string | null, code: number): DraftDescribedGroup {
  return { errorCode: code, errorMessage: null, groupId, groupState: '', groupEpoch: 0, assignmentEpoch: 0, topology: null, members: [], authorizedOperations: AUTHORIZED_OPERATIONS_OMITTED };
}

export function draftDescribeGroups(groups: Groups, req: StreamsGroupDescribeRequest): DraftDescribeResponse {
  return {
    throttleTimeMs: 0,
    groups: req.groupIds.map((id) => {
      // ⚠ an empty id is answered with a null GroupId
      if (!id) return errorEntry(null, errorCode(E, 'INVALID_GROUP_ID'));
      const g = groups.get(id);
      if (!g || !g.draft) return errorEntry(id, errorCode(E, 'GROUP_ID_NOT_FOUND'));
      return describeGroup(g, req.includeAuthorizedOperations);
    }),
  };
}
