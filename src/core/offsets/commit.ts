// The OffsetCommit RPC (apiKey 8) for streams groups: request/response in Kafka's JSON form, the broker's checks
// (KafkaApis: unknown partitions; the service: group id), and the coordinator's commitOffset, whose records
// (one OffsetCommit per accepted partition) form one atomic batch.
import type { OpContext, OpResult } from '../coordinator/context.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import { apiError, ApiError, errorCode, type Edition, type ErrorName } from '../protocol/errors.ts';
import { releaseContrast } from '../releases/narrate.ts';
import { DEFAULT_KAFKA_RELEASE } from '../releases/index.ts';
import { newSimpleClassicGroup } from '../coordinator/group.ts';
import { offsetCommitRecord } from './records.ts';
import { topicIdOf } from '../util/uuid.ts';
import type { OffsetAndMetadata } from './state.ts';
import { validateOffsetCommit } from './validate.ts';

/** OffsetCommit versions the simulated broker accepts, like Kafka 4.4: v0-1 were removed in Kafka 4.0 (KIP-896). */
export const OFFSET_COMMIT_VERSIONS: readonly [number, number] = [2, 10];
/** OffsetCommitResponse.useTopicIds: from v10 a topic is named by its TopicId (Name is v2-9). */
export const OFFSET_COMMIT_TOPIC_ID_MIN_VERSION = 10;
/** offset.metadata.max.bytes (Kafka's default). */
export const OFFSET_METADATA_MAX_SIZE = 4096;

export interface OffsetCommitPartition {
  partitionIndex: number;
  committedOffset: number;
  committedLeaderEpoch: number;
  committedMetadata: string | null;
}

export interface OffsetCommitRequest {
  groupId: string;
  generationIdOrMemberEpoch: number;
  memberId: string;
  groupInstanceId: string | null;
  retentionTimeMs: number;
  /** topicId: v10's (a uuid in Kafka's base64 form); the broker resolves it to the name (absent before v10). */
  topics: { topicId?: string; name: string; partitions: OffsetCommitPartition[] }[];
}

export interface OffsetCommitResponse {
  throttleTimeMs: number;
  /** topicId: v10's; name: v2-9's (the broker writes the version's field). */
  topics: { topicId?: string; name: string; partitions: { partitionIndex: number; errorCode: number }[] }[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const int = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : d);

/** Fills the schema defaults (GenerationIdOrMemberEpoch -1, RetentionTimeMs -1, CommittedLeaderEpoch -1, GroupInstanceId null). */
export function normalizeOffsetCommitRequest(data: Obj): OffsetCommitRequest {
  const topics = Array.isArray(data.topics) ? data.topics : [];
  return {
    groupId: typeof data.groupId === 'string' ? data.groupId : '',
    generationIdOrMemberEpoch: int(data.generationIdOrMemberEpoch, -1),
    memberId: typeof data.memberId === 'string' ? data.memberId : '',
    groupInstanceId: typeof data.groupInstanceId === 'string' ? data.groupInstanceId : null,
    retentionTimeMs: int(data.retentionTimeMs, -1),
    topics: topics.filter(isObj).map((t) => ({
      ...(typeof t.topicId === 'string' ? { topicId: t.topicId } : {}),
      name: typeof t.name === 'string' ? t.name : '',
      partitions: (Array.isArray(t.partitions) ? t.partitions : []).filter(isObj).map((p) => ({
        partitionIndex: int(p.partitionIndex, 0),
        committedOffset: int(p.committedOffset, 0),
        committedLeaderEpoch: int(p.committedLeaderEpoch, -1),
        committedMetadata: typeof p.committedMetadata === 'string' ? p.committedMetadata : p.committedMetadata === null ? null : '',
      })),
    })),
  };
}

/** Every partition of the request answered with one error (OffsetCommitRequest.getErrorResponse). */
export function errorResponse(req: OffsetCommitRequest, code: number): OffsetCommitResponse {
  return { throttleTimeMs: 0, topics: req.topics.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: code })) })) };
}

/**
 * The response in its version's form (OffsetCommitResponse): ThrottleTimeMs exists from v3, TopicId in v10 and Name
 * in v2-9.
 */
export function offsetCommitResponseJson(res: OffsetCommitResponse, version: number): Record<string, unknown> {
  const byId = version >= OFFSET_COMMIT_TOPIC_ID_MIN_VERSION;
  return {
    ...(version >= 3 ? { throttleTimeMs: res.throttleTimeMs } : {}),
    topics: res.topics.map(({ topicId, name, partitions }) => (byId ? { topicId: topicId ?? topicIdOf(name), partitions } : { name, partitions })),
  };
}

/** OffsetMetadataManager.commitOffset for a streams group. */
export function commitOffset(ctx: OpContext, req: OffsetCommitRequest, version: number): OpResult<OffsetCommitResponse> {
  let g = ctx.groups.get(req.groupId);
  let created = false;
  if (!g) {
    // v9+: GROUP_ID_NOT_FOUND; older versions: ILLEGAL_GENERATION
    if (req.generationIdOrMemberEpoch >= 0) throw version >= 9 ? apiError('GROUP_ID_NOT_FOUND', `Group ${req.groupId} not found.`) : apiError('ILLEGAL_GENERATION', null);
    // validateOffsetCommit: a negative epoch creates a simple classic group (it becomes real when the commit is replayed)
    g = newSimpleClassicGroup(req.groupId);
    created = true;
  }
  const exact = ctx.release.switches.offsetCommitNeedsExactEpoch;
  // a member's commit at an older epoch than its own: the release rule decides it (offsetCommitNeedsExactEpoch)
  const holder = g.classic || g.draft ? undefined : g.members.get(req.memberId);
  const olderEpoch = holder !== undefined && version >= 9 && req.generationIdOrMemberEpoch >= 0 && req.generationIdOrMemberEpoch < holder.memberEpoch;
  const exactContrast = () =>
    `${req.memberId} commits at epoch ${req.generationIdOrMemberEpoch}, older than its member epoch ${holder?.memberEpoch}. ` +
    releaseContrast(
      ctx.release,
      (r) => r.switches.offsetCommitNeedsExactEpoch,
      (v) => (v ? 'a commit needs exactly the member epoch (STALE_MEMBER_EPOCH)' : 'an older epoch passes for each partition whose task the member held since then'),
    );
  let validator: ReturnType<typeof validateOffsetCommit>;
  try {
    validator = validateOffsetCommit(g, req.memberId, req.generationIdOrMemberEpoch, version, exact);
  } catch (e) {
    if (exact && olderEpoch && e instanceof ApiError && !ctx.quiet) e.narration = [exactContrast()];
    throw e;
  }
  // RetentionTimeMs (v2-4 only) sets a per-commit expiry; otherwise the broker's retention applies
  const expireTimestamp = version >= 2 && version <= 4 && req.retentionTimeMs !== -1 ? ctx.now + req.retentionTimeMs : null;
  const records: CoordinatorRecord[] = [];
  const tooLarge = errorCode(ctx.edition, 'OFFSET_METADATA_TOO_LARGE');
  const response: OffsetCommitResponse = { throttleTimeMs: 0, topics: [] };
  for (const t of req.topics) {
    const rt = { name: t.name, partitions: [] as { partitionIndex: number; errorCode: number }[] };
    response.topics.push(rt);
    for (const p of t.partitions) {
      // metadata larger than offset.metadata.max.bytes fails only this partition
      if (p.committedMetadata !== null && p.committedMetadata.length > OFFSET_METADATA_MAX_SIZE) {
        rt.partitions.push({ partitionIndex: p.partitionIndex, errorCode: tooLarge });
        continue;
      }
      // per-partition validation: a failure fails the whole commit
      validator(t.name, p.partitionIndex);
      rt.partitions.push({ partitionIndex: p.partitionIndex, errorCode: 0 });
      const o: OffsetAndMetadata = { committedOffset: p.committedOffset, leaderEpoch: p.committedLeaderEpoch, metadata: p.committedMetadata ?? '', commitTimestamp: ctx.now, expireTimestamp };
      // KafkaApis.handleOffsetCommitRequest gives a by-name commit the topic's id from the metadata cache (none for an unknown topic)
      records.push(offsetCommitRecord(req.groupId, t.name, p.partitionIndex, o, ctx.topics.has(t.name) ? topicIdOf(t.name) : null));
    }
  }
  const n = records.length;
  const narration = created ? [`Group ${req.groupId} does not exist: a manual offset commit (epoch ${req.generationIdOrMemberEpoch}) creates a simple classic group, which only holds offsets.`] : [];
  narration.push(
    n > 0 ? `The coordinator writes ${n} OffsetCommit record(s) for group ${req.groupId} in one batch, stamped with commit time ${ctx.now} ms: retention counts from here.` : 'Nothing to commit.',
  );
  // getOrMaybeCreateClassicGroup put the group in the group map: without a record it stays there in memory only
  if (olderEpoch && !exact && !ctx.quiet && ctx.release.release !== DEFAULT_KAFKA_RELEASE) narration.push(exactContrast());
  return { response, records, effects: created && n === 0 ? [{ kind: 'put-group', group: g }] : [], narration };
}

/** The first non-zero partition error code of a response (OffsetCommit answers per partition), or 0. */
export function firstPartitionErrorCode(res: Pick<OffsetCommitResponse, 'topics'>): number {
  for (const t of res.topics) {
    for (const p of t.partitions) if (p.errorCode !== 0) return p.errorCode;
  }
  return 0;
}

/** The first non-zero partition error of a response, by name. */
export function firstError(edition: Edition, res: OffsetCommitResponse, names: readonly ErrorName[]): ErrorName | 'NONE' {
  const code = firstPartitionErrorCode(res);
  if (code === 0) return 'NONE';
  return names.find((n) => errorCode(edition, n) === code) ?? 'UNKNOWN_SERVER_ERROR';
}
