// RPC messages in Kafka's JSON form (camelCase field names, as the broker's request logger prints them).
// Field order follows the message schemas; it is the order of the JSON output.
import type { TaskIds } from '../model/tasks.ts';

export interface KeyValue {
  key: string;
  value: string;
}

export interface TopicInfo {
  name: string;
  partitions: number;
  replicationFactor: number;
  topicConfigs: KeyValue[];
}

export interface CopartitionGroup {
  sourceTopics: number[];
  sourceTopicRegex: number[];
  repartitionSourceTopics: number[];
}

export interface Subtopology {
  subtopologyId: string;
  sourceTopics: string[];
  sourceTopicRegex: string[];
  stateChangelogTopics: TopicInfo[];
  repartitionSinkTopics: string[];
  repartitionSourceTopics: TopicInfo[];
  copartitionGroups: CopartitionGroup[];
}

/** StreamsGroupHeartbeatRequest.Topology (ak4). */
export interface Topology {
  epoch: number;
  subtopologies: Subtopology[];
}

export interface Endpoint {
  host: string;
  port: number;
}

export interface TaskOffset {
  subtopologyId: string;
  partition: number;
  offset: number;
}

export interface StreamsGroupHeartbeatRequest {
  groupId: string;
  memberId: string;
  memberEpoch: number;
  endpointInformationEpoch: number;
  instanceId: string | null;
  rackId: string | null;
  rebalanceTimeoutMs: number;
  topology: Topology | null;
  activeTasks: TaskIds[] | null;
  standbyTasks: TaskIds[] | null;
  warmupTasks: TaskIds[] | null;
  processId: string | null;
  userEndpoint: Endpoint | null;
  clientTags: KeyValue[] | null;
  taskOffsets: TaskOffset[] | null;
  taskEndOffsets: TaskOffset[] | null;
  shutdownApplication: boolean;
}

export interface Status {
  statusCode: number;
  statusDetail: string;
}

export interface TopicPartition {
  topic: string;
  partitions: number[];
}

export interface EndpointToPartitions {
  userEndpoint: Endpoint;
  activePartitions: TopicPartition[];
  standbyPartitions: TopicPartition[];
}

/** The response as the coordinator builds it; `heartbeatResponseJson` renders it for a request version. */
export interface StreamsGroupHeartbeatResponse {
  throttleTimeMs: number;
  errorCode: number;
  errorMessage: string | null;
  memberId: string;
  memberEpoch: number;
  heartbeatIntervalMs: number;
  acceptableRecoveryLag: number;
  taskOffsetIntervalMs: number;
  status: Status[] | null;
  activeTasks: TaskIds[] | null;
  standbyTasks: TaskIds[] | null;
  warmupTasks: TaskIds[] | null;
  topologyDescriptionRequired: boolean;
  endpointInformationEpoch: number;
  partitionsByUserEndpoint: EndpointToPartitions[] | null;
  /** KAFKA-20870 option B proposal (v2+): the broker asks for a full owned-task report. */
  ownedTasksRequired?: boolean;
}

/** Status codes of the shipped protocol (StreamsGroupHeartbeatResponse.Status). */
export const STATUS = {
  STALE_TOPOLOGY: 0,
  MISSING_SOURCE_TOPICS: 1,
  INCORRECTLY_PARTITIONED_TOPICS: 2,
  MISSING_INTERNAL_TOPICS: 3,
  SHUTDOWN_APPLICATION: 4,
  ASSIGNMENT_DELAYED: 5,
  MISSING_CLIENT_TAGS: 6,
} as const;

export function statusName(code: number): string {
  for (const [n, c] of Object.entries(STATUS)) if (c === code) return n;
  return `UNKNOWN(${code})`;
}

export const HEARTBEAT_REQUEST_DEFAULTS: Omit<StreamsGroupHeartbeatRequest, 'groupId' | 'memberId' | 'memberEpoch'> = {
  endpointInformationEpoch: 0,
  instanceId: null,
  rackId: null,
  rebalanceTimeoutMs: -1,
  topology: null,
  activeTasks: null,
  standbyTasks: null,
  warmupTasks: null,
  processId: null,
  userEndpoint: null,
  clientTags: null,
  taskOffsets: null,
  taskEndOffsets: null,
  shutdownApplication: false,
};

export function emptyHeartbeatResponse(): StreamsGroupHeartbeatResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: null,
    memberId: '',
    memberEpoch: 0,
    heartbeatIntervalMs: 0,
    acceptableRecoveryLag: -1,
    taskOffsetIntervalMs: 0,
    status: null,
    activeTasks: null,
    standbyTasks: null,
    warmupTasks: null,
    topologyDescriptionRequired: false,
    endpointInformationEpoch: 0,
    partitionsByUserEndpoint: null,
  };
}

/** An error response: the empty response with the error code and message (the same object shape as any response). */
export function errorHeartbeatResponse(errorCode: number, errorMessage: string | null): StreamsGroupHeartbeatResponse {
  const r = emptyHeartbeatResponse();
  r.errorCode = errorCode;
  r.errorMessage = errorMessage;
  // Kafka 4.4 answers errors with Status [] (the field's default is the empty list), seen by sgp oracle
  r.status = [];
  return r;
}

/**
 * Renders a heartbeat response in Kafka's JSON form for a request version: v0 carries the int32
 * AcceptableRecoveryLagLegacy (always 0 on [4.4]); v1 carries the int64 AcceptableRecoveryLag and
 * TopologyDescriptionRequired.
 */
export function heartbeatResponseJson(r: StreamsGroupHeartbeatResponse, version: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    throttleTimeMs: r.throttleTimeMs,
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    memberId: r.memberId,
    memberEpoch: r.memberEpoch,
    heartbeatIntervalMs: r.heartbeatIntervalMs,
  };
  if (version === 0) out.acceptableRecoveryLagLegacy = 0;
  out.taskOffsetIntervalMs = r.taskOffsetIntervalMs;
  if (version >= 1) out.acceptableRecoveryLag = r.acceptableRecoveryLag;
  out.status = r.status;
  out.activeTasks = r.activeTasks;
  out.standbyTasks = r.standbyTasks;
  out.warmupTasks = r.warmupTasks;
  if (version >= 1) out.topologyDescriptionRequired = r.topologyDescriptionRequired;
  out.endpointInformationEpoch = r.endpointInformationEpoch;
  out.partitionsByUserEndpoint = r.partitionsByUserEndpoint;
  // KAFKA-20870 option B proposal: OwnedTasksRequired, versions 2+
  if (version >= 2 && r.ownedTasksRequired !== undefined) out.ownedTasksRequired = r.ownedTasksRequired;
  return out;
}

/** The response fields a client acts on, with the values `heartbeatResponseJson(r, version)` shows for them. */
export type HeartbeatResponseView = Readonly<
  Pick<StreamsGroupHeartbeatResponse, 'memberId' | 'memberEpoch' | 'heartbeatIntervalMs' | 'endpointInformationEpoch' | 'activeTasks' | 'standbyTasks' | 'warmupTasks' | 'ownedTasksRequired'>
>;

/** The client's view of a response without rendering the JSON form: OwnedTasksRequired exists from v2 only. */
export function heartbeatResponseView(r: StreamsGroupHeartbeatResponse, version: number): HeartbeatResponseView {
  return version >= 2 || r.ownedTasksRequired === undefined ? r : { ...r, ownedTasksRequired: undefined };
}

// ---- StreamsGroupDescribe (apiKey 89, v0) ----

export interface StreamsGroupDescribeRequest {
  groupIds: string[];
  includeAuthorizedOperations: boolean;
  /** v1+ (KIP-1331). */
  includeTopologyDescription?: boolean;
}

export interface DescribedAssignment {
  activeTasks: TaskIds[];
  standbyTasks: TaskIds[];
  warmupTasks: TaskIds[];
}

export interface DescribedMember {
  memberId: string;
  memberEpoch: number;
  instanceId: string | null;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  topologyEpoch: number;
  processId: string;
  userEndpoint: Endpoint | null;
  clientTags: KeyValue[];
  taskOffsets: TaskOffset[];
  taskEndOffsets: TaskOffset[];
  assignment: DescribedAssignment;
  targetAssignment: DescribedAssignment;
  isClassic: boolean;
}

export interface DescribedSubtopology {
  subtopologyId: string;
  sourceTopics: string[];
  repartitionSinkTopics: string[];
  stateChangelogTopics: TopicInfo[];
  repartitionSourceTopics: TopicInfo[];
}

export interface DescribedGroup {
  errorCode: number;
  errorMessage: string | null;
  groupId: string;
  groupState: string;
  groupEpoch: number;
  assignmentEpoch: number;
  topology: { epoch: number; subtopologies: DescribedSubtopology[] | null } | null;
  members: DescribedMember[];
  authorizedOperations: number;
  /** v1+ (KIP-1331): the stored topology description; the simulated broker stores none. */
  topologyDescription?: null;
  /** v1+: 0 NOT_REQUESTED, 1 NOT_STORED, 2 ERROR, 3 AVAILABLE. */
  topologyDescriptionStatus?: number;
  /** v1+ (KIP-1357): the group's task assignor. */
  assignorName?: string | null;
}

export interface StreamsGroupDescribeResponse {
  throttleTimeMs: number;
  groups: DescribedGroup[];
}

export const AUTHORIZED_OPERATIONS_OMITTED = -2147483648;

/**
 * A group's entry in a StreamsGroupDescribe error answer (StreamsGroupDescribeRequest.getErrorDescribedGroupList):
 * the error and every other field at its default, the v1 fields only from v1.
 */
export function describedGroupError(groupId: string, code: number, version: number): DescribedGroup {
  return {
    errorCode: code,
    errorMessage: null,
    groupId,
    groupState: '',
    groupEpoch: 0,
    assignmentEpoch: 0,
    topology: null,
    members: [],
    authorizedOperations: AUTHORIZED_OPERATIONS_OMITTED,
    ...(version >= 1 ? { topologyDescription: null, topologyDescriptionStatus: 0, assignorName: null } : {}),
  };
}
