// Answers while the group's coordinator cannot serve a request (a failover that takes time: KafkaApis/the runtime
// answer COORDINATOR_LOAD_IN_PROGRESS while the partition loads, NOT_COORDINATOR from a broker that no longer leads
// it): every RPC gets its own error form, nothing reaches a coordinator, nothing is written.
import { normalizeDeleteGroupsRequest } from '../coordinator/adminGroups.ts';
import { errorResponse as offsetCommitError, normalizeOffsetCommitRequest, offsetCommitResponseJson } from '../offsets/commit.ts';
import { normalizeOffsetFetchRequest, offsetFetchGroupError, offsetFetchResponseJson } from '../offsets/fetch.ts';
import type { Edition } from '../edition.ts';
import { errorCode, type ErrorName } from '../protocol/errors.ts';
import { normalizeDescribeRequest } from '../protocol/normalize.ts';
import { describedGroupError } from '../protocol/messages.ts';
import type { RpcName } from '../scenario/types.ts';
import type { RpcOutcome } from './types.ts';

export function unavailableOutcome(edition: Edition, api: RpcName, version: number, data: Record<string, unknown>, name: ErrorName, why: string): RpcOutcome {
  const code = errorCode(edition.wire, name);
  let response: unknown;
  switch (api) {
    case 'StreamsGroupHeartbeat':
      response = edition.heartbeatErrorResponse(code, null, version);
      break;
    case 'StreamsGroupInitialize':
      response = { throttleTimeMs: 0, errorCode: code, errorMessage: null };
      break;
    case 'StreamsGroupDescribe':
      response = { throttleTimeMs: 0, groups: normalizeDescribeRequest(data).groupIds.map((groupId) => describedGroupError(groupId, code, version)) };
      break;
    case 'OffsetCommit':
      response = offsetCommitResponseJson(offsetCommitError(normalizeOffsetCommitRequest(data), code), version);
      break;
    case 'ListGroups':
      // ListGroupsResponse: ThrottleTimeMs is a v1+ field
      response = { ...(version >= 1 ? { throttleTimeMs: 0 } : {}), errorCode: code, groups: [] };
      break;
    case 'IncrementalAlterConfigs':
      response = {
        throttleTimeMs: 0,
        responses: (Array.isArray(data.resources) ? data.resources : []).map((r: { resourceType?: unknown; resourceName?: unknown }) => ({
          errorCode: code,
          errorMessage: null,
          resourceType: r.resourceType ?? 0,
          resourceName: r.resourceName ?? '',
        })),
      };
      break;
    case 'OffsetFetch': {
      // OffsetFetchResponse.groupError per group, in the version's form (v1-7 one group at the top level; v1 has no
      // group-level error code, so each requested partition carries it)
      const req = normalizeOffsetFetchRequest(data, version);
      response = offsetFetchResponseJson(
        req.groups.map((g) => offsetFetchGroupError(g, code, version)),
        version,
      );
      break;
    }
    case 'DescribeGroups':
      // DescribeGroupsRequest.getErrorDescribedGroupList, each field only in its versions (DescribeGroupsResponse:
      // ThrottleTimeMs v1+, AuthorizedOperations v3+, ErrorMessage v6)
      response = {
        ...(version >= 1 ? { throttleTimeMs: 0 } : {}),
        groups: (Array.isArray(data.groups) ? data.groups : []).map((groupId: unknown) => ({
          errorCode: code,
          ...(version >= 6 ? { errorMessage: null } : {}),
          groupId,
          groupState: '',
          protocolType: '',
          protocolData: '',
          members: [],
          ...(version >= 3 ? { authorizedOperations: -2147483648 } : {}),
        })),
      };
      break;
    case 'OffsetDelete':
      response = { errorCode: code, throttleTimeMs: 0, topics: [] };
      break;
    case 'DeleteGroups':
      response = { throttleTimeMs: 0, results: normalizeDeleteGroupsRequest(data).groupsNames.map((groupId) => ({ groupId, errorCode: code })) };
      break;
  }
  return { request: data, response: response as Record<string, unknown>, errorName: name, errorMessage: null, memberId: null, memberEpoch: null, batch: null, narration: [why], createdTopics: [] };
}
