// The broker side of ListGroups and DeleteGroups (KafkaApis → the group coordinator), in both editions.
import { deleteGroups, distinctGroupIds, listGroups, normalizeDeleteGroupsRequest, normalizeListGroupsRequest, type DeleteGroupsResponse } from '../coordinator/adminGroups.ts';
import type { StreamsGroup } from '../coordinator/group.ts';
import { errorCode, type ErrorName } from '../protocol/errors.ts';
import type { BrokerView, RpcOutcome } from './types.ts';
import { alterGroupConfigs, InvalidConfig, InvalidGroupResource } from './groupConfigs.ts';
import {
  deleteOffsets,
  fetchOffsets,
  normalizeOffsetDeleteRequest,
  normalizeOffsetFetchRequest,
  type OffsetDeleteResponse,
  OFFSET_FETCH_BATCH_MIN_VERSION,
  OFFSET_FETCH_TOP_LEVEL_ERROR_MIN_VERSION,
  OFFSET_FETCH_TOPIC_ID_MIN_VERSION,
  offsetFetchGroupError,
  offsetFetchRequestJson,
  offsetFetchResponseJson,
  unknownTopicIdPartitions,
} from '../offsets/fetch.ts';
import { ALL_GROUP_OPERATIONS } from '../coordinator/describe.ts';
import { AUTHORIZED_OPERATIONS_OMITTED } from '../protocol/messages.ts';
import { clusterTopicIds, topicIdInCluster, topicNameOfId, ZERO_UUID } from '../offsets/topicIds.ts';
import { topicIdOf } from '../util/uuid.ts';
import { addTopicPartitions, mergeTopicAnswers } from '../offsets/topicAnswers.ts';

const byName = (t: { name: string }): string => t.name;

function outcome(request: unknown, response: unknown, errorName: ErrorName | 'NONE', narration: string[], batch: RpcOutcome['batch'] = null): RpcOutcome {
  return {
    request: request as Record<string, unknown>,
    response: response as Record<string, unknown>,
    errorName,
    errorMessage: null,
    memberId: null,
    memberEpoch: null,
    batch,
    narration,
    createdTopics: [],
  };
}

export function listGroupsRpc(broker: BrokerView, version: number, data: Record<string, unknown>): RpcOutcome {
  const req = normalizeListGroupsRequest(data);
  const full = listGroups(broker.coordinator.groups, req);
  // ListGroupsResponse: GroupState is a v4+ field, GroupType v5+ (both ignorable: older versions are written without them)
  const groups = full.groups.map(({ groupState, groupType, ...g }) => ({ ...g, ...(version >= 4 ? { groupState } : {}), ...(version >= 5 ? { groupType } : {}) }));
  // ListGroupsResponse: ThrottleTimeMs is a v1+ field
  const { throttleTimeMs, ...rest } = full;
  const response = { ...(version >= 1 ? { throttleTimeMs } : {}), ...rest, groups };
  const filters = [req.statesFilter.length > 0 ? `states ${req.statesFilter.join(', ')}` : '', req.typesFilter.length > 0 ? `types ${req.typesFilter.join(', ')}` : ''].filter((s) => s);
  return outcome(req, response, 'NONE', [
    `ListGroups${filters.length > 0 ? ` (${filters.join('; ')})` : ''}: ${response.groups.length} group(s). It reads the coordinator's groups and writes nothing.`,
  ]);
}

export function deleteGroupsRpc(broker: BrokerView, data: Record<string, unknown>): RpcOutcome {
  const req = normalizeDeleteGroupsRequest(data);
  const c = broker.coordinator;
  const edition = broker.options.edition.wire;
  const tombstones = (g: StreamsGroup) => c.hooks.deleteGroupRecords(g, c.groups);
  const all = (code: number): DeleteGroupsResponse => ({ throttleTimeMs: 0, results: req.groupsNames.map((groupId) => ({ groupId, errorCode: code })) });
  // while a failover's coordinator loads, the runtime refuses the ids the service passes on: each distinct id once
  // (GroupCoordinatorService.updateResponseAndGetNonErrorGroupList's HashSet), COORDINATOR_LOAD_IN_PROGRESS
  if (broker.loadingUntil !== null) {
    const code = errorCode(edition, 'COORDINATOR_LOAD_IN_PROGRESS');
    const results = distinctGroupIds(req.groupsNames).map((groupId) => ({ groupId, errorCode: code }));
    return outcome(req, { throttleTimeMs: 0, results }, 'COORDINATOR_LOAD_IN_PROGRESS', [
      `The new coordinator is still loading the partition (until ${broker.loadingUntil} ms): COORDINATOR_LOAD_IN_PROGRESS, the client retries.`,
    ]);
  }
  const out = c.execute(() => deleteGroups(c.context(broker.topics), req, edition, tombstones), all);
  const narration = [...out.narration];
  if (out.errorName !== 'NONE') narration.push(`The deletion batch fails with ${out.errorName}: every group of the request gets it, and nothing is deleted.`);
  const firstError = out.response.results.find((r) => r.errorCode !== 0);
  const names: ErrorName[] = ['GROUP_ID_NOT_FOUND', 'NON_EMPTY_GROUP', 'UNKNOWN_SERVER_ERROR', 'INVALID_GROUP_ID'];
  const errorName = out.errorName !== 'NONE' ? out.errorName : firstError ? (names.find((n) => errorCode(edition, n) === firstError.errorCode) ?? 'UNKNOWN_SERVER_ERROR') : 'NONE';
  return outcome(req, out.response, errorName, narration, out.batch);
}

/** ConfigResource.Type GROUP. */
export const GROUP_RESOURCE_TYPE = 32;

interface AlterResource {
  resourceType: number;
  resourceName: string;
  configs: { name: string; configOperation: number; value: string | null }[];
}

const resourceKey = (r: AlterResource): string => `${r.resourceType}/${r.resourceName}`;

/** ConfigAdminManager.preprocess on one resource: INVALID_REQUEST's message for a config named twice or a null value (but for DELETE), else null. */
function preprocessRefusal(r: AlterResource): string | null {
  const names = r.configs.map((c) => c.name);
  if (new Set(names).size !== names.length) return 'Error due to duplicate config keys';
  // AlterConfigOp.OpType.DELETE is 1
  const nulls = r.configs.filter((c) => c.configOperation !== 1 && c.value === null).map((c) => c.name);
  return nulls.length > 0 ? `Null value not supported for : ${nulls.join(',')}` : null;
}

/**
 * IncrementalAlterConfigs on GROUP resources (ConfigAdminManager, GroupConfig.validate): each resource validated on
 * its own (INVALID_CONFIG with Kafka's message), stored unless validateOnly. The next heartbeat of the group sees the
 * new values: changed assignment configs bump the group epoch and a new target is computed.
 */
export function incrementalAlterConfigsRpc(broker: BrokerView, data: Record<string, unknown>): RpcOutcome {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const resources: AlterResource[] = (Array.isArray(data.resources) ? data.resources : []).filter(isObj).map((r) => ({
    resourceType: typeof r.resourceType === 'number' ? r.resourceType : 0,
    resourceName: typeof r.resourceName === 'string' ? r.resourceName : '',
    configs: (Array.isArray(r.configs) ? r.configs : []).filter(isObj).map((c) => ({
      name: typeof c.name === 'string' ? c.name : '',
      configOperation: typeof c.configOperation === 'number' ? c.configOperation : 0,
      value: typeof c.value === 'string' ? c.value : null,
    })),
  }));
  const validateOnly = data.validateOnly === true;
  const edition = broker.options.edition.wire;
  const narration: string[] = [];
  const mentions = new Map<string, number>();
  for (const r of resources) mentions.set(resourceKey(r), (mentions.get(resourceKey(r)) ?? 0) + 1);
  const responses = resources.map((r) => {
    const base = { resourceType: r.resourceType, resourceName: r.resourceName };
    // ConfigAdminManager.preprocess (KafkaApis.handleIncrementalAlterConfigsRequest), before the controller: a resource
    // named twice fails at every mention, then a config named twice, then a null value
    const refused = mentions.get(resourceKey(r))! > 1 ? 'Each resource must appear at most once.' : preprocessRefusal(r);
    if (refused !== null) {
      narration.push(`${JSON.stringify(r.resourceName)}: INVALID_REQUEST: ${refused}`);
      return { errorCode: errorCode(edition, 'INVALID_REQUEST'), errorMessage: refused, ...base };
    }
    if (r.resourceType !== GROUP_RESOURCE_TYPE) {
      narration.push(`${r.resourceName}: only GROUP resources (type ${GROUP_RESOURCE_TYPE}) are simulated.`);
      return { errorCode: errorCode(edition, 'INVALID_REQUEST'), errorMessage: `The simulator models only GROUP config resources (type ${GROUP_RESOURCE_TYPE}), not type ${r.resourceType}.`, ...base };
    }
    try {
      const next = alterGroupConfigs(broker.groupConfigs.get(r.resourceName) ?? new Map(), r.configs, broker.options.config, r.resourceName, broker.coordinator.release);
      if (!validateOnly) broker.groupConfigs.set(r.resourceName, next);
      narration.push(
        `Group ${r.resourceName}'s configs ${validateOnly ? 'would become' : 'are now'} ${next.size > 0 ? [...next].map(([k, v]) => `${k}=${v}`).join(', ') : 'the broker defaults'}${validateOnly ? ' (validateOnly: nothing changes)' : '. The next heartbeat of the group sees them: a changed assignment config bumps the group epoch'}.`,
      );
      return { errorCode: 0, errorMessage: null, ...base };
    } catch (e) {
      if (e instanceof InvalidGroupResource) {
        narration.push(`${JSON.stringify(r.resourceName)}: INVALID_REQUEST: ${e.message}`);
        return { errorCode: errorCode(edition, 'INVALID_REQUEST'), errorMessage: e.message, ...base };
      }
      if (!(e instanceof InvalidConfig)) throw e;
      narration.push(`${r.resourceName}: INVALID_CONFIG: ${e.message}`);
      return { errorCode: errorCode(edition, 'INVALID_CONFIG'), errorMessage: e.message, ...base };
    }
  });
  const failed = responses.find((r) => r.errorCode !== 0);
  const errorName: ErrorName | 'NONE' = !failed ? 'NONE' : failed.errorCode === errorCode(edition, 'INVALID_CONFIG') ? 'INVALID_CONFIG' : 'INVALID_REQUEST';
  return outcome({ resources, validateOnly }, { throttleTimeMs: 0, responses }, errorName, narration);
}

/**
 * OffsetFetch v1-10 (KafkaApis.handleOffsetFetchRequest): each group answered on its own (v1-7: the request's one group,
 * fetched without a member, which StreamsGroup.validateOffsetFetch accepts); reads the committed state, writes nothing.
 * v10 names topics by id: the broker resolves each to its name, answers an unknown id itself (UNKNOWN_TOPIC_ID, after
 * the coordinator's topics) and gives every topic of the answer its id.
 */
export function offsetFetchRpc(broker: BrokerView, version: number, data: Record<string, unknown>): RpcOutcome {
  const req = normalizeOffsetFetchRequest(data, version);
  const edition = broker.options.edition.wire;
  const byId = version >= OFFSET_FETCH_TOPIC_ID_MIN_VERSION;
  const unknownIdCode = errorCode(edition, 'UNKNOWN_TOPIC_ID');
  const unknownIds: string[] = [];
  // a group error in the version's form (OffsetFetchResponse.groupError: v1 puts it on every partition)
  const groups = req.groups.map((g) => {
    if (!byId || g.topics === null) {
      const out = fetchOffsets(broker.coordinator.groups, g, edition);
      if (out.errorCode !== 0) return offsetFetchGroupError(g, out.errorCode, version);
      // v10, all topics: each topic's id from the metadata cache (the zero id for a topic the cluster no longer has)
      return byId ? { ...out, topics: out.topics.map((t) => ({ ...t, topicId: topicIdInCluster(broker.topics, t.name) })) } : out;
    }
    // v10: ids resolved through the metadata cache; the coordinator fetches the resolved topics by name
    const resolved = g.topics.map((t) => ({ ...t, name: topicNameOfId(broker.topics.keys(), t.topicId ?? ZERO_UUID) ?? '' }));
    const out = fetchOffsets(broker.coordinator.groups, { ...g, topics: resolved.filter((t) => t.name !== '') }, edition);
    if (out.errorCode !== 0) return offsetFetchGroupError(g, out.errorCode, version);
    const unresolved = resolved.filter((t) => t.name === '');
    for (const t of unresolved) unknownIds.push(t.topicId ?? ZERO_UUID);
    return {
      ...out,
      topics: [
        ...out.topics.map((t) => ({ ...t, topicId: topicIdOf(t.name) })),
        ...unresolved.map((t) => ({ topicId: t.topicId, name: '', partitions: unknownTopicIdPartitions(t.partitionIndexes, unknownIdCode) })),
      ],
    };
  });
  const codes = groups.flatMap((g) => [g.errorCode, ...g.topics.flatMap((t) => t.partitions.map((p) => p.errorCode))]);
  const failed = codes.find((c) => c !== 0);
  const names: ErrorName[] = ['UNKNOWN_MEMBER_ID', 'STALE_MEMBER_EPOCH', 'GROUP_ID_NOT_FOUND', 'UNKNOWN_TOPIC_ID', 'UNKNOWN_SERVER_ERROR'];
  const errorName = failed !== undefined ? (names.find((n) => errorCode(edition, n) === failed) ?? 'UNKNOWN_SERVER_ERROR') : 'NONE';
  const n = groups.reduce((k, g) => k + g.topics.reduce((m, t) => m + t.partitions.filter((p) => p.committedOffset >= 0).length, 0), 0);
  const found = `${n} committed offset(s) found for ${req.groups.map((g) => g.groupId).join(', ')}; -1 where nothing is committed.`;
  const narration =
    version >= OFFSET_FETCH_BATCH_MIN_VERSION
      ? [`OffsetFetch: ${found}`]
      : [
          `OffsetFetch v${version}: ${found}`,
          `Before v8 a fetch names one group at the top level and no member: the coordinator serves it like an admin fetch${version < OFFSET_FETCH_TOP_LEVEL_ERROR_MIN_VERSION ? '; v1 has no group-level error code (a group error goes on every partition) and must name its topics' : ''}.`,
        ];
  if (unknownIds.length > 0) narration.push(`KafkaApis answers UNKNOWN_TOPIC_ID for topic id ${unknownIds.join(', ')}: no topic of the cluster has it (${clusterTopicIds(broker.topics.keys())}).`);
  return outcome(offsetFetchRequestJson(req, version), offsetFetchResponseJson(groups, version), errorName, narration);
}

/** OffsetDelete v0: one group; the whole request fails on a group error, otherwise per partition. */
export function offsetDeleteRpc(broker: BrokerView, data: Record<string, unknown>): RpcOutcome {
  const req = normalizeOffsetDeleteRequest(data);
  const c = broker.coordinator;
  const edition = broker.options.edition.wire;
  // KafkaApis.handleOffsetDeleteRequest: a topic the metadata cache does not have, and a partition without a leader
  // there, are answered UNKNOWN_TOPIC_OR_PARTITION before the coordinator, which gets the rest (even when nothing is left)
  const unknown = errorCode(edition, 'UNKNOWN_TOPIC_OR_PARTITION');
  const rejected: OffsetDeleteResponse['topics'] = [];
  const known: typeof req = { ...req, topics: [] };
  const badPartitions: string[] = [];
  for (const t of req.topics) {
    const count = broker.topics.get(t.name);
    const exists = (p: { partitionIndex: number }) => count !== undefined && p.partitionIndex >= 0 && p.partitionIndex < count;
    const ok = t.partitions.filter(exists);
    const bad = t.partitions.filter((p) => !exists(p));
    if (bad.length > 0) {
      // OffsetDeleteResponse.Builder.addPartition: one entry per topic name
      addTopicPartitions(rejected, byName, { name: t.name, partitions: bad.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: unknown })) });
      for (const p of bad) badPartitions.push(`${t.name}-${p.partitionIndex}`);
    }
    if (ok.length > 0) known.topics.push({ ...t, partitions: ok });
  }
  // GroupCoordinatorService.deleteOffsets: isGroupIdNotEmpty, or INVALID_GROUP_ID before the coordinator (the group
  // error replaces the whole answer, OffsetDeleteResponse.Builder.merge)
  if (known.groupId === '')
    return outcome(req, { errorCode: errorCode(edition, 'INVALID_GROUP_ID'), throttleTimeMs: 0, topics: [] }, 'INVALID_GROUP_ID', [
      'OffsetDelete fails with INVALID_GROUP_ID: the service refuses an empty group id.',
    ]);
  // the service has checked the group id; while a failover's coordinator loads, the runtime refuses the rest with a
  // group-level error, which replaces the whole answer (OffsetDeleteResponse.Builder.merge)
  if (broker.loadingUntil !== null)
    return outcome(req, { errorCode: errorCode(edition, 'COORDINATOR_LOAD_IN_PROGRESS'), throttleTimeMs: 0, topics: [] }, 'COORDINATOR_LOAD_IN_PROGRESS', [
      `The new coordinator is still loading the partition (until ${broker.loadingUntil} ms): COORDINATOR_LOAD_IN_PROGRESS, the client retries.`,
    ]);
  const coordinator = c.execute(
    () => deleteOffsets(c.context(broker.topics), known, edition, (g, topic) => c.hooks.isSubscribedToTopic(g, topic)),
    (code) => ({ errorCode: code, throttleTimeMs: 0, topics: [] }),
  );
  // OffsetDeleteResponse.Builder.merge: a group-level error replaces the whole answer; the coordinator's answer is
  // taken as it is when KafkaApis answered nothing itself (a topic named twice stays twice), else each of its topics
  // joins the first entry of its name, or follows as a new topic
  const merged: OffsetDeleteResponse =
    coordinator.response.errorCode !== 0 ? coordinator.response : { ...coordinator.response, topics: mergeTopicAnswers(rejected, coordinator.response.topics, byName) };
  const out = { ...coordinator, response: merged };
  if (badPartitions.length > 0 && coordinator.response.errorCode === 0)
    out.narration = [`KafkaApis answers UNKNOWN_TOPIC_OR_PARTITION for ${badPartitions.join(', ')}: no such partition in the cluster.`, ...out.narration];
  const sub = out.response.topics.some((t) => t.partitions.some((p) => p.errorCode === errorCode(edition, 'GROUP_SUBSCRIBED_TO_TOPIC')));
  const errorName: ErrorName | 'NONE' = out.errorName !== 'NONE' ? out.errorName : sub ? 'GROUP_SUBSCRIBED_TO_TOPIC' : 'NONE';
  return outcome(
    req,
    out.response,
    errorName,
    [...out.narration, ...(out.errorName !== 'NONE' ? [`OffsetDelete fails with ${out.errorName}${out.errorMessage ? `: ${out.errorMessage}` : ''}.`] : [])],
    out.batch,
  );
}

/**
 * DescribeGroups (the classic API) v0-6, GroupMetadataManager.describeGroups: a simple classic group is described
 * (Empty, no members); a streams group id is "not a classic group" and an unknown one "not found" — state Dead, with
 * GROUP_ID_NOT_FOUND and the message from v6 on (earlier versions: no error). KafkaApis.handleDescribeGroupsRequest
 * then fills authorizedOperations (v3+, when asked) for every group without an error; each field is written only in
 * the versions that have it (DescribeGroupsResponse: throttleTimeMs v1+, authorizedOperations v3+, errorMessage v6).
 */
export function describeGroupsRpc(broker: BrokerView, version: number, data: Record<string, unknown>): RpcOutcome {
  const groupIds = Array.isArray(data.groups) ? data.groups.filter((g): g is string => typeof g === 'string') : [];
  // DescribeGroupsRequest: includeAuthorizedOperations is a v3+ field
  const includeAuthorizedOperations = version >= 3 && data.includeAuthorizedOperations === true;
  const edition = broker.options.edition.wire;
  const groups = groupIds.map((groupId) => {
    // (read at the committed offset: a group put in the map without a record is not there yet)
    const found = broker.coordinator.groups.get(groupId);
    const g = found?.uncommitted ? undefined : found;
    let errorCode_ = 0;
    let errorMessage: string | null = null;
    let groupState = 'Dead';
    if (g?.classic) groupState = 'Empty';
    else if (version >= 6) {
      errorCode_ = errorCode(edition, 'GROUP_ID_NOT_FOUND');
      errorMessage = g ? `Group ${groupId} is not a classic group.` : `Group ${groupId} not found.`;
    }
    // KafkaApis: the authorizer's operations on the group (all of a group's, without an authorizer) for a group without an error
    const authorizedOperations = includeAuthorizedOperations && errorCode_ === 0 ? ALL_GROUP_OPERATIONS : AUTHORIZED_OPERATIONS_OMITTED;
    return {
      errorCode: errorCode_,
      ...(version >= 6 ? { errorMessage } : {}),
      groupId,
      groupState,
      protocolType: '',
      protocolData: '',
      members: [] as unknown[],
      ...(version >= 3 ? { authorizedOperations } : {}),
    };
  });
  const failed = groups.some((g) => g.errorCode !== 0);
  const request = { groups: groupIds, ...(version >= 3 ? { includeAuthorizedOperations } : {}) };
  const response = { ...(version >= 1 ? { throttleTimeMs: 0 } : {}), groups };
  return outcome(request, response, failed ? 'GROUP_ID_NOT_FOUND' : 'NONE', ["DescribeGroups is the classic groups' describe: a streams group is not a classic group (use StreamsGroupDescribe)."]);
}
