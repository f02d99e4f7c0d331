// The RPC of an exchange a `run` step or a client made, for the views and the request-log export. A module without
// imports, so the lazily loaded hex view can name an exchange's RPC without pulling in the editions.
import type { RpcName } from './types.ts';

/** The RPC of a `run`/client exchange: heartbeats, and in the draft the StreamsGroupInitialize a client sends when asked. */
export function exchangeApi(request: unknown): RpcName {
  const r = typeof request === 'object' && request !== null ? (request as Record<string, unknown>) : {};
  return !('memberEpoch' in r) && 'topologyId' in r && 'topology' in r ? 'StreamsGroupInitialize' : 'StreamsGroupHeartbeat';
}
