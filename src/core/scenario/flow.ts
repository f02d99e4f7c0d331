// The message flow of a trace: who sent what to whom, for a sequence diagram. One lane per client,
// the broker's front layers (KafkaApis and the service layer), the coordinator and __consumer_offsets.
// Pure: derived from trace steps only.
import type { TraceStep } from './types.ts';

export const BROKER_LANE = 'broker';
export const COORDINATOR_LANE = 'coordinator';
export const LOG_LANE = 'log';
/** Requests sent by the scenario itself (a `send` step without a member). */
export const RAW_CLIENT = '(raw)';

export type FlowKind = 'request' | 'response' | 'rejection' | 'timer' | 'records';

export interface FlowEvent {
  step: number;
  /** Clock (ms) when it happened. */
  at: number;
  kind: FlowKind;
  /** Lanes: a client's alias, or BROKER_LANE, COORDINATOR_LANE, LOG_LANE. */
  from: string;
  to: string;
  /** The client the event concerns (for the member filter), or null. */
  member: string | null;
  label: string;
  /** For a rejection: the layer and the reason. */
  detail?: string;
}

function short(api: string | null): string {
  return (api ?? 'request').replace(/^StreamsGroup/, '');
}

function epoch(body: unknown, key: string): string {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' ? ` epoch ${v}` : '';
}

function reason(response: unknown): string {
  const m = response && typeof response === 'object' ? (response as { errorMessage?: unknown }).errorMessage : null;
  return typeof m === 'string' ? m : '';
}

/** One request and its answer: the request, a rejection where the broker turned it away, the response. */
function exchange(
  out: FlowEvent[],
  step: number,
  at: number,
  member: string | null,
  api: string | null,
  version: number | null,
  request: unknown,
  response: unknown,
  errorName: string | null,
  rejectedBy: string | undefined,
): void {
  const client = member ?? RAW_CLIENT;
  const failed = errorName !== null && errorName !== 'NONE';
  const layer = failed ? (rejectedBy ?? 'coordinator') : null;
  // a request turned away before the coordinator stops at the broker's lane
  const stop = layer === 'KafkaApis' || layer === 'service layer' ? BROKER_LANE : COORDINATOR_LANE;
  out.push({ step, at, kind: 'request', from: client, to: stop, member, label: `${short(api)}${version !== null ? ` v${version}` : ''}${epoch(request, 'memberEpoch')}` });
  if (layer) out.push({ step, at, kind: 'rejection', from: stop, to: stop, member, label: errorName!, detail: `${layer}: ${reason(response) || errorName}` });
  if (response !== null && response !== undefined) out.push({ step, at, kind: 'response', from: stop, to: client, member, label: failed ? errorName! : `NONE${epoch(response, 'memberEpoch')}` });
}

/** The events of one step, in time order. */
export function stepFlow(s: TraceStep): FlowEvent[] {
  const out: FlowEvent[] = [];
  const timers = [...s.timers].sort((a, b) => a.at - b.at);
  let ti = 0;
  const timersUntil = (at: number) => {
    for (; ti < timers.length && timers[ti]!.at <= at; ti++) {
      const f = timers[ti]!;
      out.push({ step: s.index, at: f.at, kind: 'timer', from: COORDINATOR_LANE, to: COORDINATOR_LANE, member: null, label: `timer ${f.key}`, detail: f.effect });
    }
  };
  if (s.request !== null && s.kind !== 'run') exchange(out, s.index, s.time, s.member, s.api, s.version, s.request, s.response, s.errorName, s.rejectedBy);
  for (const x of s.exchanges) {
    timersUntil(x.at - 1);
    exchange(out, s.index, x.at, x.member, x.api ?? 'StreamsGroupHeartbeat', x.version ?? null, x.request, x.response, x.errorName, x.rejectedBy);
  }
  timersUntil(Number.POSITIVE_INFINITY);
  if (s.records.length > 0) {
    const types = [...new Set(s.records.map((r) => r.type.replace(/^StreamsGroup/, '')))];
    out.push({
      step: s.index,
      at: s.time,
      kind: 'records',
      from: COORDINATOR_LANE,
      to: LOG_LANE,
      member: null,
      label: `${s.records.length} record${s.records.length === 1 ? '' : 's'}`,
      detail: types.join(', '),
    });
  }
  return out;
}
