// kip1071-draft edition: the broker's handling of the three draft RPCs (kip1071-draft §2.1 gates, then the
// coordinator operation). Called by Broker.send for scenarios whose protocol is "kip1071-draft".
import type { BrokerView, ClientContext, RpcOutcome } from '../../broker/types.ts';
import { errorCode, type ErrorName } from '../../protocol/errors.ts';
import { describedGroupError } from '../../protocol/messages.ts';
import { normalizeDescribeRequest } from '../../protocol/normalize.ts';
import type { RpcName } from '../../scenario/types.ts';
import { draftDescribeGroups } from './describe.ts';
import { draftHeartbeat } from './heartbeat.ts';
import { generateMemberId } from './ids.ts';
import { draftInitialize } from './initialize.ts';
import { emptyDraftHeartbeatResponse, normalizeDraftHeartbeat, normalizeDraftInitialize, type DraftHeartbeatResponse, type DraftInitializeResponse } from './messages.ts';
import { draftRules } from './rules.ts';

const E = 'kip1071-draft' as const;

function outcome(request: unknown, response: unknown, errorName: ErrorName | 'NONE', message: string | null, narration: string[]): RpcOutcome {
  return {
    request: request as Record<string, unknown>,
    response: response as Record<string, unknown>,
    errorName,
    errorMessage: message,
    memberId: null,
    memberEpoch: null,
    batch: null,
    narration,
    createdTopics: [],
  };
}

export function draftRpc(
  broker: BrokerView,
  api: Exclude<RpcName, 'OffsetCommit' | 'ListGroups' | 'DeleteGroups' | 'IncrementalAlterConfigs' | 'OffsetFetch' | 'OffsetDelete' | 'DescribeGroups'>,
  version: number,
  data: Record<string, unknown>,
  client: ClientContext,
): RpcOutcome {
  const enabled = broker.options.config.list('group.coordinator.rebalance.protocols').includes('streams');
  const unsupported = !enabled ? 'The streams rebalance protocol is not enabled (group.coordinator.rebalance.protocols).' : version !== 0 ? `The draft broker supports only v0 of ${api}.` : null;
  switch (api) {
    case 'StreamsGroupHeartbeat':
      return heartbeat(broker, data, client, unsupported);
    case 'StreamsGroupInitialize':
      return initialize(broker, data, unsupported);
    case 'StreamsGroupDescribe':
      return describe(broker, data, unsupported);
  }
}

function heartbeat(broker: BrokerView, data: Record<string, unknown>, client: ClientContext, unsupported: string | null): RpcOutcome {
  const req = normalizeDraftHeartbeat(data);
  const errorResponse = (code: number, message: string | null): DraftHeartbeatResponse => ({ ...emptyDraftHeartbeatResponse(), errorCode: code, errorMessage: message });
  if (unsupported) return outcome(req, errorResponse(errorCode(E, 'UNSUPPORTED_VERSION'), null), 'UNSUPPORTED_VERSION', null, [unsupported]);
  const c = broker.coordinator;
  const rules = draftRules(broker.options.config);
  const env = { rules, generateMemberId: (g: { members: ReadonlyMap<string, unknown> }) => generateMemberId(req.groupId, c.log.endOffset, (id) => g.members.has(id)) };
  const out = c.execute(() => draftHeartbeat(c.context(broker.topics), { ...client, version: 0 }, req, env), errorResponse);
  const narration = [...out.narration];
  if (out.errorName !== 'NONE')
    narration.push(`The coordinator answers ${out.errorName}${out.errorMessage ? `: ${out.errorMessage.replace(/\.+$/, '')}` : ''}. Nothing was written, and the session was not refreshed.`);
  return {
    ...outcome(req, out.response, out.errorName, out.errorMessage, narration),
    memberId: out.errorName === 'NONE' ? out.response.memberId : null,
    memberEpoch: out.errorName === 'NONE' ? out.response.memberEpoch : null,
    batch: out.batch,
  };
}

function initialize(broker: BrokerView, data: Record<string, unknown>, unsupported: string | null): RpcOutcome {
  const req = normalizeDraftInitialize(data);
  const errorResponse = (code: number, message: string | null): DraftInitializeResponse => ({ throttleTimeMs: 0, errorCode: code, errorMessage: message });
  if (unsupported) return outcome(req, errorResponse(errorCode(E, 'UNSUPPORTED_VERSION'), null), 'UNSUPPORTED_VERSION', null, [unsupported]);
  const c = broker.coordinator;
  const out = c.execute(() => draftInitialize(c.context(broker.topics), req, draftRules(broker.options.config)), errorResponse);
  const narration = [...out.narration];
  if (out.errorName !== 'NONE') narration.push(`StreamsGroupInitialize fails with ${out.errorName}${out.errorMessage ? `: ${out.errorMessage.replace(/\.+$/, '')}` : ''}. No records are written.`);
  // seed: the broker creates the required internal topics
  const createdTopics = out.errorName === 'NONE' ? broker.createTopics(out.topicsToCreate) : [];
  return { ...outcome(req, out.response, out.errorName, out.errorMessage, narration), batch: out.batch, createdTopics, topicsToCreate: out.topicsToCreate };
}

function describe(broker: BrokerView, data: Record<string, unknown>, unsupported: string | null): RpcOutcome {
  const req = normalizeDescribeRequest(data);
  if (unsupported) {
    const code = errorCode(E, 'UNSUPPORTED_VERSION');
    const groups = req.groupIds.map((groupId) => describedGroupError(groupId, code, 0));
    return outcome(req, { throttleTimeMs: 0, groups }, 'UNSUPPORTED_VERSION', null, [unsupported]);
  }
  const response = draftDescribeGroups(broker.coordinator.groups, req);
  const first = response.groups.find((g) => g.errorCode !== 0);
  const errorName: ErrorName | 'NONE' = !first ? 'NONE' : first.errorCode === errorCode(E, 'INVALID_GROUP_ID') ? 'INVALID_GROUP_ID' : 'GROUP_ID_NOT_FOUND';
  return outcome(req, response, errorName, null, [`Describe reads the committed state of ${req.groupIds.length} group(s); it writes nothing and touches no timer.`]);
}
