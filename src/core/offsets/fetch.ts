// OffsetFetch (apiKey 9) and OffsetDelete (apiKey 47) for streams groups and simple classic groups
// (OffsetMetadataManager.fetchOffsets / fetchAllOffsets / deleteOffsets, StreamsGroup.validateOffsetFetch). OffsetFetch
// v1-7 name one group at the top level, v8+ a list of groups (OffsetFetchRequest.groups() turns the old form into one
// group without a member); the response follows (OffsetFetchResponse.Builder.build).
import type { OpContext, OpResult } from '../coordinator/context.ts';
import type { StreamsGroup } from '../coordinator/group.ts';
import type { Groups } from '../coordinator/replay.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import { ApiError, apiError, errorCode, type Edition } from '../protocol/errors.ts';
import { offsetCommitTombstone } from './records.ts';
import { streamsGroupIsSubscribedToTopic } from './retention.ts';
import { ZERO_UUID } from './topicIds.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const ints = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

export interface OffsetFetchGroupRequest {
  groupId: string;
  memberId: string | null;
  memberEpoch: number;
  /** topicId: v10's (resolved to the name by the broker; absent before v10). */
  topics: { topicId?: string; name: string; partitionIndexes: number[] }[] | null;
}

/** OffsetFetch versions the simulated broker serves, like Kafka 4.4: v1-10 (v0 was removed in 4.0, KIP-896). */
export const OFFSET_FETCH_VERSIONS: readonly [number, number] = [1, 10];
/** OffsetFetchRequest.TOPIC_ID_MIN_VERSION: from v10 a topic is named by its TopicId (Name is v8-9). */
export const OFFSET_FETCH_TOPIC_ID_MIN_VERSION = 10;
/** OffsetFetchRequest.BATCH_MIN_VERSION: from v8 a request names a list of groups. */
export const OFFSET_FETCH_BATCH_MIN_VERSION = 8;
/** OffsetFetchRequest.TOP_LEVEL_ERROR_AND_NULL_TOPICS_MIN_VERSION: from v2 topics may be null (all) and the error is top-level. */
export const OFFSET_FETCH_TOP_LEVEL_ERROR_MIN_VERSION = 2;

const topicsOf = (v: unknown, byId = false): { topicId?: string; name: string; partitionIndexes: number[] }[] =>
  (Array.isArray(v) ? v : [])
    .filter(isObj)
    .map((t) => ({ ...(byId ? { topicId: typeof t.topicId === 'string' ? t.topicId : ZERO_UUID } : {}), name: typeof t.name === 'string' ? t.name : '', partitionIndexes: ints(t.partitionIndexes) }));

/**
 * The request's groups, whatever its version (OffsetFetchRequest.groups()): v8+ its list; v1-7 its one top-level group,
 * with no member id and epoch -1 (an admin-style fetch). Topics null mean all topics from v2 on; v1 cannot say so.
 */
export function normalizeOffsetFetchRequest(data: Obj, version = OFFSET_FETCH_BATCH_MIN_VERSION): { groups: OffsetFetchGroupRequest[]; requireStable: boolean } {
  const requireStable = data.requireStable === true;
  if (version < OFFSET_FETCH_BATCH_MIN_VERSION) {
    const all = data.topics === null && version >= OFFSET_FETCH_TOP_LEVEL_ERROR_MIN_VERSION;
    return { groups: [{ groupId: typeof data.groupId === 'string' ? data.groupId : '', memberId: null, memberEpoch: -1, topics: all ? null : topicsOf(data.topics) }], requireStable };
  }
  const groups = (Array.isArray(data.groups) ? data.groups : []).filter(isObj).map((g) => ({
    groupId: typeof g.groupId === 'string' ? g.groupId : '',
    memberId: typeof g.memberId === 'string' ? g.memberId : null,
    memberEpoch: typeof g.memberEpoch === 'number' ? g.memberEpoch : -1,
    topics: Array.isArray(g.topics) ? topicsOf(g.topics, version >= OFFSET_FETCH_TOPIC_ID_MIN_VERSION) : null,
  }));
  return { groups, requireStable };
}

/** The request in its version's JSON form: v1-7 the one group's fields at the top level (requireStable from v7); v10 topics by TopicId. */
export function offsetFetchRequestJson(req: { groups: OffsetFetchGroupRequest[]; requireStable: boolean }, version: number): Record<string, unknown> {
  if (version >= OFFSET_FETCH_TOPIC_ID_MIN_VERSION)
    return { ...req, groups: req.groups.map((g) => ({ ...g, topics: g.topics && g.topics.map(({ topicId, partitionIndexes }) => ({ topicId, partitionIndexes })) })) };
  if (version >= OFFSET_FETCH_BATCH_MIN_VERSION) return req as unknown as Record<string, unknown>;
  const g = req.groups[0]!;
  return { groupId: g.groupId, topics: g.topics, ...(version >= 7 ? { requireStable: req.requireStable } : {}) };
}

interface FetchedPartition {
  partitionIndex: number;
  committedOffset: number;
  committedLeaderEpoch: number;
  metadata: string;
  errorCode: number;
}

export interface OffsetFetchResponseGroup {
  groupId: string;
  /** topicId: v10's (the broker sets it; Name is v1-9's). */
  topics: { topicId?: string; name: string; partitions: FetchedPartition[] }[];
  errorCode: number;
}

/** StreamsGroup.validateOffsetFetch: a member id or a non-negative epoch names a member, whose epoch must match. */
function validateOffsetFetch(g: StreamsGroup, req: OffsetFetchGroupRequest): void {
  if (g.classic) return;
  if (req.memberId === null && req.memberEpoch < 0) return;
  const m = req.memberId === null ? undefined : g.members.get(req.memberId);
  if (!m) throw apiError('UNKNOWN_MEMBER_ID', `Member ${req.memberId} is not a member of group ${g.groupId}.`);
  if (req.memberEpoch !== m.memberEpoch) throw apiError('STALE_MEMBER_EPOCH', `The received member epoch ${req.memberEpoch} does not match the expected member epoch ${m.memberEpoch}.`);
}

const NO_OFFSET = (partitionIndex: number): FetchedPartition => ({ partitionIndex, committedOffset: -1, committedLeaderEpoch: -1, metadata: '', errorCode: 0 });

/** fetchOffsets (named topics) / fetchAllOffsets (topics null); an unknown group has no offsets (no error either). */
export function fetchOffsets(groups: Groups, req: OffsetFetchGroupRequest, edition: Edition): OffsetFetchResponseGroup {
  const g = groups.get(req.groupId);
  try {
    if (g) validateOffsetFetch(g, req);
  } catch (e) {
    return { groupId: req.groupId, topics: [], errorCode: errorCode(edition, e instanceof ApiError ? e.errorName : 'UNKNOWN_SERVER_ERROR') };
  }
  const entries = g ? [...g.offsets.entries()] : [];
  const fetched = (topic: string, p: number): FetchedPartition => {
    const e = entries.find((x) => x.topic === topic && x.partition === p);
    return e ? { partitionIndex: p, committedOffset: e.offset.committedOffset, committedLeaderEpoch: e.offset.leaderEpoch, metadata: e.offset.metadata, errorCode: 0 } : NO_OFFSET(p);
  };
  if (req.topics !== null) return { groupId: req.groupId, topics: req.topics.map((t) => ({ name: t.name, partitions: t.partitionIndexes.map((p) => fetched(t.name, p)) })), errorCode: 0 };
  const byTopic = new Map<string, FetchedPartition[]>();
  for (const e of entries) {
    let ps = byTopic.get(e.topic);
    if (!ps) byTopic.set(e.topic, (ps = []));
    ps.push(fetched(e.topic, e.partition));
  }
  return { groupId: req.groupId, topics: [...byTopic].map(([name, partitions]) => ({ name, partitions })), errorCode: 0 };
}

/** An unknown topic id's answer (KafkaApis: UNKNOWN_TOPIC_ID on each partition, no offset). */
export function unknownTopicIdPartitions(partitionIndexes: readonly number[], code: number): FetchedPartition[] {
  return partitionIndexes.map((p) => ({ ...NO_OFFSET(p), errorCode: code }));
}

/**
 * OffsetFetchResponse.groupError: from v2 the group's error code alone; v1 has no group-level error, so each partition
 * of the request carries it (offset -1, no metadata).
 */
export function offsetFetchGroupError(req: OffsetFetchGroupRequest, code: number, version: number): OffsetFetchResponseGroup {
  if (version >= OFFSET_FETCH_TOP_LEVEL_ERROR_MIN_VERSION) return { groupId: req.groupId, topics: [], errorCode: code };
  const topics = (req.topics ?? []).map((t) => ({ name: t.name, partitions: t.partitionIndexes.map((p) => ({ ...NO_OFFSET(p), errorCode: code })) }));
  return { groupId: req.groupId, topics, errorCode: 0 };
}

/**
 * OffsetFetchResponse.Builder.build: v8+ the groups as they are; v1-7 the one group's topics at the top level, with
 * ErrorCode from v2, ThrottleTimeMs from v3 and CommittedLeaderEpoch from v5 (older versions are written without them).
 */
export function offsetFetchResponseJson(groups: OffsetFetchResponseGroup[], version: number): Record<string, unknown> {
  if (version >= OFFSET_FETCH_TOPIC_ID_MIN_VERSION)
    return { throttleTimeMs: 0, groups: groups.map((g) => ({ ...g, topics: g.topics.map(({ topicId, partitions }) => ({ topicId: topicId ?? ZERO_UUID, partitions })) })) };
  if (version >= OFFSET_FETCH_BATCH_MIN_VERSION) return { throttleTimeMs: 0, groups };
  const g = groups[0] ?? { groupId: '', topics: [], errorCode: 0 };
  const topics = g.topics.map((t) => ({
    name: t.name,
    partitions: t.partitions.map(({ committedLeaderEpoch, ...p }) => ({
      partitionIndex: p.partitionIndex,
      committedOffset: p.committedOffset,
      ...(version >= 5 ? { committedLeaderEpoch } : {}),
      metadata: p.metadata,
      errorCode: p.errorCode,
    })),
  }));
  return { ...(version >= 3 ? { throttleTimeMs: 0 } : {}), topics, ...(version >= OFFSET_FETCH_TOP_LEVEL_ERROR_MIN_VERSION ? { errorCode: g.errorCode } : {}) };
}

export interface OffsetDeleteRequest {
  groupId: string;
  topics: { name: string; partitions: { partitionIndex: number }[] }[];
}

export interface OffsetDeleteResponse {
  errorCode: number;
  throttleTimeMs: number;
  topics: { name: string; partitions: { partitionIndex: number; errorCode: number }[] }[];
}

export function normalizeOffsetDeleteRequest(data: Obj): OffsetDeleteRequest {
  return {
    groupId: typeof data.groupId === 'string' ? data.groupId : '',
    topics: (Array.isArray(data.topics) ? data.topics : []).filter(isObj).map((t) => ({
      name: typeof t.name === 'string' ? t.name : '',
      partitions: (Array.isArray(t.partitions) ? t.partitions : []).filter(isObj).map((p) => ({ partitionIndex: typeof p.partitionIndex === 'number' ? p.partitionIndex : 0 })),
    })),
  };
}

/**
 * deleteOffsets: the group must exist; partitions of a topic the group is subscribed to get GROUP_SUBSCRIBED_TO_TOPIC;
 * the others are tombstoned when they have an offset.
 */
export function deleteOffsets(
  ctx: OpContext,
  req: OffsetDeleteRequest,
  edition: Edition,
  isSubscribed: (g: StreamsGroup, topic: string) => boolean = streamsGroupIsSubscribedToTopic,
): OpResult<OffsetDeleteResponse> {
  const g = ctx.groups.get(req.groupId);
  if (!g) throw apiError('GROUP_ID_NOT_FOUND', `Group ${req.groupId} not found.`);
  const records: CoordinatorRecord[] = [];
  const entries = [...g.offsets.entries()];
  const subscribed = errorCode(edition, 'GROUP_SUBSCRIBED_TO_TOPIC');
  const topics = req.topics.map((t) => {
    const sub = !g.classic && isSubscribed(g, t.name);
    return {
      name: t.name,
      partitions: t.partitions.map((p) => {
        if (sub) return { partitionIndex: p.partitionIndex, errorCode: subscribed };
        if (entries.some((e) => e.topic === t.name && e.partition === p.partitionIndex)) records.push(offsetCommitTombstone(req.groupId, t.name, p.partitionIndex));
        return { partitionIndex: p.partitionIndex, errorCode: 0 };
      }),
    };
  });
  const narration = [
    `OffsetDelete on ${req.groupId}: ${records.length} offset tombstone(s)${topics.some((t) => t.partitions.some((p) => p.errorCode === subscribed)) ? '; the group still reads some of the topics (GROUP_SUBSCRIBED_TO_TOPIC)' : ''}.`,
  ];
  return { response: { errorCode: 0, throttleTimeMs: 0, topics }, records, effects: [], narration };
}
