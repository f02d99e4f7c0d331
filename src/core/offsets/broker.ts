// OffsetCommit at the broker, in the broker's order of layers: version, KafkaApis (partitions of unknown topics
// are answered UNKNOWN_TOPIC_OR_PARTITION and not forwarded), the service (group id), then the coordinator.
import type { BrokerView, RpcOutcome } from '../broker/types.ts';
import { errorCode, type ErrorName } from '../protocol/errors.ts';
import { commitOffset, errorResponse, firstError, normalizeOffsetCommitRequest, OFFSET_COMMIT_VERSIONS, type OffsetCommitRequest, type OffsetCommitResponse } from './commit.ts';
import { pushAll } from '../util/arrays.ts';

const NAMES: readonly ErrorName[] = [
  'UNKNOWN_TOPIC_OR_PARTITION',
  'OFFSET_METADATA_TOO_LARGE',
  'ILLEGAL_GENERATION',
  'INVALID_GROUP_ID',
  'UNKNOWN_MEMBER_ID',
  'GROUP_ID_NOT_FOUND',
  'STALE_MEMBER_EPOCH',
  'UNSUPPORTED_VERSION',
  'UNKNOWN_SERVER_ERROR',
];

/** The request in Kafka's JSON form for its version: RetentionTimeMs exists in v2–v4 only (Kafka's writer drops it elsewhere). */
function requestJson(req: OffsetCommitRequest, version: number): Record<string, unknown> {
  if (version >= 2 && version <= 4) return req as unknown as Record<string, unknown>;
  const { retentionTimeMs: _dropped, ...rest } = req;
  return rest;
}

export function offsetCommitRpc(broker: BrokerView, version: number, data: Record<string, unknown>): RpcOutcome {
  const edition = broker.options.edition.wire;
  const req = normalizeOffsetCommitRequest(data);
  const done = (response: OffsetCommitResponse, narration: string[], batch: RpcOutcome['batch'] = null, message: string | null = null): RpcOutcome => ({
    request: requestJson(req, version),
    response: response as unknown as Record<string, unknown>,
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
  // KafkaApis: a partition of a topic the cluster does not have is answered at once
  const unknown = errorCode(edition, 'UNKNOWN_TOPIC_OR_PARTITION');
  const known: OffsetCommitRequest = { ...req, topics: [] };
  const rejected: OffsetCommitResponse = { throttleTimeMs: 0, topics: [] };
  for (const t of req.topics) {
    const count = broker.topics.get(t.name);
    const exists = (p: { partitionIndex: number }) => count !== undefined && p.partitionIndex >= 0 && p.partitionIndex < count;
    // one pass each (a filter against the other list was quadratic)
    const ok = t.partitions.filter(exists);
    const bad = t.partitions.filter((p) => !exists(p));
    if (ok.length > 0) known.topics.push({ name: t.name, partitions: ok });
    if (bad.length > 0) rejected.topics.push({ name: t.name, partitions: bad.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: unknown })) });
  }
  const narration: string[] = [];
  if (rejected.topics.length > 0)
    narration.push(
      `KafkaApis answers UNKNOWN_TOPIC_OR_PARTITION for ${rejected.topics.map((t) => t.partitions.map((p) => `${t.name}-${p.partitionIndex}`).join(', ')).join(', ')}: no such partition in the cluster.`,
    );
  const merge = (r: OffsetCommitResponse): OffsetCommitResponse => ({ throttleTimeMs: 0, topics: [...r.topics, ...rejected.topics] });
  if (known.topics.length === 0) return done(merge({ throttleTimeMs: 0, topics: [] }), narration);
  // the service: the group id must not be empty
  if (req.groupId.trim() === '') return done(merge(errorResponse(known, errorCode(edition, 'INVALID_GROUP_ID'))), [...narration, 'The service rejects an empty group id.']);
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
