// Checks every invariant after each step of a run; liveness needs the history, so this is stateful.
import type { Broker } from '../broker/broker.ts';
import { DurabilityTracker } from './durability.ts';
import { SafetyTracker } from './safetyTracker.ts';
import type { DurabilityReport, Violation } from './types.ts';

export interface CheckerOptions {
  /** Liveness bound: the group must become Stable within this much simulated time (ms). */
  stableWithinMs: number;
  /** Compute the durability diff (a replay of the log after each step). */
  durability: boolean;
}

export const DEFAULT_STABLE_WITHIN_MS = 300000;

/**
 * live-member-kept bookkeeping: a heartbeat keeps its member "live"; a leave (epoch -1, or -2 for a static member's
 * temporary leave) announces that the client stops, so until it sends again it is not live.
 */
export function noteHeartbeatSend(lastSend: Map<string, number>, memberId: string, at: number, memberEpoch: unknown): void {
  if (memberEpoch === -1 || memberEpoch === -2) lastSend.delete(memberId);
  else lastSend.set(memberId, at);
}

export class InvariantChecker {
  private readonly safety = new SafetyTracker();
  private readonly lastSend = new Map<string, number>();
  private unstableSince = new Map<string, number>();
  private reportedStall = new Set<string>();
  private pending: Violation[] = [];
  private readonly durability = new DurabilityTracker();

  constructor(
    readonly groupId: string,
    readonly options: CheckerOptions,
  ) {}

  /** The liveness bookkeeping so far (the explorer continues a run from here). */
  liveness(): { lastSend: ReadonlyMap<string, number>; unstableSince: number | undefined; reportedStall: boolean } {
    return { lastSend: this.lastSend, unstableSince: this.unstableSince.get(this.groupId), reportedStall: this.reportedStall.has(this.groupId) };
  }

  /** A client sent a heartbeat for this member id at `at` (accepted or not), with this member epoch. */
  onSend(memberId: string, at: number, memberEpoch: unknown): void {
    noteHeartbeatSend(this.lastSend, memberId, at, memberEpoch);
  }

  /** A timer fired; a session timeout that expels a member whose client kept heartbeating is a violation. */
  onTimer(effect: string, at: number, sessionTimeoutMs: number, clientLive: (memberId: string) => boolean): void {
    const m = /^session timeout fenced member (.+)$/.exec(effect);
    if (!m) return;
    const id = m[1]!;
    const last = this.lastSend.get(id);
    // live-member-kept: its heartbeats kept coming, yet none refreshed the session
    if (last !== undefined && at - last < sessionTimeoutMs && clientLive(id)) {
      this.pending.push({
        invariant: 'live-member-kept',
        message: `${id} was expelled by the session timeout at ${at} ms although its client heartbeated at ${last} ms: its heartbeats were rejected, so none refreshed the session.`,
      });
    }
  }

  afterStep(broker: Broker): { violations: Violation[]; durability: DurabilityReport | null } {
    const c = broker.coordinator;
    const violations = [...this.pending, ...this.safety.check(c.groups)];
    this.pending = [];
    let durability: DurabilityReport | null = null;
    if (this.options.durability) {
      durability = this.durability.report(c);
      if (durability.diff.length > 0)
        violations.push({ invariant: 'durable-state', message: `Replaying the log does not rebuild the live state at ${durability.diff.map((d) => d.path).join(', ')}.` });
    }
    // eventual-convergence: a group that exists must be Stable again within the bound
    const g = c.groups.get(this.groupId);
    if (!g || g.state() === 'STABLE' || g.state() === 'EMPTY') {
      this.unstableSince.delete(this.groupId);
      this.reportedStall.delete(this.groupId);
    } else {
      const since = this.unstableSince.get(this.groupId) ?? c.now;
      this.unstableSince.set(this.groupId, since);
      if (c.now - since > this.options.stableWithinMs && !this.reportedStall.has(this.groupId)) {
        this.reportedStall.add(this.groupId);
        violations.push({ invariant: 'eventual-convergence', message: `Group ${this.groupId} has not been Stable since ${since} ms (${c.now - since} ms, bound ${this.options.stableWithinMs} ms).` });
      }
    }
    return { violations, durability };
  }
}
