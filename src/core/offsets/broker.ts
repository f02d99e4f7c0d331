// OffsetCommit at the broker, in the broker's order of layers: version, KafkaApis (v10 topic ids resolved to names;
// unknown ids and partitions of unknown topics are answered at once and not forwarded), the service (group id), then the coordinator.
import type { BrokerView, RpcOutcome } from '../broker/types.ts';
import { errorCode, type ErrorName } from '../protocol/errors.ts';
import {
  commitOffset,
  errorResponse,
  firstError,
  normalizeOffsetCommitRequest,
  OFFSET_COMMIT_TOPIC_ID_MIN_VERSION,
  OFFSET_COMMIT_VERSIONS,
  offsetCommitResponseJson,
  type OffsetCommitRequest,
  type OffsetCommitResponse,
} from './commit.ts';
import { clusterTopicIds, topicNameOfId, ZERO_UUID } from './topicIds.ts';
import { topicIdOf } from '../util/uuid.ts';
import { pushAll } from '../util/arrays.ts';
import { addTopicPartitions, mergeTopicAnswers } from './topicAnswers.ts';

const NAMES: readonly ErrorName[] = [
  'UNKNOWN_TOPIC_ID',
  'UNKNOWN_TOPIC_OR_PARTITION',
  'OFFSET_METADATA_TOO_LARGE',
  'ILLEGAL_GENERATION',
  'INVALID_GROUP_ID',
  'UNKNOWN_MEMBER_ID',
  'GROUP_ID_NOT_FOUND',
  'STALE_MEMBER_EPOCH',
  'UNSUPPORTED_VERSION',
  'COORDINATOR_LOAD_IN_PROGRESS',
  'UNKNOWN_SERVER_ERROR',
];

/**
 * The request in Kafka's JSON form for its version: RetentionTimeMs exists in v2-4 only, TopicId in v10 and Name in
 * v2-9 (Kafka's writer drops the others).
 */
function requestJson(req: OffsetCommitRequest, version: number): Record<string, unknown> {
  const { retentionTimeMs, topics, ...rest } = req;
  const byId = version >= OFFSET_COMMIT_TOPIC_ID_MIN_VERSION;
  return {
    ...rest,
    ...(version >= 2 && version <= 4 ? { retentionTimeMs } : {}),
    topics: topics.map(({ topicId, name, partitions }) => (byId ? { topicId, partitions } : { name, partitions })),
  };
}

export function offsetCommitRpc(broker: BrokerView, version: number, data: Record<string, unknown>): RpcOutcome {
  const edition = broker.options.edition.wire;
  const byId = version >= OFFSET_COMMIT_TOPIC_ID_MIN_VERSION;
  const parsed = normalizeOffsetCommitRequest(data);
  // KafkaApis.handleOffsetCommitRequest (v10): each topic id is resolved to its name through the metadata cache; an
  // unknown (or zero) id leaves the name empty
  const req: OffsetCommitRequest = byId
    ? {
        ...parsed,
        topics: parsed.topics.map((t) => {
          const topicId = t.topicId ?? ZERO_UUID;
          return { ...t, topicId, name: topicNameOfId(broker.topics.keys(), topicId) ?? '' };
        }),
      }
    : { ...parsed, topics: parsed.topics.map(({ topicId: _v10Only, ...t }) => t) };
  const done = (response: OffsetCommitResponse, narration: string[], batch: RpcOutcome['batch'] = null, message: string | null = null): RpcOutcome => ({
    request: requestJson(req, version),
    response: offsetCommitResponseJson(response, version),
    errorName: firstError(edition, response, NAMES),
    errorMessage: message,
    memberId: null,
    memberEpoch: null,
    batch,
    narration,
    createdTopics: [],
  });
  const [lo, hi] = OFFSET_COMMIT_VERSIONS;
  if (version < lo || version > hi) return done(errorResponse(req, errorCode(edition, 'UNSUPPORTED_VERSION')), [`The simulated broker accepts OffsetCommit v${lo}-v${hi}, not v${version}.`]);
  // KafkaApis answers a topic id it cannot resolve (UNKNOWN_TOPIC_ID) and a partition of a topic the cluster does not
  // have (UNKNOWN_TOPIC_OR_PARTITION) at once, in the request's order (OffsetCommitResponse.Builder)
  const unknownId = errorCode(edition, 'UNKNOWN_TOPIC_ID');
  const unknown = errorCode(edition, 'UNKNOWN_TOPIC_OR_PARTITION');
  const known: OffsetCommitRequest = { ...req, topics: [] };
  // OffsetCommitResponse.Builder keys its topics by id from v10 (TopicIdBuilder), by name before (TopicNameBuilder)
  const key = (t: OffsetCommitResponse['topics'][number]): string => (byId ? (t.topicId ?? topicIdOf(t.name)) : t.name);
  const rejected: OffsetCommitResponse['topics'] = [];
  const unknownIds: string[] = [];
  const badPartitions: string[] = [];
  for (const t of req.topics) {
    if (byId && t.name === '') {
      unknownIds.push(t.topicId ?? ZERO_UUID);
      addTopicPartitions(rejected, key, { topicId: t.topicId ?? ZERO_UUID, name: '', partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: unknownId })) });
      continue;
    }
    const count = broker.topics.get(t.name);
    const exists = (p: { partitionIndex: number }) => count !== undefined && p.partitionIndex >= 0 && p.partitionIndex < count;
    // one pass each (a filter against the other list was quadratic)
    const ok = t.partitions.filter(exists);
    const bad = t.partitions.filter((p) => !exists(p));
    if (ok.length > 0) known.topics.push({ ...t, partitions: ok });
    if (bad.length > 0) {
      addTopicPartitions(rejected, key, { ...(byId ? { topicId: t.topicId } : {}), name: t.name, partitions: bad.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: unknown })) });
      for (const p of bad) badPartitions.push(`${t.name}-${p.partitionIndex}`);
    }
  }
  const narration: string[] = [];
  if (unknownIds.length > 0) narration.push(`KafkaApis answers UNKNOWN_TOPIC_ID for topic id ${unknownIds.join(', ')}: no topic of the cluster has it (${clusterTopicIds(broker.topics.keys())}).`);
  if (badPartitions.length > 0) narration.push(`KafkaApis answers UNKNOWN_TOPIC_OR_PARTITION for ${badPartitions.join(', ')}: no such partition in the cluster.`);
  // OffsetCommitResponse.Builder.merge: the coordinator's answer as it is when KafkaApis answered nothing itself (a
  // topic the request named twice stays twice), else each of its topics joins the first entry of its key
  const merge = (r: OffsetCommitResponse): OffsetCommitResponse => ({
    throttleTimeMs: 0,
    topics: mergeTopicAnswers(
      rejected,
      r.topics.map((t) => ({ ...(byId ? { topicId: topicIdOf(t.name) } : {}), name: t.name, partitions: t.partitions })),
      key,
    ),
  });
  if (known.topics.length === 0) return done(merge({ throttleTimeMs: 0, topics: [] }), narration);
  // GroupCoordinatorService.commitOffsets refuses only a null group id (INVALID_GROUP_ID), which the JSON form cannot
  // send: an empty one goes to the coordinator like any other (a manual commit creates a simple classic group "")
  // KafkaApis has answered its part; while a failover's new coordinator loads the partition, the runtime refuses
  // the commit (COORDINATOR_LOAD_IN_PROGRESS on each partition that reached it)
  if (broker.loadingUntil !== null) {
    narration.push(`The new coordinator is still loading the partition (until ${broker.loadingUntil} ms): COORDINATOR_LOAD_IN_PROGRESS, the client retries.`);
    return done(merge(errorResponse(known, errorCode(edition, 'COORDINATOR_LOAD_IN_PROGRESS'))), narration);
  }
  const c = broker.coordinator;
  const out = c.execute(
    () => commitOffset(c.context(broker.topics), known, version),
    (code) => errorResponse(known, code),
  );
  pushAll(narration, out.narration);
  if (out.errorName !== 'NONE')
    narration.push(`The coordinator refuses the whole commit with ${out.errorName}${out.errorMessage ? `: ${out.errorMessage.replace(/\.+$/, '')}` : ''}. Nothing was written.`);
  return done(merge(out.response), narration, out.batch, out.errorMessage);
}
