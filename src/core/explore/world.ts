// One explored state ("world"): the broker, the simulated clients and the liveness bookkeeping, with the
// actions the explorer may take from it. Every action mirrors a scenario step exactly (ScenarioRunner.runStep
// without the trace), so an action sequence written as steps replays to the same states.
import type { Broker, ClientContext, HeartbeatOutcome, RpcOutcome } from '../broker/broker.ts';
import type { SimulatedClient } from '../clients/simulated.ts';
import type { FiredTimer } from '../coordinator/runtime.ts';
import { Coordinator } from '../coordinator/runtime.ts';
import { checkSafety, durabilityReport, snapshotEpochs, type Violation } from '../invariants/index.ts';
import type { EpochSnapshot } from '../invariants/safety.ts';
import { noteHeartbeatSend } from '../invariants/checker.ts';
import { toTaskIds } from '../model/tasks.ts';
import { heartbeatResponseView, type StreamsGroupHeartbeatRequest } from '../protocol/messages.ts';
import type { Step, TopicsStep, TraceStep } from '../scenario/types.ts';
import { copyMap } from '../util/maps.ts';

/** What the explorer may do in one transition. Each becomes exactly one scenario step. */
export type Action =
  | { kind: 'client'; client: string; do: 'join' | 'heartbeat' | 'crash' | 'restart' }
  /** A client marked in `explore.partialReports` sends its active list only (a raw send step). */
  | { kind: 'partial'; client: string }
  | { kind: 'failover' }
  /** Clients stay silent while the clock moves (to the next timer deadline): an unfair schedule. */
  | { kind: 'advance'; ms: number }
  /** Live clients heartbeat at their intervals while the clock moves: a fair schedule. */
  | { kind: 'run'; ms: number }
  | { kind: 'topics'; index: number };

/** Shared, read-only facts of one exploration. */
export interface ExploreContext {
  readonly groupId: string;
  readonly sessionTimeoutMs: number;
  readonly heartbeatIntervalMs: number;
  readonly stableWithinMs: number;
  /** Values of now - assignmentTimestamp at or above this behave alike (hash clamp). */
  readonly assignmentIntervalClamp: number;
  readonly partialClients: ReadonlySet<string>;
  readonly topicChanges: readonly TopicsStep['topics'][];
  readonly durability: boolean;
  /** member id -> alias, for every binding any path made (ids are derived from aliases, so bindings agree). */
  readonly aliasByMember: Map<string, string>;
  /** alias -> the client's request context (client id and host), as the runner sends it. */
  readonly clientContexts: ReadonlyMap<string, ClientContext>;
}

const MAX_EXCHANGES_PER_RUN = 20000;

/** A request on its way: in the coordinator's form (lean path) or in Kafka's JSON form. */
type Sent = { req: StreamsGroupHeartbeatRequest } | { data: Record<string, unknown> };

/** What a heartbeat response can change in a client (the owned tasks by identity: replaced only when a response assigns tasks). */
interface ClientSignature {
  readonly status: string;
  readonly memberId: string;
  readonly memberEpoch: number;
  readonly endpointEpoch: number;
  readonly heartbeatIntervalMs: number;
  readonly owned: object;
}

function clientSignature(c: SimulatedClient): ClientSignature {
  return { status: c.status, memberId: c.memberId, memberEpoch: c.memberEpoch, endpointEpoch: c.endpointEpoch, heartbeatIntervalMs: c.heartbeatIntervalMs, owned: c.owned };
}

function sameSignature(s: ClientSignature, c: SimulatedClient): boolean {
  return (
    s.status === c.status &&
    s.memberId === c.memberId &&
    s.memberEpoch === c.memberEpoch &&
    s.endpointEpoch === c.endpointEpoch &&
    s.heartbeatIntervalMs === c.heartbeatIntervalMs &&
    s.owned === c.owned
  );
}

/** Liveness bookkeeping, as InvariantChecker keeps it, plus what the fairness filter needs. */
export interface Liveness {
  /** Shared with the world's clones until one of them writes it (see World.lastSendForWrite). */
  lastSend: Map<string, number>;
  unstableSince: number | undefined;
  reportedStall: boolean;
  /** Last time the schedule was unfair: a raw `advance` (clients silent) ended, or a member's client was down.
   *  A stall window containing such a time is not reported. */
  lastRawAdvanceEnd: number;
  /** Bit i set: explore.topicChanges[i] was applied on this path. */
  topicsApplied: number;
}

export class World {
  private pendingLive: Violation[] = [];
  /** live.lastSend is shared with a clone (or the world this one was cloned from): copied before a write. */
  private lastSendShared = false;

  /**
   * Copy-on-write clients: null while the clients array (and every client in it) may be shared with a clone;
   * otherwise this world's own array, and per client whether it is this world's own copy.
   */
  private ownClients: boolean[] | null = null;

  constructor(
    public broker: Broker,
    /** Sorted by alias; shared with clones until written (see `writableClient`). */
    private clientList: SimulatedClient[],
    public live: Liveness,
  ) {}

  /** The clients, sorted by alias (read-only: a write goes through `writableClient`). */
  get clients(): readonly SimulatedClient[] {
    return this.clientList;
  }

  clone(): World {
    const l = this.live;
    const w = new World(this.broker.clone(), this.clientList, {
      lastSend: l.lastSend,
      unstableSince: l.unstableSince,
      reportedStall: l.reportedStall,
      lastRawAdvanceEnd: l.lastRawAdvanceEnd,
      topicsApplied: l.topicsApplied,
    });
    this.lastSendShared = true;
    w.lastSendShared = true;
    this.ownClients = null;
    return w;
  }

  /** The client at index i, copied first while a clone may share it (copy-on-write). */
  private writableClient(i: number): SimulatedClient {
    let own = this.ownClients;
    if (own === null) {
      this.clientList = this.clientList.slice();
      // (pushed, not `new Array(n).fill`: a packed array from the start)
      own = this.ownClients = [];
      for (let i = 0; i < this.clientList.length; i++) own.push(false);
    }
    if (!own[i]) {
      this.clientList[i] = this.clientList[i]!.clone();
      own[i] = true;
    }
    return this.clientList[i]!;
  }

  /** The client with this alias, ready to be written. */
  private writableClientNamed(alias: string): SimulatedClient | undefined {
    const i = this.clientList.findIndex((c) => c.alias === alias);
    return i < 0 ? undefined : this.writableClient(i);
  }

  /** The last-send map, copied first while a clone shares it (copy-on-write). */
  private lastSendForWrite(): Map<string, number> {
    if (this.lastSendShared) {
      this.live.lastSend = copyMap(this.live.lastSend);
      this.lastSendShared = false;
    }
    return this.live.lastSend;
  }

  client(alias: string): SimulatedClient | undefined {
    for (const c of this.clients) if (c.alias === alias) return c;
    return undefined;
  }

  /** The enabled actions, in a fixed order (determinism). */
  actions(ctx: ExploreContext): Action[] {
    const out: Action[] = [];
    for (const c of this.clients) {
      const alias = c.alias;
      if (c.status === 'unjoined') out.push({ kind: 'client', client: alias, do: 'join' });
      else if (c.live) {
        out.push({ kind: 'client', client: alias, do: 'heartbeat' });
        if (ctx.partialClients.has(alias) && c.status === 'member' && c.memberEpoch > 0) out.push({ kind: 'partial', client: alias });
        out.push({ kind: 'client', client: alias, do: 'crash' });
      } else out.push({ kind: 'client', client: alias, do: 'restart' });
    }
    out.push({ kind: 'failover' });
    const c = this.broker.coordinator;
    const now = c.now;
    const next = c.timers.nextDeadline();
    if (next !== null && next > now) out.push({ kind: 'advance', ms: next - now });
    out.push({ kind: 'run', ms: ctx.heartbeatIntervalMs });
    // the next deadline the clients' own heartbeats do not push back (rebalance timeouts, crashed members' sessions, …)
    let fairNext: number | null = null;
    for (const t of c.timers.all()) {
      if (t.deadline <= now) continue;
      if (t.task.kind === 'session-timeout' && this.memberClientLive(ctx, t.task.memberId)) continue;
      // the retention check only acts on groups without members
      if (t.task.kind === 'retention-check' && [...c.groups.values()].every((g) => g.members.size > 0)) continue;
      fairNext = t.deadline;
      break;
    }
    if (fairNext !== null && fairNext - now !== ctx.heartbeatIntervalMs) out.push({ kind: 'run', ms: fairNext - now });
    ctx.topicChanges.forEach((_, i) => {
      if ((this.live.topicsApplied & (1 << i)) === 0) out.push({ kind: 'topics', index: i });
    });
    return out;
  }

  /** Whether the action can be taken here (used when replaying a shrunk sequence). */
  enabled(ctx: ExploreContext, a: Action): boolean {
    switch (a.kind) {
      case 'client': {
        const c = this.client(a.client);
        if (!c) return false;
        if (a.do === 'join') return c.status === 'unjoined';
        if (a.do === 'heartbeat' || a.do === 'crash') return c.live;
        return !c.live && c.status !== 'unjoined';
      }
      case 'partial': {
        const c = this.client(a.client);
        return c !== undefined && ctx.partialClients.has(a.client) && c.status === 'member' && c.memberEpoch > 0;
      }
      case 'failover':
        return true;
      case 'advance':
      case 'run':
        return a.ms > 0;
      case 'topics':
        return a.index < ctx.topicChanges.length && (this.live.topicsApplied & (1 << a.index)) === 0;
    }
  }

  private memberClientLive(ctx: ExploreContext, memberId: string): boolean {
    const alias = ctx.aliasByMember.get(memberId);
    const c = alias !== undefined ? this.client(alias) : undefined;
    return c === undefined || c.live;
  }

  /** Applies the action; returns the scenario step it corresponds to. */
  apply(ctx: ExploreContext, a: Action): Step {
    const b = this.broker;
    switch (a.kind) {
      case 'client': {
        const c = this.writableClientNamed(a.client)!;
        if (a.do === 'crash') c.crash();
        else if (a.do === 'restart') {
          c.restart();
          ctx.aliasByMember.set(c.memberId, c.alias);
          this.exchange(ctx, c, 'join');
        } else this.exchange(ctx, c, a.do);
        return { client: a.client, do: a.do };
      }
      case 'partial': {
        const c = this.client(a.client)!;
        const data: Record<string, unknown> = {
          groupId: c.groupId,
          memberId: c.memberId,
          memberEpoch: c.memberEpoch,
          endpointInformationEpoch: c.endpointEpoch,
          instanceId: c.instanceId,
          activeTasks: toTaskIds(c.owned.active),
          standbyTasks: null,
          warmupTasks: null,
        };
        const version = b.options.edition.defaultHeartbeatVersion;
        this.noteSend(data);
        const out = b.send('StreamsGroupHeartbeat', version, data, ctx.clientContexts.get(c.alias)!, true);
        if (out.memberId) ctx.aliasByMember.set(out.memberId, c.alias);
        return { label: `${a.client} sends a deliberately partial report`, send: 'StreamsGroupHeartbeat', version, member: a.client, data };
      }
      case 'failover':
        b.failover();
        return { failover: true };
      case 'advance':
        this.timers(ctx, b.advance(a.ms));
        this.live.lastRawAdvanceEnd = b.now;
        return { advance: a.ms };
      case 'run':
        this.runClients(ctx, a.ms);
        return { run: { ms: a.ms } };
      case 'topics': {
        const change = ctx.topicChanges[a.index]!;
        b.changeTopics(change);
        this.live.topicsApplied |= 1 << a.index;
        return { topics: change };
      }
    }
  }

  private noteSend(data: Readonly<Record<string, unknown>> | StreamsGroupHeartbeatRequest): void {
    if (typeof data.memberId === 'string' && data.memberId !== '') noteHeartbeatSend(this.lastSendForWrite(), data.memberId, this.broker.now, data.memberEpoch);
  }

  private exchange(ctx: ExploreContext, c: SimulatedClient, action: 'join' | 'heartbeat'): HeartbeatOutcome | RpcOutcome {
    return this.deliver(ctx, c, this.request(c, action));
  }

  /** The client's next request (its bookkeeping done, the send noted): lean where the broker can take it as is. */
  private request(c: SimulatedClient, action: 'join' | 'heartbeat'): Sent {
    if (this.lean(c)) {
      const req = c.nextHeartbeatRequest(action);
      this.noteSend(req);
      return { req };
    }
    const { data } = c.nextRequest(action);
    this.noteSend(data);
    return { data };
  }

  /** Sends the request and applies the response to the client. */
  private deliver(ctx: ExploreContext, c: SimulatedClient, sent: Sent): HeartbeatOutcome | RpcOutcome {
    const b = this.broker;
    let out: HeartbeatOutcome | RpcOutcome;
    if ('req' in sent) {
      out = b.heartbeatRequest(c.requestVersion, sent.req, ctx.clientContexts.get(c.alias)!);
      c.onResponse(sent.req, out.errorName, heartbeatResponseView(out.response, c.requestVersion), b.now, false);
    } else {
      out = b.send('StreamsGroupHeartbeat', c.requestVersion, sent.data, ctx.clientContexts.get(c.alias)!, true);
      c.onResponse(sent.data, out.errorName, out.response, b.now, false);
    }
    if (out.memberId) ctx.aliasByMember.set(out.memberId, c.alias);
    if ('request' in out) this.maybeInitialize(c, out);
    return out;
  }

  /**
   * Whether the client's request can skip the JSON form: shipped editions, where the broker reads the request
   * exactly as the client means it (the OwnedTasks struct of option D v2 flattens back to the three lists).
   */
  private lean(c: SimulatedClient): boolean {
    const b = this.broker;
    return b.options.edition.shippedHeartbeat && c.shape === null && c.nestedOwnedTasks === (b.coordinator.rules.nestedReport && c.requestVersion >= 2);
  }

  private maybeInitialize(c: SimulatedClient, out: RpcOutcome): void {
    const after = this.broker.options.edition.afterHeartbeat;
    if (after) after(this.broker, c, out, { narration: [], exchanges: [] } as unknown as TraceStep);
  }

  /** ScenarioRunner.runClients for `{ run: { ms } }`, without the trace. */
  private runClients(ctx: ExploreContext, ms: number): void {
    const b = this.broker;
    const end = b.now + ms;
    let exchanges = 0;
    // clients whose last heartbeat changed nothing (value: it was accepted), since the last change anywhere
    const quiet = new Map<SimulatedClient, boolean>();
    for (;;) {
      let next: SimulatedClient | undefined;
      let nextIndex = -1;
      const clients = this.clientList;
      for (let i = 0; i < clients.length; i++) {
        const c = clients[i]!;
        if (!c.live) continue;
        if (!next || c.nextHeartbeatAt < next.nextHeartbeatAt || (c.nextHeartbeatAt === next.nextHeartbeatAt && c.alias < next.alias)) {
          next = c;
          nextIndex = i;
        }
      }
      const at = next ? Math.max(next.nextHeartbeatAt, b.now) : end;
      if (at > end || !next) {
        this.timers(ctx, b.advanceTo(end));
        return;
      }
      const fired = b.advanceTo(at);
      this.timers(ctx, fired);
      if (fired.length > 0) quiet.clear();
      if (!next.live) continue;
      if (++exchanges > MAX_EXCHANGES_PER_RUN) return;
      next = this.writableClient(nextIndex);
      const sent = this.request(next, 'heartbeat');
      const before = clientSignature(next);
      const out = this.deliver(ctx, next, sent);
      if (next.nextHeartbeatAt <= b.now) next.nextHeartbeatAt = b.now + 1;
      if (out.batch !== null || out.createdTopics.length > 0 || !sameSignature(before, next)) quiet.clear();
      else quiet.set(next, out.errorName === 'NONE');
      if (this.clients.every((c) => !c.live || quiet.has(c)) && this.quiescent()) this.fastForward(ctx, end, quiet);
    }
  }

  /** No group waits for time to pass (an ASSIGNING group computes a target once the assignment interval is over). */
  private quiescent(): boolean {
    for (const g of this.broker.coordinator.groups.values()) if (g.state() === 'ASSIGNING') return false;
    return true;
  }

  /**
   * Every live client heartbeated once and nothing changed: until a timer that these heartbeats do not push back
   * fires, each further round repeats the same no-op. Jump over those rounds, leaving the state exactly as they
   * would: the clients' next heartbeat times, the accepted members' session timers (rescheduled in the order of
   * their last heartbeats) and the times of the last sends.
   */
  private fastForward(ctx: ExploreContext, end: number, accepted: ReadonlyMap<SimulatedClient, boolean>): void {
    const c = this.broker.coordinator;
    const pushed = new Set<string>();
    for (const [cl, ok] of accepted) if (ok && cl.live) pushed.add(cl.memberId);
    let stop = end;
    for (const t of c.timers.all()) {
      if (t.task.kind === 'session-timeout' && pushed.has(t.task.memberId)) continue;
      stop = Math.min(stop, t.deadline);
      break;
    }
    const last: { cl: SimulatedClient; at: number }[] = [];
    for (let i = 0; i < this.clientList.length; i++) {
      if (!this.clientList[i]!.live || this.clientList[i]!.nextHeartbeatAt >= stop) continue;
      const cl = this.writableClient(i);
      const interval = cl.heartbeatIntervalMs;
      const k = Math.ceil((stop - cl.nextHeartbeatAt) / interval);
      if (k <= 0) continue;
      last.push({ cl, at: cl.nextHeartbeatAt + (k - 1) * interval });
      cl.nextHeartbeatAt += k * interval;
    }
    last.sort((x, y) => x.at - y.at || (x.cl.alias < y.cl.alias ? -1 : 1));
    for (const { cl, at } of last) {
      this.lastSendForWrite().set(cl.memberId, at);
      if (pushed.has(cl.memberId)) c.timers.schedule({ kind: 'session-timeout', groupId: cl.groupId, memberId: cl.memberId }, at + ctx.sessionTimeoutMs);
    }
  }

  /** InvariantChecker.onTimer: a session timeout that expels a member whose client kept heartbeating. */
  private timers(ctx: ExploreContext, fired: FiredTimer[]): void {
    for (const f of fired) {
      // (only a session timer's effect can read so: the others need not be matched)
      if (f.timer.task.kind !== 'session-timeout') continue;
      const m = /^session timeout fenced member (.+)$/.exec(f.effect);
      if (!m) continue;
      const id = m[1]!;
      const last = this.live.lastSend.get(id);
      if (last !== undefined && f.timer.deadline - last < ctx.sessionTimeoutMs && this.memberClientLive(ctx, id)) {
        this.pendingLive.push({
          invariant: 'live-member-kept',
          message: `${id} was expelled by the session timeout at ${f.timer.deadline} ms although its client heartbeated at ${last} ms: its heartbeats were rejected, so none refreshed the session.`,
        });
      }
    }
  }

  /**
   * InvariantChecker.afterStep: safety against the state before the step, live-member-kept, and
   * eventual-convergence — reported only when the stall window holds no raw `advance` (fairness).
   */
  check(ctx: ExploreContext, before: Map<string, EpochSnapshot>): Violation[] {
    const c = this.broker.coordinator;
    let violations: Violation[];
    if (this.pendingLive.length === 0) violations = checkSafety(c.groups, before);
    else {
      violations = [...this.pendingLive, ...checkSafety(c.groups, before)];
      this.pendingLive = [];
    }
    if (ctx.durability) {
      const d = durabilityReport(c, new Coordinator(c.options, c.log, c.now));
      if (d.diff.length > 0) violations.push({ invariant: 'durable-state', message: `Replaying the log does not rebuild the live state at ${d.diff.map((x) => x.path).join(', ')}.` });
    }
    const g = c.groups.get(ctx.groupId);
    const l = this.live;
    // a member whose client is down (crashed, fatal, left) blocks convergence until its session expires: not a fair window
    if (g) for (const id of g.members.keys()) if (!this.memberClientLive(ctx, id)) l.lastRawAdvanceEnd = c.now;
    const state = g?.state();
    if (!g || state === 'STABLE' || state === 'EMPTY') {
      l.unstableSince = undefined;
      l.reportedStall = false;
    } else {
      if (l.unstableSince === undefined) l.unstableSince = c.now;
      if (c.now - l.unstableSince > ctx.stableWithinMs && !l.reportedStall) {
        l.reportedStall = true;
        if (l.lastRawAdvanceEnd <= l.unstableSince) {
          violations.push({
            invariant: 'eventual-convergence',
            message: `Group ${ctx.groupId} has not been Stable since ${l.unstableSince} ms (${c.now - l.unstableSince} ms, bound ${ctx.stableWithinMs} ms) although every live client kept heartbeating.${boundNote(ctx)}`,
          });
        }
      }
    }
    return violations;
  }

  epochs(): Map<string, EpochSnapshot> {
    return snapshotEpochs(this.broker.coordinator.groups);
  }
}

/** When the stall bound is shorter than a timeout that ends such a stall, the finding is about the bound: say so. */
function boundNote(ctx: ExploreContext): string {
  if (ctx.stableWithinMs >= ctx.sessionTimeoutMs) return '';
  return ` The bound is the scenario's invariants.stableWithinMs (${ctx.stableWithinMs} ms), shorter than the session timeout (${ctx.sessionTimeoutMs} ms) and any rebalance timeout that would end such a stall: this flags the scenario's own bound being tighter than the protocol's timeouts, not necessarily a coordinator bug.`;
}
