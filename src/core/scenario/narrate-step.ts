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

/** The owned-task lists a heartbeat reported: null when it sent none, else how many tasks in all. */
function reportedTasks(request: unknown): number | null {
  if (!request || typeof request !== 'object') return null;
  const r = request as Record<string, unknown>;
  const lists = [r.activeTasks, r.standbyTasks, r.warmupTasks].filter((l): l is { partitions?: unknown[] }[] => Array.isArray(l));
  if (lists.length === 0) return null;
  let n = 0;
  for (const l of lists) for (const t of l) n += Array.isArray(t.partitions) ? t.partitions.length : 0;
  return n;
}

/** Why a request that was accepted changed nothing. */
function acceptedNoChange(api: string, t: TraceStep, before: TraceGroupView | null): string {
  if (api === 'StreamsGroupDescribe') return 'a describe only reads the group';
  const reported = api === 'StreamsGroupHeartbeat' ? reportedTasks(t.request) : null;
  const m = t.member ? Object.values(before?.members ?? {}).find((x) => x.alias === t.member) : undefined;
  const owns = m ? Object.values(m.assigned.active).reduce((n, ps) => n + ps.length, 0) : 0;
  if (reported === 0 && owns > 0)
    // CurrentAssignmentBuilder reads the owned tasks only to see revoked tasks released: a member at its target keeps its assignment
    return `${t.member} reported owning no tasks, but it is at its target epoch with nothing pending revocation, and the coordinator reads a report only to see revoked tasks released: it keeps ${t.member}'s assignment as it was; the heartbeat only refreshed the member's session`;
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
    return [`${sent} Nothing changed, because ${acceptedNoChange(t.api, t, before)}.`];
  }
  return [changed ? 'The step changed the group (see the group and log views).' : 'Nothing changed, because this step sent nothing and no timer was due.'];
}

/** Why the group's state is what it is now (GroupMetadataManager/StreamsGroup.maybeUpdateGroupState's order of checks). */
function stateReason(g: TraceGroupView): string {
  switch (g.state) {
    case 'Empty':
      return 'it has no members';
    case 'NotReady':
      return g.topicProblem ? `its topology cannot be configured: ${g.topicProblem.detail.replace(/\.+$/, '')}` : 'its topology is not configured against the topics yet';
    case 'Assigning':
      return `the group epoch ${g.groupEpoch} is ahead of the assignment epoch ${g.assignmentEpoch}: a new target assignment is due`;
    case 'Reconciling': {
      const behind = Object.values(g.members).filter((m) => m.memberEpoch !== g.assignmentEpoch);
      const shown = behind.slice(0, 3).map((m) => `${m.alias ?? m.memberId} is at epoch ${m.memberEpoch}${m.memberEpoch === -2 ? ' (a static member away for now)' : ''}`);
      return `not every member is at the assignment epoch ${g.assignmentEpoch}${shown.length ? `: ${shown.join(', ')}${behind.length > 3 ? ', …' : ''}` : ''}`;
    }
    case 'Stable':
      return `every member is at the assignment epoch ${g.assignmentEpoch}`;
    default:
      return '';
  }
}

/** A line for a change of the group's state that the step's narration does not name yet. */
export function stateChangeNarration(t: TraceStep, before: TraceGroupView | null): string[] {
  const after = t.group;
  if (!before || !after || before.state === after.state) return [];
  if (t.narration.some((n) => n.includes(after.state))) return [];
  const why = stateReason(after);
  return [`The group goes from ${before.state} to ${after.state}${why ? `: ${why}` : ''}.`];
}
