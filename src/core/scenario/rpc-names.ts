// The requests a scenario can send: one list that the validator, the broker's request gate, the step form and
// `sgp oracle` all derive theirs from.
import type { RpcName } from './types.ts';

/** Every RPC a `send` step may name (the scenario format's `send`, in the schema's order). */
export const RPC_NAMES: readonly RpcName[] = [
  'StreamsGroupHeartbeat',
  'StreamsGroupInitialize',
  'StreamsGroupDescribe',
  'OffsetCommit',
  'ListGroups',
  'DeleteGroups',
  'IncrementalAlterConfigs',
  'OffsetFetch',
  'OffsetDelete',
  'DescribeGroups',
];

/** RPCs only the kip1071-draft edition has: Kafka 4.x carries the topology in the heartbeat and has no StreamsGroupInitialize. */
export const DRAFT_ONLY_RPCS: ReadonlySet<RpcName> = new Set<RpcName>(['StreamsGroupInitialize']);

/** The family an RPC belongs to, in the order a list for people groups them: the streams group's own, offsets, group admin, configs. */
export function rpcFamily(api: RpcName): number {
  if (api.startsWith('StreamsGroup')) return 0;
  if (api.startsWith('Offset')) return 1;
  return api === 'IncrementalAlterConfigs' ? 3 : 2;
}
