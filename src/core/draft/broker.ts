// KIP-1071 draft edition: RPC dispatch (being written; until then the draft edition answers UNSUPPORTED_VERSION).
import type { Broker, ClientContext, RpcOutcome } from '../broker/broker.ts';
import { errorCode } from '../protocol/errors.ts';
import type { RpcName } from '../scenario/types.ts';

export function draftRpc(_broker: Broker, api: RpcName, _version: number, data: Record<string, unknown>, _client: ClientContext): RpcOutcome {
  const code = errorCode('kip1071-draft', 'UNSUPPORTED_VERSION');
  return { request: data, response: { throttleTimeMs: 0, errorCode: code, errorMessage: `${api}: the draft edition is not available yet.` }, errorName: 'UNSUPPORTED_VERSION', errorMessage: null, memberId: null, memberEpoch: null, batch: null, narration: [], createdTopics: [] };
}
