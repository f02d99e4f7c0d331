// Simulated Streams clients. Profile `java` follows Apache Kafka's Java client (StreamsGroupHeartbeatRequestManager,
// StreamsMembershipManager); profile `partial` resends only the owned-task lists that changed (KAFKA-20870).
import type { ClientSpec } from '../scenario/types.ts';
import { variantDefinition, type Variant } from '../variants/index.ts';
import { EMPTY_SET, equalSets, fromTaskIds, messageTaskIds, ROLES, type Role, type TaskIds, type TaskSet } from '../model/tasks.ts';
import { HEARTBEAT_REQUEST_DEFAULTS, type HeartbeatResponseView, type StreamsGroupHeartbeatRequest } from '../protocol/messages.ts';
import { normalizeHeartbeatRequest } from '../protocol/normalize.ts';
import { SHIPPED_RELEASE, type ReleaseRules } from '../releases/index.ts';

export type ClientStatus = 'unjoined' | 'joining' | 'member' | 'left' | 'crashed' | 'fatal';

interface Owned {
  active: TaskSet;
  standby: TaskSet;
  warmup: TaskSet;
}

const NOTHING: Owned = { active: EMPTY_SET, standby: EMPTY_SET, warmup: EMPTY_SET };

/** Errors the Java client treats as fatal (the member transitions to FATAL and stops). */
const FATAL = new Set([
  'GROUP_AUTHORIZATION_FAILED',
  'INVALID_REQUEST',
  'GROUP_MAX_SIZE_REACHED',
  'STREAMS_INVALID_TOPOLOGY',
  'STREAMS_INVALID_TOPOLOGY_EPOCH',
  'STREAMS_TOPOLOGY_FENCED',
  'UNSUPPORTED_VERSION',
  'UNRELEASED_INSTANCE_ID',
  'FENCED_INSTANCE_ID',
  'UNKNOWN_SERVER_ERROR',
]);
/** Errors after which the client releases everything and rejoins with epoch 0. */
const REJOIN = new Set(['FENCED_MEMBER_EPOCH', 'UNKNOWN_MEMBER_ID']);
/** Errors the client retries (coordinator moved or loading). */
const RETRY = new Set(['NOT_COORDINATOR', 'COORDINATOR_NOT_AVAILABLE', 'COORDINATOR_LOAD_IN_PROGRESS']);

/** How an edition's client differs from the shipped Java client: the fields of its heartbeat requests. */
export interface ClientRequestShape {
  /** The client joins with an empty member id and the coordinator generates one. */
  readonly coordinatorGeneratesMemberId: boolean;
  /** The edition's request from the shipped client's (`reset`: the sent-fields cache was reset). */
  request(c: SimulatedClient, shipped: { data: Record<string, unknown>; why: string }, reset: boolean): { data: Record<string, unknown>; why: string };
}

export class SimulatedClient {
  status: ClientStatus = 'unjoined';
  memberId: string;
  memberEpoch = 0;
  owned: Owned = NOTHING;
  /** What the last heartbeat reported per role (null = nothing recorded: the next report is full). */
  private lastSent: Owned | null = null;
  /** Why the next Java report carries all three lists although nothing may have changed (lastSent is null). */
  private fullReportWhy = JOINED;
  private lastSentRoles: Readonly<Partial<Owned>> = {};
  endpointEpoch = -1;
  heartbeatIntervalMs = 5000;
  /** When the client heartbeats next on its own (run steps). */
  nextHeartbeatAt = 0;
  private incarnation = 1;
  /** StreamsGroupHeartbeat version the client speaks (see requestVersionFor). */
  requestVersion = 1;
  /** KAFKA-20870 option D: at v2 the owned tasks travel in one nullable OwnedTasks struct. */
  nestedOwnedTasks = false;
  /** The Kafka release whose Java client this is (src/core/releases/). */
  release: ReleaseRules = SHIPPED_RELEASE;

  constructor(
    readonly alias: string,
    readonly spec: ClientSpec,
    readonly groupId: string,
    readonly topology: unknown,
    /** The edition's request fields (Edition.client), or null for the shipped client's. */
    readonly shape: ClientRequestShape | null = null,
  ) {
    // kip1071-draft: the Java client joins with an empty member id and the coordinator generates one
    this.memberId = spec.memberId ?? (shape?.coordinatorGeneratesMemberId ? '' : alias);
  }

  get processId(): string {
    return this.spec.processId ?? `${this.alias}-process`;
  }

  get instanceId(): string | null {
    return this.spec.instanceId ?? null;
  }

  get live(): boolean {
    return this.status === 'joining' || this.status === 'member';
  }

  /** The next request by profile, with a plain explanation of why it looks as it does. */
  nextRequest(action: 'join' | 'heartbeat' | 'leave'): { data: Record<string, unknown>; why: string } {
    const reset = this.lastSent === null;
    const out = this.buildRequest(action);
    // an edition's client: the same membership logic, the edition's request fields (e.g. kip1071-draft/client.ts)
    if (this.shape) return this.shape.request(this, out, reset);
    return this.nestedOwnedTasks ? nestOwnedTasks(out) : out;
  }

  /**
   * The next heartbeat as the coordinator reads it: what normalizeHeartbeatRequest makes of the flat (un-nested)
   * form of `nextRequest(action).data`, with the same bookkeeping. The explorer's lean path (shipped editions);
   * a join goes through the JSON form, a steady heartbeat is built directly.
   */
  nextHeartbeatRequest(action: 'join' | 'heartbeat'): StreamsGroupHeartbeatRequest {
    if (this.joins(action)) return normalizeHeartbeatRequest(this.buildRequest(action).data);
    const r = this.ownedReport();
    // every field in the schema's order, as normalizeHeartbeatRequest builds it: one object shape on the hot path
    const d = HEARTBEAT_REQUEST_DEFAULTS;
    return {
      groupId: this.groupId,
      memberId: this.memberId,
      memberEpoch: this.memberEpoch,
      endpointInformationEpoch: this.endpointEpoch,
      instanceId: this.instanceId,
      rackId: d.rackId,
      rebalanceTimeoutMs: d.rebalanceTimeoutMs,
      topology: d.topology,
      activeTasks: r.activeTasks,
      standbyTasks: r.standbyTasks,
      warmupTasks: r.warmupTasks,
      processId: d.processId,
      userEndpoint: d.userEndpoint,
      clientTags: d.clientTags,
      taskOffsets: d.taskOffsets,
      taskEndOffsets: d.taskEndOffsets,
      shutdownApplication: d.shutdownApplication,
    };
  }

  private joins(action: 'join' | 'heartbeat' | 'leave'): boolean {
    return action === 'join' || this.status === 'unjoined' || this.memberEpoch === 0;
  }

  /** The request in the shipped form. */
  private buildRequest(action: 'join' | 'heartbeat' | 'leave'): { data: Record<string, unknown>; why: string } {
    if (action === 'leave') {
      // a static member leaves temporarily (-2) and keeps its tasks; a dynamic one leaves (-1)
      const epoch = this.instanceId !== null ? -2 : -1;
      return { data: this.baseFields(epoch), why: `${this.alias} leaves the group with epoch ${epoch}${epoch === -2 ? ' (static member: temporary leave)' : ''}.` };
    }
    if (this.joins(action)) {
      // joining: topology, rebalance timeout, process id and three empty owned-task lists
      this.status = 'joining';
      this.lastSent = null;
      this.fullReportWhy = JOINED;
      const data = this.baseFields(0);
      data.rackId = this.spec.rackId ?? null;
      data.rebalanceTimeoutMs = this.spec.rebalanceTimeoutMs ?? 300000;
      data.topology = this.topology;
      data.activeTasks = [];
      data.standbyTasks = [];
      data.warmupTasks = [];
      data.processId = this.processId;
      data.userEndpoint = this.spec.userEndpoint ?? null;
      data.clientTags = Object.entries(this.spec.clientTags ?? {})
        .map(([key, value]) => ({ key, value }))
        .sort((a, b) => (a.key < b.key ? -1 : 1));
      // Kafka Streams 4.4 joins with empty (not null) task offset lists (seen in its request log); 4.1–4.3 send none
      if (this.release.switches.clientSendsTaskOffsets) {
        data.taskOffsets = [];
        data.taskEndOffsets = [];
      }
      return { data, why: `${this.alias} joins with epoch 0, its topology and three empty owned-task lists.` };
    }
    const data = this.baseFields(this.memberEpoch);
    const sentBefore = this.lastSent !== null;
    const r = this.ownedReport();
    if (r.activeTasks === null && this.spec.profile === 'java') {
      // the JSON form's key order when nothing is reported, warmup first (traces and draft requests keep it)
      data.warmupTasks = null;
      data.standbyTasks = null;
      data.activeTasks = null;
    } else {
      data.activeTasks = r.activeTasks;
      data.standbyTasks = r.standbyTasks;
      data.warmupTasks = r.warmupTasks;
    }
    let why: string;
    if (this.spec.profile === 'java') {
      why =
        r.activeTasks !== null
          ? `${this.alias} reports all three owned-task lists (${sentBefore ? 'its owned tasks changed since its last report' : this.fullReportWhy === JOINED && this.owned !== NOTHING && !sameOwned(this.owned, NOTHING) ? 'it owns tasks now, and joined with empty lists' : this.fullReportWhy}).`
          : `${this.alias} heartbeats with epoch ${this.memberEpoch}; nothing changed, so all three lists are null.`;
    } else {
      const changed = ROLES.filter((role) => r[`${role}Tasks`] !== null);
      why = changed.length
        ? `${this.alias} (partial client) resends only the changed list(s): ${changed.join(', ')}; the others are null.`
        : `${this.alias} (partial client) heartbeats; nothing changed, so all lists are null.`;
    }
    return { data, why };
  }

  /** The fields every request starts with, in the schema's order of the JSON form. */
  private baseFields(memberEpoch: number): Record<string, unknown> {
    return { groupId: this.groupId, memberId: this.memberId, endpointInformationEpoch: this.endpointEpoch, instanceId: this.instanceId, memberEpoch };
  }

  /** The owned-task lists a steady heartbeat reports by profile (null = not sent), noting what the Java client sent. */
  private ownedReport(): Record<'activeTasks' | 'standbyTasks' | 'warmupTasks', TaskIds[] | null> {
    if (this.spec.profile === 'java') {
      // all three lists together, only when the owned tasks differ from what was last sent
      if (this.lastSent === null || !sameOwned(this.lastSent, this.owned)) {
        this.lastSent = this.owned;
        return { activeTasks: messageTaskIds(this.owned.active), standbyTasks: messageTaskIds(this.owned.standby), warmupTasks: messageTaskIds(this.owned.warmup) };
      }
      return { activeTasks: null, standbyTasks: null, warmupTasks: null };
    }
    // partial: only the roles that changed since the last acknowledged report
    const changed = (role: Role): TaskIds[] | null => {
      const prev = this.lastSentRoles[role];
      return prev === undefined || !equalSets(prev, this.owned[role]) ? messageTaskIds(this.owned[role]) : null;
    };
    return { activeTasks: changed('active'), standbyTasks: changed('standby'), warmupTasks: changed('warmup') };
  }

  /** Applies a response (its JSON form, or the same fields as a HeartbeatResponseView) as the client would; returns a plain explanation (`explain`: false when nobody reads it). */
  onResponse(
    sent: Readonly<Record<string, unknown>> | StreamsGroupHeartbeatRequest,
    errorName: string,
    response: Readonly<Record<string, unknown>> | HeartbeatResponseView,
    now: number,
    explain = true,
  ): string {
    const sentEpoch = sent.memberEpoch as number;
    if (errorName !== 'NONE') {
      // every error resets the heartbeat state: the next report is full (Java)
      this.lastSent = null;
      this.fullReportWhy = `it reset its heartbeat state after ${errorName}`;
      if (REJOIN.has(errorName)) {
        this.owned = NOTHING;
        this.memberEpoch = 0;
        this.status = 'joining';
        this.nextHeartbeatAt = now;
        return `${this.alias} got ${errorName}: it releases all its tasks and rejoins with epoch 0.`;
      }
      if (RETRY.has(errorName)) {
        this.nextHeartbeatAt = now;
        return `${this.alias} got ${errorName}: it finds the coordinator again and retries.`;
      }
      if (this.spec.profile === 'partial' && errorName === 'INVALID_REQUEST') {
        this.nextHeartbeatAt = now + this.heartbeatIntervalMs;
        return `${this.alias} (partial client) ignores INVALID_REQUEST and keeps heartbeating.`;
      }
      if (FATAL.has(errorName) || this.spec.profile === 'java') {
        this.status = 'fatal';
        return `${this.alias} treats ${errorName} as fatal and stops.`;
      }
      // any other error: the client tries again after its heartbeat interval (not at once, which would spin)
      this.nextHeartbeatAt = now + this.heartbeatIntervalMs;
      return `${this.alias} got ${errorName}; it retries after its heartbeat interval.`;
    }
    if (sentEpoch === -1 || sentEpoch === -2) {
      this.status = 'left';
      this.owned = NOTHING;
      return `${this.alias} has left.`;
    }
    // option B's resend signal: the next report carries every role
    if (response.ownedTasksRequired === true) {
      this.lastSent = null;
      this.fullReportWhy = 'the coordinator asked for every list (ownedTasksRequired)';
      this.lastSentRoles = {};
    }
    this.memberEpoch = response.memberEpoch as number;
    this.memberId = (response.memberId as string) || this.memberId;
    this.status = 'member';
    this.heartbeatIntervalMs = (response.heartbeatIntervalMs as number) || this.heartbeatIntervalMs;
    this.endpointEpoch = (response.endpointInformationEpoch as number) ?? this.endpointEpoch;
    this.nextHeartbeatAt = now + this.heartbeatIntervalMs;
    // the partial client counts a report as acknowledged once the heartbeat succeeded
    if (this.spec.profile === 'partial') {
      const roles: Partial<Owned> = { ...this.lastSentRoles };
      for (const role of ['active', 'standby', 'warmup'] as const) {
        const l = sent[`${role}Tasks`] as TaskIds[] | null | undefined;
        if (l) roles[role] = fromTaskIds(l);
      }
      this.lastSentRoles = roles;
    }
    const a = response.activeTasks as TaskIds[] | null;
    const s = response.standbyTasks as TaskIds[] | null;
    const w = response.warmupTasks as TaskIds[] | null;
    if (a && s && w) {
      // a new assignment: the client revokes what it lost and starts what it got, then acknowledges at once
      const next: Owned = { active: fromTaskIds(a), standby: fromTaskIds(s), warmup: fromTaskIds(w) };
      const prevOwned = this.owned;
      const changed = !sameOwned(next, this.owned);
      // the same tasks keep the same (immutable) value
      if (changed) this.owned = next;
      // Java: every new assignment is reconciled and then acknowledged by a heartbeat at once, an unchanged one too
      // (StreamsMembershipManager: RECONCILING -> ACKNOWLEDGING; the real client's join is acknowledged at once)
      if (this.spec.profile === 'java') this.nextHeartbeatAt = now;
      // (the explorer reads no explanation: it skips listing the tasks)
      if (!explain) return '';
      const gaveUp = changed ? lostTasks(prevOwned.active, next.active) : [];
      if (gaveUp.length > 0)
        return `${this.alias} is at epoch ${this.memberEpoch}: it stops active ${gaveUp.join(', ')} and now runs active ${fmt(next.active)}, standby ${fmt(next.standby)}; the coordinator counts ${gaveUp.join(', ')} as pending revocation until ${this.alias}'s next heartbeat reports them gone.`;
      return `${this.alias} is at epoch ${this.memberEpoch} and now owns active ${fmt(next.active)}, standby ${fmt(next.standby)}.`;
    }
    return `${this.alias} is at epoch ${this.memberEpoch}.`;
  }

  /** A copy for exploration: every field is an immutable value (field by field: one object shape for every copy). */
  clone(): SimulatedClient {
    const c = new SimulatedClient(this.alias, this.spec, this.groupId, this.topology, this.shape);
    c.status = this.status;
    c.memberId = this.memberId;
    c.memberEpoch = this.memberEpoch;
    c.owned = this.owned;
    c.lastSent = this.lastSent;
    c.fullReportWhy = this.fullReportWhy;
    c.lastSentRoles = this.lastSentRoles;
    c.endpointEpoch = this.endpointEpoch;
    c.heartbeatIntervalMs = this.heartbeatIntervalMs;
    c.nextHeartbeatAt = this.nextHeartbeatAt;
    c.incarnation = this.incarnation;
    c.requestVersion = this.requestVersion;
    c.nestedOwnedTasks = this.nestedOwnedTasks;
    c.release = this.release;
    return c;
  }

  crash(): void {
    this.status = 'crashed';
  }

  /** A restarted instance: a new member id (Java picks a new UUID), same process and instance id, empty hands. */
  restart(): void {
    this.incarnation += 1;
    this.memberId = `${this.spec.memberId ?? this.alias}-${this.incarnation}`;
    this.memberEpoch = 0;
    this.owned = NOTHING;
    this.lastSent = null;
    this.fullReportWhy = JOINED;
    this.lastSentRoles = {};
    this.endpointEpoch = -1;
    this.status = 'unjoined';
  }
}

/** Option D (v2): the three flat lists become one OwnedTasks struct, null when not reported. */
function nestOwnedTasks(out: { data: Record<string, unknown>; why: string }): { data: Record<string, unknown>; why: string } {
  const { activeTasks, standbyTasks, warmupTasks, ...rest } = out.data;
  if (activeTasks === undefined) return out;
  const complete = activeTasks !== null && standbyTasks !== null && warmupTasks !== null;
  return {
    data: { ...rest, ownedTasks: complete ? { activeTasks, standbyTasks, warmupTasks } : null },
    why: out.why.replace('three owned-task lists', 'OwnedTasks struct').replace('all three lists are null', 'OwnedTasks is null'),
  };
}

/** The heartbeat version a client speaks under a variant: v2 where a proposal adds it. */
export function requestVersionFor(profile: ClientSpec['profile'], variant: Variant, release: ReleaseRules = SHIPPED_RELEASE): { version: number; nested: boolean } {
  // the variant says which version each profile speaks, and whether its v2 nests the owned tasks (option D); an older
  // release's Java client speaks its release's newest version (4.1–4.3: v0)
  const { heartbeat } = variantDefinition(variant);
  const version = release === SHIPPED_RELEASE ? heartbeat.clientVersion[profile] : Math.min(heartbeat.clientVersion[profile], release.clientHeartbeatVersion);
  return { version, nested: version >= 2 && heartbeat.v2 === 'nested' };
}

function sameOwned(a: Owned, b: Owned): boolean {
  return equalSets(a.active, b.active) && equalSets(a.standby, b.standby) && equalSets(a.warmup, b.warmup);
}

/** Why a Java member's first heartbeat after a join reports every list. */
const JOINED = 'its first heartbeat since it joined reports every list, even an empty one';

/** The tasks (as "subtopology_partition") in `before` and not in `after`. */
function lostTasks(before: TaskSet, after: TaskSet): string[] {
  const out: string[] = [];
  for (const [s, ps] of [...before].sort(([a], [b]) => (a < b ? -1 : 1))) for (const p of [...ps].sort((x, y) => x - y)) if (!after.get(s)?.has(p)) out.push(`${s}_${p}`);
  return out;
}

function fmt(t: TaskSet): string {
  const parts: string[] = [];
  for (const [s, ps] of [...t].sort(([a], [b]) => (a < b ? -1 : 1))) for (const p of [...ps].sort((x, y) => x - y)) parts.push(`${s}_${p}`);
  return parts.length ? parts.join(', ') : 'nothing';
}
