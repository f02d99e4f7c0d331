// kip1071-draft: what the simulated Java client does differently (kip1071-draft §10).
//  * the heartbeat carries TopologyId instead of a topology, and no endpoint-information epoch;
//  * MemberId is empty until the coordinator returned one (the coordinator generates it, draft/ids.ts);
//  * RebalanceTimeoutMs is sent on a join and after a reset of the sent-fields cache (an error), else -1;
//  * ProcessId, UserEndpoint and ClientTags only on a join;
//  * when a response says ShouldInitializeTopology, the client sends one StreamsGroupInitialize (§10.4),
//    whose answer it only logs.
import type { BrokerView, RpcOutcome } from '../../broker/types.ts';
import type { ClientRequestShape, SimulatedClient } from '../../clients/simulated.ts';
import type { Config } from '../../config.ts';
import type { TraceStep } from '../../scenario/types.ts';
import { topologyIdOf } from './ids.ts';
import { BRANCH_CLIENT_TOPOLOGY_ID, draftRules } from './rules.ts';
import { pushAll } from '../../util/arrays.ts';

export interface DraftClientOptions extends ClientRequestShape {
  readonly topologyId: string;
}

/** Seed: TopologyId = deterministic hash of the topology; branch client: the constant "topology-id". */
export function draftClientOptions(config: Config, topology: unknown): DraftClientOptions {
  const topologyId = draftRules(config).clientTopologyIdIsConstant ? BRANCH_CLIENT_TOPOLOGY_ID : topologyIdOf(topology);
  const opts: DraftClientOptions = { topologyId, coordinatorGeneratesMemberId: true, request: (c, shipped, reset) => draftClientRequest(c, shipped, reset, opts) };
  return opts;
}

export function draftClientRequest(
  c: SimulatedClient,
  shipped: { data: Record<string, unknown>; why: string },
  reset: boolean,
  opts: DraftClientOptions,
): { data: Record<string, unknown>; why: string } {
  const { endpointInformationEpoch: _e, topology: _t, ...rest } = shipped.data;
  const data: Record<string, unknown> = { ...rest, topologyId: opts.topologyId };
  const epoch = data.memberEpoch as number;
  let why = shipped.why.replace('its topology', `topology id ${opts.topologyId}`);
  if (epoch > 0 && reset) {
    data.rebalanceTimeoutMs = c.spec.rebalanceTimeoutMs ?? 300000;
    why += ' It resends RebalanceTimeoutMs (its sent-fields cache was reset).';
  }
  if (epoch === 0 && data.memberId === '') why += ' Its MemberId is empty: the coordinator will generate one.';
  return { data, why };
}

/** After a successful heartbeat asking for it, the client sends StreamsGroupInitialize with its topology. */
export function maybeInitialize(broker: BrokerView, c: SimulatedClient, hb: RpcOutcome, t: TraceStep): void {
  const draft = c.shape as DraftClientOptions | null;
  if (!draft || hb.errorName !== 'NONE' || hb.response.shouldInitializeTopology !== true) return;
  const request = { groupId: c.groupId, topologyId: draft.topologyId, topology: c.topology ?? [] };
  t.narration.push(`${c.alias} was asked to initialize the group: it sends StreamsGroupInitialize with topology ${draft.topologyId}.`);
  const out = broker.send('StreamsGroupInitialize', 0, request, { clientId: c.alias, clientHost: '/127.0.0.1' });
  pushAll(t.narration, out.narration);
  t.narration.push(`${c.alias} only logs the StreamsGroupInitialize answer (${out.errorName}); it does not retry.`);
  t.exchanges.push({ at: broker.now, member: c.alias, request: out.request, response: out.response, errorName: out.errorName });
}
