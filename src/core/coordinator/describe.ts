// StreamsGroupDescribe (shipped): the service checks the ids, the coordinator reads the committed state.
import { errorCode, type Edition } from '../protocol/errors.ts';
import {
  AUTHORIZED_OPERATIONS_OMITTED,
  describedGroupError,
  type DescribedAssignment,
  type DescribedGroup,
  type DescribedSubtopology,
  type KeyValue,
  type StreamsGroupDescribeRequest,
  type StreamsGroupDescribeResponse,
  type TaskOffset,
  type TopicInfo,
} from '../protocol/messages.ts';
import { hashMapOrder, stringHashCode } from '../util/java.ts';
import { EMPTY_TUPLE, toTaskIds, withoutEpochs, type TasksTuple } from '../model/tasks.ts';
import { isReady } from '../model/topology.ts';
import { GROUP_STATE_NAMES, type StreamsGroup } from './group.ts';
import type { Groups } from './replay.ts';
import { memberIdOrder } from './targetAssignment.ts';

/** READ, DELETE, DESCRIBE, DESCRIBE_CONFIGS and ALTER_CONFIGS on the group: what a cluster without an authorizer allows. */
export const ALL_GROUP_OPERATIONS = (1 << 3) | (1 << 6) | (1 << 8) | (1 << 10) | (1 << 11);

function assignment(t: TasksTuple): DescribedAssignment {
  return { activeTasks: toTaskIds(t.active), standbyTasks: toTaskIds(t.standby), warmupTasks: toTaskIds(t.warmup) };
}

const byName = (a: TopicInfo, b: TopicInfo) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function describedTopology(g: StreamsGroup): DescribedGroup['topology'] {
  if (!g.topology) return null;
  // StreamsGroup.asDescribedGroup reads the configured topology at the committed offset
  const ct = g.committedConfiguredTopology;
  // [4.1] none is null, and one not ready lists its subtopologies when it has them (release switch readinessFromConfiguredTopology)
  if (g.readinessFromConfiguredTopology && ct === null) return null;
  if (g.readinessFromConfiguredTopology && !ct!.subtopologies) return { epoch: ct!.topologyEpoch, subtopologies: [] };
  if (ct && (isReady(ct) || g.readinessFromConfiguredTopology) && ct.subtopologies) {
    // a ready topology is described with its resolved partition counts
    const stored = new Map(g.topology.subtopologies.map((s) => [s.subtopologyId, s]));
    const subs: DescribedSubtopology[] = ct.subtopologies.map((s) => {
      const orig = stored.get(s.subtopologyId);
      const info = (name: string, partitions: number): TopicInfo => {
        const o = [...(orig?.stateChangelogTopics ?? []), ...(orig?.repartitionSourceTopics ?? [])].find((t) => t.name === name);
        return { name, partitions, replicationFactor: o?.replicationFactor ?? 0, topicConfigs: o?.topicConfigs ?? [] };
      };
      return {
        subtopologyId: s.subtopologyId,
        sourceTopics: [...s.sourceTopics].sort(),
        repartitionSinkTopics: [...s.repartitionSinkTopics].sort(),
        stateChangelogTopics: [...s.stateChangelogTopics].map(([n, p]) => info(n, p)).sort(byName),
        repartitionSourceTopics: [...s.repartitionSourceTopics].map(([n, p]) => info(n, p)).sort(byName),
      };
    });
    return { epoch: g.topology.epoch, subtopologies: subs };
  }
  // otherwise the stored topology as the members sent it, lists sorted by name
  return {
    epoch: g.topology.epoch,
    subtopologies: g.topology.subtopologies.map((s) => ({
      subtopologyId: s.subtopologyId,
      sourceTopics: [...s.sourceTopics].sort(),
      repartitionSinkTopics: [...s.repartitionSinkTopics].sort(),
      stateChangelogTopics: [...s.stateChangelogTopics].sort(byName),
      repartitionSourceTopics: [...s.repartitionSourceTopics].sort(byName),
    })),
  };
}

/**
 * StreamsGroupMember.asStreamsGroupDescribeMember lists the member's client-tag map as it iterates: a java.util.HashMap
 * (Collectors.toMap in StreamsGroupMember.Builder.updateWith) filled from the record, whose tags are sorted by key.
 */
function describedClientTags(tags: readonly KeyValue[]): KeyValue[] {
  const byKey = new Map(tags.map((t) => [t.key, t.value]));
  return hashMapOrder(
    [...tags].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((t) => t.key),
    stringHashCode,
  ).map((key) => ({ key, value: byKey.get(key)! }));
}

/** StreamsGroupMember.taskOffsetsFromMap: subtopology ids sorted, then partitions sorted. */
function describedTaskOffsets(list: readonly TaskOffset[] | null): TaskOffset[] {
  if (!list) return [];
  return [...list]
    .sort((a, b) => (a.subtopologyId < b.subtopologyId ? -1 : a.subtopologyId > b.subtopologyId ? 1 : a.partition - b.partition))
    .map((o) => ({ subtopologyId: o.subtopologyId, partition: o.partition, offset: o.offset }));
}

export function describeGroups(groups: Groups, req: StreamsGroupDescribeRequest, edition: Edition): StreamsGroupDescribeResponse {
  const out: DescribedGroup[] = req.groupIds.map((groupId) => {
    // every field at its default (the v1 fields are added by the response's version later)
    const base: DescribedGroup = describedGroupError(groupId, 0, 0);
    // service: a null or empty id is INVALID_GROUP_ID
    if (groupId.length === 0) return { ...base, groupId: '', errorCode: errorCode(edition, 'INVALID_GROUP_ID') };
    const g = groups.get(groupId);
    // (read at the committed offset: a group put in the map without a record is not there yet)
    if (!g || g.uncommitted) return { ...base, errorCode: errorCode(edition, 'GROUP_ID_NOT_FOUND'), errorMessage: `Group ${groupId} not found.` };
    if (g.classic) return { ...base, errorCode: errorCode(edition, 'GROUP_ID_NOT_FOUND'), errorMessage: `Group ${groupId} is not a streams group.` };
    return {
      ...base,
      groupState: GROUP_STATE_NAMES[g.state(true)],
      groupEpoch: g.groupEpoch,
      assignmentEpoch: g.assignmentEpoch,
      topology: describedTopology(g),
      members: memberIdOrder([...g.members.keys()]).map((id) => {
        const m = g.members.get(id)!;
        const offsets = g.taskOffsets.get(id);
        return {
          memberId: m.memberId,
          memberEpoch: m.memberEpoch,
          instanceId: m.instanceId,
          rackId: m.rackId,
          clientId: m.clientId,
          clientHost: m.clientHost,
          topologyEpoch: m.topologyEpoch,
          processId: m.processId,
          userEndpoint: m.userEndpoint,
          clientTags: describedClientTags(m.clientTags),
          taskOffsets: describedTaskOffsets(offsets?.offsets ?? null),
          taskEndOffsets: describedTaskOffsets(offsets?.endOffsets ?? null),
          assignment: assignment(withoutEpochs(m.assignedTasks)),
          targetAssignment: assignment(g.targetAssignment.get(id) ?? EMPTY_TUPLE),
          isClassic: false,
        };
      }),
      authorizedOperations: req.includeAuthorizedOperations ? ALL_GROUP_OPERATIONS : AUTHORIZED_OPERATIONS_OMITTED,
    };
  });
  // GroupCoordinatorService.streamsGroupDescribe answers an empty id at once, ahead of the groups the shard reads
  // (its future joins the list first; FutureUtils.combineFutures keeps the list's order)
  const invalid = out.filter((g) => g.groupId === '');
  return { throttleTimeMs: 0, groups: invalid.length === 0 ? out : [...invalid, ...out.filter((g) => g.groupId !== '')] };
}
