// Plain words for a step the coordinator and the clients said nothing about (a raw request that
// changed nothing, a clock advance with no timer due): every step of a trace says what happened,
// including "nothing changed, because …".
import type { Step, TraceGroupView, TraceStep } from './types.ts';

function who(t: TraceStep): string {
  return t.member ?? 'A raw client';
}

function errorMessage(response: unknown): string {
  const m = response && typeof response === 'object' ? (response as { errorMessage?: unknown }).errorMessage : null;
  return typeof m === 'string' && m.length > 0 ? `: ${m.replace(/\.+$/, '')}` : '';
}

/** Why a request that was accepted changed nothing. */
function acceptedNoChange(api: string): string {
  if (api === 'StreamsGroupDescribe') return 'a describe only reads the group';
  if (api === 'StreamsGroupHeartbeat')
    return "the heartbeat brought the coordinator nothing new (no owned tasks that differ from what it has, no topology to store, no assignment due); it only refreshed the member's session";
  return 'the request repeated what the coordinator already had';
}

/**
 * The narration for a step that has none, given the group before and after it. Returns [] when the
 * step has narration already.
 */
export function fallbackNarration(step: Step, t: TraceStep, before: TraceGroupView | null): string[] {
  if (t.narration.length > 0) return [];
  const changed = t.records.length > 0 || t.timers.length > 0 || JSON.stringify(before) !== JSON.stringify(t.group);
  if ('advance' in step) {
    return [`The clock moves ${step.advance} ms forward, to ${t.time} ms. Nothing changed, because no timer (session timeout, rebalance timeout, assignment interval, group expiry) was due by then.`];
  }
  if (t.api !== null) {
    const sent = `${who(t)} sends ${t.api}${t.version !== null ? ` v${t.version}` : ''}; the broker answers ${t.errorName ?? 'nothing'}${errorMessage(t.response)}.`;
    if (changed) return [`${sent} The coordinator wrote ${t.records.length} record${t.records.length === 1 ? '' : 's'} and the group changed (see the group and log views).`];
    if (t.errorName && t.errorName !== 'NONE') return [`${sent} Nothing changed, because a request the broker rejects leaves the group as it was.`];
    return [`${sent} Nothing changed, because ${acceptedNoChange(t.api)}.`];
  }
  return [changed ? 'The step changed the group (see the group and log views).' : 'Nothing changed, because this step sent nothing and no timer was due.'];
}
