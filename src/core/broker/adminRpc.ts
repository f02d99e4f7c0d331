// The broker side of ListGroups and DeleteGroups (KafkaApis → the group coordinator), in both editions.
import { deleteGroups, listGroups, normalizeDeleteGroupsRequest, normalizeListGroupsRequest, type DeleteGroupsResponse } from '../coordinator/adminGroups.ts';
import type { StreamsGroup } from '../coordinator/group.ts';
import { errorCode, type ErrorName } from '../protocol/errors.ts';
import type { Broker, RpcOutcome } from './broker.ts';
import { alterGroupConfigs, InvalidConfig } from './groupConfigs.ts';

function outcome(request: unknown, response: unknown, errorName: ErrorName | 'NONE', narration: string[], batch: RpcOutcome['batch'] = null): RpcOutcome {
  return { request: request as Record<string, unknown>, response: response as Record<string, unknown>, errorName, errorMessage: null, memberId: null, memberEpoch: null, batch, narration, createdTopics: [] };
}

export function listGroupsRpc(broker: Broker, data: Record<string, unknown>): RpcOutcome {
  const req = normalizeListGroupsRequest(data);
  const response = listGroups(broker.coordinator.groups, req);
  const filters = [req.statesFilter.length > 0 ? `states ${req.statesFilter.join(', ')}` : '', req.typesFilter.length > 0 ? `types ${req.typesFilter.join(', ')}` : ''].filter((s) => s);
  return outcome(req, response, 'NONE', [`ListGroups${filters.length > 0 ? ` (${filters.join('; ')})` : ''}: ${response.groups.length} group(s). It reads the coordinator's groups and writes nothing.`]);
}

export function deleteGroupsRpc(broker: Broker, data: Record<string, unknown>): RpcOutcome {
  const req = normalizeDeleteGroupsRequest(data);
  const c = broker.coordinator;
  const edition = broker.options.edition;
  const tombstones = (g: StreamsGroup) => c.hooks.deleteGroupRecords(g, c.groups);
  const all = (code: number): DeleteGroupsResponse => ({ throttleTimeMs: 0, results: req.groupsNames.map((groupId) => ({ groupId, errorCode: code })) });
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

/**
 * IncrementalAlterConfigs on GROUP resources (ConfigAdminManager, GroupConfig.validate): each resource validated on
 * its own (INVALID_CONFIG with Kafka's message), stored unless validateOnly. The next heartbeat of the group sees the
 * new values: changed assignment configs bump the group epoch and a new target is computed.
 */
export function incrementalAlterConfigsRpc(broker: Broker, data: Record<string, unknown>): RpcOutcome {
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
  const edition = broker.options.edition;
  const narration: string[] = [];
  const responses = resources.map((r) => {
    const base = { resourceType: r.resourceType, resourceName: r.resourceName };
    if (r.resourceType !== GROUP_RESOURCE_TYPE) {
      narration.push(`${r.resourceName}: only GROUP resources (type ${GROUP_RESOURCE_TYPE}) are simulated.`);
      return { errorCode: errorCode(edition, 'INVALID_REQUEST'), errorMessage: `The simulator models only GROUP config resources (type ${GROUP_RESOURCE_TYPE}), not type ${r.resourceType}.`, ...base };
    }
    try {
      const next = alterGroupConfigs(broker.groupConfigs.get(r.resourceName) ?? new Map(), r.configs, broker.options.config);
      if (!validateOnly) broker.groupConfigs.set(r.resourceName, next);
      narration.push(`Group ${r.resourceName}'s configs ${validateOnly ? 'would become' : 'are now'} ${next.size > 0 ? [...next].map(([k, v]) => `${k}=${v}`).join(', ') : 'the broker defaults'}${validateOnly ? ' (validateOnly: nothing changes)' : '. The next heartbeat of the group sees them: a changed assignment config bumps the group epoch'}.`);
      return { errorCode: 0, errorMessage: null, ...base };
    } catch (e) {
      if (!(e instanceof InvalidConfig)) throw e;
      narration.push(`${r.resourceName}: INVALID_CONFIG: ${e.message}`);
      return { errorCode: errorCode(edition, 'INVALID_CONFIG'), errorMessage: e.message, ...base };
    }
  });
  const failed = responses.find((r) => r.errorCode !== 0);
  const errorName: ErrorName | 'NONE' = !failed ? 'NONE' : failed.errorCode === errorCode(edition, 'INVALID_CONFIG') ? 'INVALID_CONFIG' : 'INVALID_REQUEST';
  return outcome({ resources, validateOnly }, { throttleTimeMs: 0, responses }, errorName, narration);
}
