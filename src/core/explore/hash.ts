// Canonical state hash for deduplication: the coordinator's hard state (the fields of snapshot.ts hardState),
// the soft state that decides behaviour (partial progress, cached configured topology, endpoint epoch, shutdown
// request, timers' deadlines relative to now, in firing order), the cluster's topics, each client's state and the
// liveness bookkeeping (relative to now, clamped where larger values behave alike).
//
// Members, targets and task sets are immutable values, so their canonical text is cached per object
// (WeakMap): a transition re-encodes only what it replaced.
import type { SimulatedClient } from '../clients/simulated.ts';
import type { StreamsGroupMember } from '../model/member.ts';
import type { TaskEpochs, TaskSet, TasksTuple } from '../model/tasks.ts';
import type { ExploreContext, World } from './world.ts';

const setText = new WeakMap<object, string>();
const memberText = new WeakMap<StreamsGroupMember, string>();
const tupleText = new WeakMap<TasksTuple, string>();
const jsonText = new WeakMap<object, string>();

function tasks(t: TaskSet | TaskEpochs): string {
  let s = setText.get(t);
  if (s !== undefined) return s;
  const parts: string[] = [];
  for (const sub of [...t.keys()].sort()) {
    const ps = t.get(sub)!;
    if (ps instanceof Map) parts.push(`${sub}:${[...ps].sort((a, b) => a[0] - b[0]).map(([p, e]) => `${p}@${e}`).join(',')}`);
    else parts.push(`${sub}:${[...(ps as ReadonlySet<number>)].sort((a, b) => a - b).join(',')}`);
  }
  s = parts.join(';');
  setText.set(t, s);
  return s;
}

function tuple(t: TasksTuple): string {
  let s = tupleText.get(t);
  if (s === undefined) {
    s = `${tasks(t.active)}/${tasks(t.standby)}/${tasks(t.warmup)}`;
    tupleText.set(t, s);
  }
  return s;
}

function json(v: object | null): string {
  if (v === null) return 'null';
  let s = jsonText.get(v);
  if (s === undefined) {
    s = JSON.stringify(v);
    jsonText.set(v, s);
  }
  return s;
}

function member(m: StreamsGroupMember): string {
  let s = memberText.get(m);
  if (s === undefined) {
    const a = m.assignedTasks;
    s = [m.memberId, m.memberEpoch, m.previousMemberEpoch, m.state, m.instanceId, m.rackId, m.rebalanceTimeoutMs, m.clientId, m.clientHost, m.topologyEpoch, m.topologyId ?? '', m.processId, json(m.userEndpoint), json(m.clientTags), tasks(a.active), tasks(a.standby), tasks(a.warmup), tuple(m.tasksPendingRevocation)].join('|');
    memberText.set(m, s);
  }
  return s;
}

interface ClientPrivates {
  lastSent: { active: TaskSet; standby: TaskSet; warmup: TaskSet } | null;
  lastSentRoles: { active?: TaskSet; standby?: TaskSet; warmup?: TaskSet };
  incarnation: number;
}

function client(c: SimulatedClient, now: number): string {
  const p = c as unknown as ClientPrivates;
  const o = c.owned;
  const ls = p.lastSent;
  const r = p.lastSentRoles;
  const role = (t: TaskSet | undefined) => (t === undefined ? '-' : tasks(t));
  return [
    c.alias, c.status, c.memberId, c.memberEpoch, tasks(o.active), tasks(o.standby), tasks(o.warmup),
    ls === null ? 'reset' : `${tasks(ls.active)}/${tasks(ls.standby)}/${tasks(ls.warmup)}`,
    `${role(r.active)}/${role(r.standby)}/${role(r.warmup)}`,
    c.endpointEpoch, c.heartbeatIntervalMs, Math.max(0, c.nextHeartbeatAt - now), p.incarnation, c.requestVersion, c.nestedOwnedTasks ? 1 : 0,
  ].join('|');
}

/** The canonical text of a state (exposed for tests and debugging). */
export function canonicalState(w: World, ctx: ExploreContext): string {
  const c = w.broker.coordinator;
  const now = c.now;
  const out: string[] = [];
  for (const id of c.groups.size > 1 ? [...c.groups.keys()].sort() : c.groups.keys()) {
    const g = c.groups.get(id)!;
    out.push(`G${id}|${g.groupEpoch}|${g.metadataHash}|${g.validatedTopologyEpoch}|${json(g.lastAssignmentConfigs)}|${json(g.topology)}|${g.topologyId}|${g.assignmentEpoch}|${Math.min(now - g.assignmentTimestamp, ctx.assignmentIntervalClamp)}`);
    const mids = [...g.members.keys()].sort();
    for (const mid of mids) out.push(member(g.members.get(mid)!));
    for (const mid of [...g.targetAssignment.keys()].sort()) out.push(`T${mid}=${tuple(g.targetAssignment.get(mid)!)}`);
    for (const [k, v] of [...g.staticMembers].sort(([a], [b]) => (a < b ? -1 : 1))) out.push(`S${k}=${v}`);
    // soft state
    out.push(`s|${g.configuredTopology === null ? 0 : 1}|${g.metadataRefreshRequested ? 1 : 0}|${g.endpointInformationEpoch}|${g.shutdownRequester}|${g.draft ? json(g.draft.refreshDeadline) : ''}`);
    for (const [mid, p] of [...g.partialProgress].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const so = p.stillOwned;
      out.push(`P${mid}|${p.memberEpoch}|${tuple(p.pending)}|${so.active ? tasks(so.active) : '-'}|${so.standby ? tasks(so.standby) : '-'}|${so.warmup ? tasks(so.warmup) : '-'}`);
    }
    // liveness: only current members' last sends can matter (a returning id sends before it can be fenced)
    const l = w.live;
    for (const mid of mids) {
      const last = l.lastSend.get(mid);
      if (last !== undefined) out.push(`L${mid}=${Math.min(now - last, ctx.sessionTimeoutMs)}`);
    }
  }
  const l = w.live;
  if (l.unstableSince !== undefined) out.push(`U${Math.min(now - l.unstableSince, ctx.stableWithinMs + 1)}|${l.reportedStall ? 1 : 0}|${l.lastRawAdvanceEnd > l.unstableSince ? 1 : 0}`);
  out.push(`X${l.topicsApplied}`);
  // timers in firing order (deadline, then scheduling order), relative to now
  const timers = c.timers.all();
  for (const t of timers) out.push(`t${t.key}@${t.deadline - now}${t.task.kind === 'rebalance-timeout' ? `#${t.task.memberEpoch}` : ''}`);
  for (const [name, n] of w.broker.topics) out.push(`${name}=${n}`);
  for (const cl of w.clients) out.push(client(cl, now));
  return out.join('\n');
}

/** A 53-bit hash of the canonical state (cyrb53). */
export function stateHash(w: World, ctx: ExploreContext): number {
  return cyrb53(canonicalState(w, ctx));
}

export function cyrb53(str: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
