// Fills a request given in Kafka's JSON form with the schema defaults (omitted field = default).
import type { TaskIds } from '../model/tasks.ts';
import type { CopartitionGroup, Endpoint, KeyValue, StreamsGroupDescribeRequest, StreamsGroupHeartbeatRequest, Subtopology, TaskOffset, TopicInfo, Topology } from './messages.ts';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);
export const nstr = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const int = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : d);
export const bool = (v: unknown): boolean => v === true;
export const arr = <T>(v: unknown, f: (x: unknown) => T): T[] => (Array.isArray(v) ? v.map(f) : []);
export const narr = <T>(v: unknown, f: (x: unknown) => T): T[] | null => (Array.isArray(v) ? v.map(f) : null);

export const keyValue = (v: unknown): KeyValue => (isObj(v) ? { key: str(v.key), value: str(v.value) } : { key: '', value: '' });
export const taskIds = (v: unknown): TaskIds => (isObj(v) ? { subtopologyId: str(v.subtopologyId), partitions: arr(v.partitions, (p) => int(p)) } : { subtopologyId: '', partitions: [] });
export const taskOffset = (v: unknown): TaskOffset =>
  isObj(v) ? { subtopologyId: str(v.subtopologyId), partition: int(v.partition), offset: int(v.offset) } : { subtopologyId: '', partition: 0, offset: 0 };
export const topicInfo = (v: unknown): TopicInfo =>
  isObj(v)
    ? { name: str(v.name), partitions: int(v.partitions), replicationFactor: int(v.replicationFactor), topicConfigs: arr(v.topicConfigs, keyValue) }
    : { name: '', partitions: 0, replicationFactor: 0, topicConfigs: [] };
const copartitionGroup = (v: unknown): CopartitionGroup =>
  isObj(v)
    ? { sourceTopics: arr(v.sourceTopics, (x) => int(x)), sourceTopicRegex: arr(v.sourceTopicRegex, (x) => int(x)), repartitionSourceTopics: arr(v.repartitionSourceTopics, (x) => int(x)) }
    : { sourceTopics: [], sourceTopicRegex: [], repartitionSourceTopics: [] };

export function subtopology(v: unknown): Subtopology {
  const o = isObj(v) ? v : {};
  return {
    subtopologyId: str(o.subtopologyId),
    sourceTopics: arr(o.sourceTopics, (x) => str(x)),
    sourceTopicRegex: arr(o.sourceTopicRegex, (x) => str(x)),
    stateChangelogTopics: arr(o.stateChangelogTopics, topicInfo),
    repartitionSinkTopics: arr(o.repartitionSinkTopics, (x) => str(x)),
    repartitionSourceTopics: arr(o.repartitionSourceTopics, topicInfo),
    copartitionGroups: arr(o.copartitionGroups, copartitionGroup),
  };
}

export function topology(v: unknown): Topology | null {
  if (!isObj(v)) return null;
  return { epoch: int(v.epoch), subtopologies: arr(v.subtopologies, subtopology) };
}

export const endpoint = (v: unknown): Endpoint | null => (isObj(v) ? { host: str(v.host), port: int(v.port) } : null);

export function normalizeHeartbeatRequest(data: Obj): StreamsGroupHeartbeatRequest {
  return {
    groupId: str(data.groupId),
    memberId: str(data.memberId),
    memberEpoch: int(data.memberEpoch),
    endpointInformationEpoch: int(data.endpointInformationEpoch),
    instanceId: nstr(data.instanceId),
    rackId: nstr(data.rackId),
    rebalanceTimeoutMs: int(data.rebalanceTimeoutMs, -1),
    topology: topology(data.topology),
    activeTasks: narr(data.activeTasks, taskIds),
    standbyTasks: narr(data.standbyTasks, taskIds),
    warmupTasks: narr(data.warmupTasks, taskIds),
    processId: nstr(data.processId),
    userEndpoint: endpoint(data.userEndpoint),
    clientTags: narr(data.clientTags, keyValue),
    taskOffsets: narr(data.taskOffsets, taskOffset),
    taskEndOffsets: narr(data.taskEndOffsets, taskOffset),
    shutdownApplication: bool(data.shutdownApplication),
  };
}

/** Option D, heartbeat v2: the nullable OwnedTasks struct, flattened into the three lists the coordinator reads. */
export function flattenOwnedTasks(data: Obj, req: StreamsGroupHeartbeatRequest): StreamsGroupHeartbeatRequest {
  const o = data.ownedTasks;
  if (!isObj(o)) return { ...req, activeTasks: null, standbyTasks: null, warmupTasks: null };
  return { ...req, activeTasks: arr(o.activeTasks, taskIds), standbyTasks: arr(o.standbyTasks, taskIds), warmupTasks: arr(o.warmupTasks, taskIds) };
}

/** The v2 (option D) request as Kafka's JSON form shows it: OwnedTasks instead of the flat lists. */
export function nestedRequestJson(req: StreamsGroupHeartbeatRequest): Record<string, unknown> {
  const { activeTasks, standbyTasks, warmupTasks, ...rest } = req;
  const ownedTasks = activeTasks !== null && standbyTasks !== null && warmupTasks !== null ? { activeTasks, standbyTasks, warmupTasks } : null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    out[k] = v;
    if (k === 'topology') out.ownedTasks = ownedTasks;
  }
  return out;
}

export function normalizeDescribeRequest(data: Obj): StreamsGroupDescribeRequest {
  const req: StreamsGroupDescribeRequest = { groupIds: arr(data.groupIds, (x) => (typeof x === 'string' ? x : '')), includeAuthorizedOperations: bool(data.includeAuthorizedOperations) };
  if (data.includeTopologyDescription !== undefined) req.includeTopologyDescription = bool(data.includeTopologyDescription);
  return req;
}
