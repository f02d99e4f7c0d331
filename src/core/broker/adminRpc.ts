// The broker side of ListGroups and DeleteGroups (KafkaApis → the group coordinator), in both editions.
import { deleteGroups, listGroups, normalizeDeleteGroupsRequest, normalizeListGroupsRequest, type DeleteGroupsResponse } from '../coordinator/adminGroups.ts';
import type { StreamsGroup } from '../coordinator/group.ts';
import { errorCode, type ErrorName } from '../protocol/errors.ts';
import type { Broker, RpcOutcome } from './broker.ts';

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
