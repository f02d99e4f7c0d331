// kip1071-draft RPCs (kip1071-draft §2): StreamsGroupInitialize v0 (apiKey 88), StreamsGroupHeartbeat v0 (89),
// StreamsGroupDescribe v0 (90), in Kafka's JSON form; requests are filled with the schema defaults.
import type { TaskIds } from '../../model/tasks.ts';
import type { Endpoint, KeyValue, StreamsGroupHeartbeatRequest, Subtopology, TaskOffset, TopicInfo } from '../../protocol/messages.ts';
// the same lenient JSON readers as the shipped edition's request normalisation
import { arr, endpoint, int, keyValue, narr, nstr, str, subtopology, taskIds, taskOffset, type Obj } from '../../protocol/normalize.ts';

export const DRAFT_API_KEYS = { StreamsGroupInitialize: 88, StreamsGroupHeartbeat: 89, StreamsGroupDescribe: 90 } as const;

// ---- StreamsGroupHeartbeat (§2.2) ----

/**
 * The shipped request's fields without EndpointInformationEpoch, and TopologyId instead of the topology. RebalanceTimeoutMs
 * -1 means unchanged; the branch ignores TaskOffsets, TaskEndOffsets and ShutdownApplication.
 */
export type DraftHeartbeatRequest = Omit<StreamsGroupHeartbeatRequest, 'endpointInformationEpoch' | 'topology'> & { topologyId: string | null };

export function normalizeDraftHeartbeat(data: Obj): DraftHeartbeatRequest {
  return {
    groupId: str(data.groupId),
    memberId: str(data.memberId),
    memberEpoch: int(data.memberEpoch, 0),
    instanceId: nstr(data.instanceId),
    rackId: nstr(data.rackId),
    rebalanceTimeoutMs: int(data.rebalanceTimeoutMs, -1),
    topologyId: nstr(data.topologyId),
    activeTasks: narr(data.activeTasks, taskIds),
    standbyTasks: narr(data.standbyTasks, taskIds),
    warmupTasks: narr(data.warmupTasks, taskIds),
    processId: nstr(data.processId),
    userEndpoint: endpoint(data.userEndpoint),
    clientTags: narr(data.clientTags, keyValue),
    taskOffsets: narr(data.taskOffsets, taskOffset),
    taskEndOffsets: narr(data.taskEndOffsets, taskOffset),
    shutdownApplication: data.shutdownApplication === true,
  };
}

export interface DraftHeartbeatResponse {
  throttleTimeMs: number;
  errorCode: number;
  errorMessage: string | null;
  memberId: string | null;
  memberEpoch: number;
  heartbeatIntervalMs: number;
  acceptableRecoveryLag: number;
  taskOffsetIntervalMs: number;
  shouldInitializeTopology: boolean;
  groupTopologyId: string | null;
  status: { statusCode: number; statusDetail: string }[] | null;
  activeTasks: TaskIds[] | null;
  standbyTasks: TaskIds[] | null;
  warmupTasks: TaskIds[] | null;
  partitionsByUserEndpoint: { userEndpoint: Endpoint; partitions: { topic: string; partitions: number[] }[] }[] | null;
}

/** Every field at its default: what an error response carries besides ErrorCode/ErrorMessage (§2.1). */
export function emptyDraftHeartbeatResponse(): DraftHeartbeatResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: null,
    memberId: null,
    memberEpoch: 0,
    heartbeatIntervalMs: 0,
    acceptableRecoveryLag: 0,
    taskOffsetIntervalMs: 0,
    shouldInitializeTopology: false,
    groupTopologyId: null,
    status: null,
    activeTasks: null,
    standbyTasks: null,
    warmupTasks: null,
    partitionsByUserEndpoint: null,
  };
}

// ---- StreamsGroupInitialize (§2.3) ----

export interface DraftInitializeRequest {
  groupId: string;
  topologyId: string;
  topology: Subtopology[];
}

export function normalizeDraftInitialize(data: Obj): DraftInitializeRequest {
  return { groupId: str(data.groupId), topologyId: str(data.topologyId), topology: arr(data.topology, subtopology) };
}

export interface DraftInitializeResponse {
  throttleTimeMs: number;
  errorCode: number;
  errorMessage: string | null;
}

// ---- StreamsGroupDescribe (§2.4) ----

export interface DraftDescribedTopicInfo {
  name: string;
  partitions: number;
  replicationFactor: number;
  topicConfigs: KeyValue[];
}

export interface DraftDescribedSubtopology {
  subtopologyId: string;
  sourceTopics: string[];
  repartitionSinkTopics: string[];
  sourceTopicRegex: string[];
  stateChangelogTopics: DraftDescribedTopicInfo[];
  repartitionSourceTopics: DraftDescribedTopicInfo[];
}

export interface DraftDescribedAssignment {
  activeTasks: TaskIds[];
  standbyTasks: TaskIds[];
  warmupTasks: TaskIds[];
}

export interface DraftDescribedMember {
  memberId: string;
  memberEpoch: number;
  instanceId: string | null;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  topologyId: string | null;
  processId: string | null;
  clientTags: KeyValue[];
  taskOffsets: TaskOffset[];
  taskEndOffsets: TaskOffset[];
  assignment: DraftDescribedAssignment;
  targetAssignment: DraftDescribedAssignment;
}

export interface DraftDescribedGroup {
  errorCode: number;
  errorMessage: string | null;
  groupId: string | null;
  groupState: string;
  groupEpoch: number;
  assignmentEpoch: number;
  topology: DraftDescribedSubtopology[] | null;
  members: DraftDescribedMember[];
  authorizedOperations: number;
}

export interface DraftDescribeResponse {
  throttleTimeMs: number;
  groups: DraftDescribedGroup[];
}

export function describedTopicInfo(t: TopicInfo): DraftDescribedTopicInfo {
  return { name: t.name, partitions: t.partitions, replicationFactor: t.replicationFactor, topicConfigs: t.topicConfigs.map((c) => ({ key: c.key, value: c.value })) };
}
