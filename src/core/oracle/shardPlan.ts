// What `sgp oracle --engine shard` runs on Kafka's own group coordinator shard (in process, on the scenario's clock),
// derived from the simulator's own run of the scenario: every request exactly as the simulator sent it, at the
// scenario time it was sent, with the client context Kafka stores; the clock moved to the millisecond; failovers
// with their load time; topic changes as the cluster's full topic list. Only proposals are refused: a variant other
// than "current" and an edition with no released broker (the KIP-1071 draft).
import { editionNamed, editionNames } from '../editions/index.ts';
import { ScenarioRunner } from '../scenario/runner.ts';
import type { RpcName, Scenario, TraceStep } from '../scenario/types.ts';
import { variantDefinition } from '../variants/index.ts';
import { CLIENT_COMMIT_VERSION } from '../offsets/client.ts';
import { hasOwnKey } from '../util/own.ts';

/** The request context Kafka's coordinator sees: the client id and host it stores in a member's metadata. */
export interface ShardClient {
  clientId: string;
  clientHost: string;
}

export interface ShardRequest {
  api: RpcName;
  version: number;
  request: Record<string, unknown>;
  client: ShardClient;
  /** Scenario time at which it is sent (ms). */
  at: number;
  /** Sent to the coordinator of before the last failover (a scenario's `"coordinator": "old"`): NOT_COORDINATOR. */
  notCoordinator: boolean;
}

export type ShardStep =
  | { index: number; label: string; kind: 'request'; time: number; request: ShardRequest | null }
  | { index: number; label: string; kind: 'advance'; time: number }
  | { index: number; label: string; kind: 'run'; time: number; exchanges: ShardRequest[] }
  | { index: number; label: string; kind: 'failover'; time: number; loadMs: number }
  | { index: number; label: string; kind: 'topics'; time: number; create: { name: string; partitions: number }[]; delete: string[]; partitions: Record<string, number> };

export interface ShardPlan {
  scenario: Scenario;
  trace: TraceStep[];
  steps: ShardStep[];
  /** Broker configs of the scenario (Kafka's names and the scenario's values, unscaled). */
  configs: Record<string, string>;
}

export type ShardPlanResult = { ok: true; plan: ShardPlan } | { ok: false; reasons: string[] };

const RAW_CLIENT: ShardClient = { clientId: 'sgp', clientHost: '/127.0.0.1' };

/** Why a scenario cannot run on Kafka 4.4 at all: a proposal (variant or draft edition). Empty when it can. */
export function proposalReasons(scenario: Scenario): string[] {
  const reasons: string[] = [];
  if (editionNamed(scenario.protocol).releasedBroker === null) {
    const released = editionNames().filter((name) => editionNamed(name).releasedBroker !== null);
    const list = released.map((name) => `"${name}" (${editionNamed(name).releasedBroker})`).join(' or ');
    reasons.push(`protocol "${scenario.protocol}" has no released broker; only ${list} can run on Kafka`);
  }
  if (!variantDefinition(scenario.variant).runsOnKafka) reasons.push(`variant "${scenario.variant}" is a proposal; Kafka 4.4 runs "current"`);
  return reasons;
}

/** Plans a scenario for the shard engine, or refuses a proposal with the reasons. */
export function planShard(scenario: Scenario): ShardPlanResult {
  const reasons = proposalReasons(scenario);
  if (reasons.length > 0) return { ok: false, reasons };
  const runner = new ScenarioRunner(scenario, { durability: false });
  const clientOf = (alias: string | null): ShardClient => {
    const spec = alias !== null ? scenario.clients[alias] : undefined;
    // a simulated client's context: its clientId and clientHost, else its alias and the loopback address
    return spec ? { clientId: spec.clientId ?? alias!, clientHost: spec.clientHost ?? '/127.0.0.1' } : RAW_CLIENT;
  };
  const trace: TraceStep[] = [];
  const steps: ShardStep[] = [];
  for (let i = 0; i < scenario.steps.length; i++) {
    const step = scenario.steps[i]!;
    const t = runner.runStep(step, i);
    trace.push(t);
    const base = { index: i, label: t.label, time: t.time };
    if ('advance' in step) steps.push({ ...base, kind: 'advance' });
    else if ('run' in step) {
      const exchanges = t.exchanges.map((x) => ({
        api: x.api ?? 'StreamsGroupHeartbeat',
        version: x.version ?? (x.api === 'OffsetCommit' ? CLIENT_COMMIT_VERSION : (runner.clients.get(x.member)?.requestVersion ?? 0)),
        request: structuredClone(x.request) as Record<string, unknown>,
        client: clientOf(x.member),
        at: x.at,
        notCoordinator: false,
      }));
      steps.push({ ...base, kind: 'run', exchanges });
    } else if ('failover' in step) steps.push({ ...base, kind: 'failover', loadMs: step.failover === true ? 0 : step.failover.loadMs });
    else if ('topics' in step) steps.push({ ...base, kind: 'topics', create: step.topics.create ?? [], delete: step.topics.delete ?? [], partitions: step.topics.partitions ?? {} });
    else if (t.request === null) steps.push({ ...base, kind: 'request', request: null });
    else {
      const member = 'send' in step ? (step.member ?? null) : step.client;
      const known = member !== null && scenario.clients[member] !== undefined ? clientOf(member) : RAW_CLIENT;
      const client = 'send' in step ? { clientId: step.clientId ?? known.clientId, clientHost: step.clientHost ?? known.clientHost } : clientOf(member);
      // the simulator's request, plus any top-level field the step sent that its normalised form leaves out (Kafka reads it)
      const request = structuredClone(t.request) as Record<string, unknown>;
      if ('send' in step) for (const [k, v] of Object.entries(step.data ?? {})) if (!hasOwnKey(request, k)) request[k] = structuredClone(v);
      steps.push({ ...base, kind: 'request', request: { api: t.api!, version: t.version ?? 0, request, client, at: t.time, notCoordinator: 'send' in step && step.coordinator === 'old' } });
    }
  }
  const configs = Object.fromEntries(Object.entries(scenario.config ?? {}).map(([k, v]) => [k, String(v)]));
  return { ok: true, plan: { scenario, trace, steps, configs } };
}
