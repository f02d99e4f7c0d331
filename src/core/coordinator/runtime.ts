// The coordinator runtime of one __consumer_offsets partition: sequences operations, appends each
// operation's records as one atomic batch, replays them into memory, runs timers on the injected clock.
import { MemoizedAssignor } from '../assignor/memo.ts';
import { StickyTaskAssignor } from '../assignor/sticky.ts';
import type { TaskAssignor } from '../assignor/types.ts';
import type { Config } from '../config.ts';
import { estimateBatchBytes, PartitionLog, type RecordBatch } from '../log/log.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import type { TopicsImage } from '../model/topology.ts';
import { ApiError, errorCode, type ErrorName } from '../protocol/errors.ts';
import { requiredTopics } from '../topology/metadataHash.ts';
import { FailedAfterEffects, type Effect, type OpContext, type OpResult } from './context.ts';
import { fenceMember } from './leave.ts';
import { replay } from './replay.ts';
import { loadLog } from './loadLog.ts';
import { GroupTable, groupTableOrder, type Groups } from './groups.ts';
import type { CoordinatorEdition, EditionHooks } from './editionHooks.ts';
import { buildTargetAssignment, memberTableOrder } from './targetAssignment.ts';
import { timerKey, Timers, type ScheduledTimer } from './timers.ts';
import { variantDefinition, variantRules, type Variant, type VariantRules } from '../variants/index.ts';
import { releasePendingOnTimeout } from './releaseOnTimeout.ts';
import { releaseRules, type KafkaRelease, type ReleaseRules } from '../releases/index.ts';
import { storedAssignmentConfigMap } from './assignmentConfigs.ts';
import { GROUP_STATE_NAMES } from './group.ts';
import { pushAll } from '../util/arrays.ts';
import { deletedGroupTimerCancels } from './adminGroups.ts';
import type { StreamsGroup } from './group.ts';
import { cleanupGroupMetadata, nextOffsetExpiry, offsetsRetentionMs, streamsGroupIsSubscribedToTopic } from '../offsets/retention.ts';
import {
  classicGroupTombstone,
  groupMetadataTombstone,
  targetAssignmentMetadataTombstone,
  topologyTombstone,
  currentAssignmentTombstone,
  targetAssignmentMemberTombstone,
  memberMetadataTombstone,
  releaseTaskValues,
} from './records.ts';

export interface CoordinatorOptions {
  /** The protocol edition (src/core/editions/): the runtime calls it where editions differ. */
  readonly edition: CoordinatorEdition;
  readonly variant: Variant;
  readonly config: Config;
  /** The Kafka release line whose rules apply (src/core/releases/; absent: 4.4, the shipped coordinator). */
  readonly release?: KafkaRelease;
  /** The config as one group sees it (its GROUP configs over the broker's); absent: the broker's. */
  readonly groupConfig?: (groupId: string) => Config;
}

/** The outcome of one operation as the runtime saw it. */
export interface Outcome<R> {
  response: R;
  errorName: ErrorName | 'NONE';
  errorMessage: string | null;
  batch: RecordBatch | null;
  narration: string[];
  topicsToCreate: { name: string; partitions: number; replicationFactor?: number }[];
}

export interface FiredTimer {
  timer: ScheduledTimer;
  batch: RecordBatch | null;
  effect: string;
  narration: string[];
}

export type { EditionHooks };

/** The shipped (Kafka 4.x) runtime hooks: the base an edition reuses or replaces (src/core/editions/). */
export const SHIPPED_HOOKS: EditionHooks = {
  fence: (ctx, g, m) => fenceMember(ctx, g, m),
  isSubscribedToTopic: streamsGroupIsSubscribedToTopic,
  // maybeDeleteGroup: only an EMPTY group
  mayDelete: (g) => g.state() === 'EMPTY',
  deleteGroupRecords: (g, groups) => deleteGroupRecords(g.groupId, groups),
  expiryNarration: (g) => `Group ${g.groupId} is ${GROUP_STATE_NAMES.EMPTY} and has no committed offsets left: the retention check deletes it.`,
};

export class Coordinator {
  readonly groups = new GroupTable();
  readonly timers: Timers;
  readonly rules: VariantRules;
  /** The release's data and rule switches. */
  readonly release: ReleaseRules;
  readonly assignor: TaskAssignor;
  readonly hooks: EditionHooks;
  now: number;
  /** See `prepareForExploration`. */
  private keepTaskValues = false;

  constructor(
    readonly options: CoordinatorOptions,
    readonly log: PartitionLog = new PartitionLog(),
    now = 0,
    /** The groups replaying `log` gives, when the caller has them already (see `failover`). */
    replayed?: GroupTable,
    /** `clone`: the coordinator this one copies (nothing is replayed; `log` is the copy's log). */
    cloneOf?: Coordinator,
  ) {
    this.now = now;
    if (cloneOf) {
      this.timers = cloneOf.timers.clone();
      this.rules = cloneOf.rules;
      this.release = cloneOf.release;
      this.assignor = cloneOf.assignor;
      this.hooks = cloneOf.hooks;
      this.keepTaskValues = cloneOf.keepTaskValues;
      for (const [id, g] of cloneOf.groups) this.groups.set(id, g.clone());
      this.groups.capacity = cloneOf.groups.capacity;
      this.groups.offsetsEntries = cloneOf.groups.offsetsEntries;
      return;
    }
    this.timers = new Timers();
    this.rules = variantRules(options.variant);
    this.release = releaseRules(options.release);
    // [4.2]/[4.3] the release's own sticky assignor (release switch olderStickyAssignor; [4.1] taskPairAssignor)
    const sw = this.release.switches;
    this.assignor = new StickyTaskAssignor({ flavour: sw.taskPairAssignor ? '4.1' : sw.olderStickyAssignor ? '4.2' : options.edition.assignorFlavour });
    this.hooks = options.edition.hooks(options.config);
    // loading: replay the whole partition, then re-derive what lived only in memory (onLoaded)
    if (replayed) {
      for (const [id, g] of replayed) this.groups.set(id, g);
      this.groups.capacity = replayed.capacity;
      this.groups.offsetsEntries = replayed.offsetsEntries;
    } else loadLog(this.groups, log.allBatches(), options.edition);
    this.onLoaded();
  }

  /**
   * A fresh coordinator that loads this one's log: whatever was only in memory is gone. The log's batches are
   * frozen, so the groups they replay to are cached per frozen layer and copied (exploration fails over often).
   */
  failover(): Coordinator {
    const log = this.log.clone();
    const frozen = log.frozenBase();
    const next = new Coordinator(this.options, log, this.now, frozen ? copyGroups(replayFrozen(frozen, this.options.edition)) : undefined);
    // the assignor is stateless (or a memo of a pure one): the new coordinator may keep it
    (next as { assignor: TaskAssignor }).assignor = this.assignor;
    next.keepTaskValues = this.keepTaskValues;
    return next;
  }

  /**
   * Exploration (clones and failovers inherit it): assignments are remembered by their exact inputs, and records keep
   * the task values they were made from, so that failovers replay to shared values (exploration's worlds are
   * short-lived; a long-lived log would rather not keep old values alive).
   */
  prepareForExploration(): void {
    if (!(this.assignor instanceof MemoizedAssignor)) (this as { assignor: TaskAssignor }).assignor = new MemoizedAssignor(this.assignor);
    this.keepTaskValues = true;
  }

  /**
   * A copy for exploration (no replay): groups and timers are copied, the log shares its immutable batches.
   * `groupConfig`: where the copy reads GROUP configs (a cloned broker's own), if not where this one reads them.
   */
  clone(groupConfig?: (groupId: string) => Config): Coordinator {
    const options = groupConfig === undefined ? this.options : { ...this.options, groupConfig };
    return new Coordinator(options, this.log.clone(), this.now, undefined, this);
  }

  /** The config as this group sees it (GROUP configs set by IncrementalAlterConfigs over the broker's). */
  configOf(groupId: string): Config {
    return this.options.groupConfig?.(groupId) ?? this.options.config;
  }

  private onLoaded(): void {
    const sessionKey = this.options.edition.sessionTimeoutKey;
    // GroupMetadataManager.onLoaded: group by group in the group map's order, member by member in the member map's
    // order (both TimelineHashMaps), which is the timers' scheduling order and so their firing order at one deadline
    for (const g of groupTableOrder(this.groups).map((id) => this.groups.get(id)!)) {
      const session = this.configOf(g.groupId).int(sessionKey);
      for (const m of memberTableOrder(g).map((id) => g.members.get(id)!)) {
        // a session timer for every member, a rebalance timer for every member still revoking
        this.timers.schedule({ kind: 'session-timeout', groupId: g.groupId, memberId: m.memberId }, this.now + session);
        if (m.state === 'UNREVOKED_TASKS') {
          this.timers.schedule({ kind: 'rebalance-timeout', groupId: g.groupId, memberId: m.memberId, memberEpoch: m.memberEpoch }, this.now + m.rebalanceTimeoutMs);
        }
      }
    }
    this.timers.schedule({ kind: 'retention-check' }, this.now + this.options.config.int('offsets.retention.check.interval.ms'));
  }

  /** `groupId`: the group the operation is for, whose GROUP configs apply. */
  context(topics: TopicsImage, quiet = false, groupId?: string): OpContext {
    return {
      quiet,
      now: this.now,
      config: groupId !== undefined ? this.configOf(groupId) : this.options.config,
      edition: this.options.edition.wire,
      rules: this.rules,
      release: this.release,
      variantNarration: variantDefinition(this.options.variant).narration,
      groups: this.groups,
      topics,
      timers: this.timers,
      assignor: this.assignor,
    };
  }

  /**
   * Runs one write operation: an ApiError becomes an error response, any other exception
   * UNKNOWN_SERVER_ERROR with a null message; records are all-or-nothing.
   */
  execute<R>(op: () => OpResult<R>, onError: (code: number, message: string | null) => R): Outcome<R> {
    let result: OpResult<R>;
    try {
      result = op();
    } catch (e) {
      // what Kafka had already changed outside its snapshot registry stays changed
      if (e instanceof FailedAfterEffects) {
        this.applyEffects(e.effects);
        return this.failed(e.cause, onError);
      }
      return this.failed(e, onError);
    }
    // the batch must fit the partition's maximum batch size
    if (result.records.length > 0 && estimateBatchBytes(result.records) > this.options.config.int('message.max.bytes')) {
      return {
        ...this.failed(new ApiError('UNKNOWN_SERVER_ERROR', null), onError),
        narration: [
          `The records of this operation do not fit in one batch (message.max.bytes = ${this.options.config.int('message.max.bytes')}): the operation is rolled back. Kafka fails the same way: the coordinator writes an operation's records as one atomic batch (only its internal clean-ups may split), so the write fails with RecordTooLargeException, answered as UNKNOWN_SERVER_ERROR, each time the operation runs again; a target assignment for thousands of members needs a larger message.max.bytes.`,
        ],
      };
    }
    try {
      for (const r of result.records) replay(this.groups, r, this.options.edition);
    } catch (e) {
      // replay failed: roll back by rebuilding from the log
      this.rebuildFromLog();
      return this.failed(e, onError);
    }
    const batch = this.log.append(result.records, this.now);
    if (!this.keepTaskValues) for (const r of result.records) releaseTaskValues(r);
    this.applyEffects(result.effects);
    if (batch) this.commitSoftState();
    return { response: result.response, errorName: 'NONE', errorMessage: null, batch, narration: result.narration, topicsToCreate: result.topicsToCreate ?? [] };
  }

  private failed<R>(e: unknown, onError: (code: number, message: string | null) => R): Outcome<R> {
    const name: ErrorName = e instanceof ApiError ? e.errorName : 'UNKNOWN_SERVER_ERROR';
    const message = e instanceof ApiError ? e.apiMessage : null;
    const detail = e instanceof ApiError ? '' : ` (${e instanceof Error ? e.message : String(e)})`;
    return {
      response: onError(errorCode(this.options.edition.wire, name), message),
      errorName: name,
      errorMessage: message,
      batch: null,
      narration: name === 'UNKNOWN_SERVER_ERROR' ? [`The coordinator failed unexpectedly${detail}; nothing was written.`] : e instanceof ApiError && e.narration ? [...e.narration] : [],
      topicsToCreate: [],
    };
  }

  private rebuildFromLog(): void {
    const soft = new Map([...this.groups].map(([id, g]) => [id, g]));
    this.groups.clear();
    for (const r of this.log.records()) replay(this.groups, r.record, this.options.edition);
    // keep soft state of the groups that still exist
    for (const [id, g] of this.groups) {
      const old = soft.get(id);
      if (!old) continue;
      g.configuredTopology = old.configuredTopology;
      g.committedConfiguredTopology = old.committedConfiguredTopology;
      g.endpointInformationEpoch = old.endpointInformationEpoch;
      g.shutdownRequester = old.shutdownRequester;
      g.metadataRefreshRequested = old.metadataRefreshRequested;
      g.metadataRefreshEpoch = old.metadataRefreshEpoch;
      g.refinedAssignment = old.refinedAssignment;
      if (g.draft && old.draft) g.draft.refreshDeadline = old.draft.refreshDeadline;
    }
  }

  /**
   * A write that appended records moves the committed offset (the coordinator commits at once: one replica): Kafka's
   * snapshot at the new offset (CoordinatorRuntime's CoordinatorContext.append) captures every timeline structure as it
   * is now, including in-memory changes of earlier writes without records. Reads at the committed offset
   * (StreamsGroup.asDescribedGroup) then see them.
   */
  private commitSoftState(): void {
    for (const g of this.groups.values()) {
      g.committedConfiguredTopology = g.configuredTopology;
      g.uncommitted = false;
    }
  }

  private applyEffects(effects: readonly Effect[]): void {
    for (const e of effects) {
      switch (e.kind) {
        case 'schedule':
          this.timers.schedule(e.task, e.at);
          break;
        case 'schedule-if-absent':
          this.timers.scheduleIfAbsent(e.task, e.at);
          break;
        case 'cancel':
          this.timers.cancel(e.key);
          break;
        case 'put-group':
          if (!this.groups.has(e.group.groupId)) {
            e.group.uncommitted = true;
            this.groups.set(e.group.groupId, e.group);
          }
          break;
        case 'soft': {
          const g = this.groups.get(e.groupId);
          if (g) e.apply(g);
          break;
        }
      }
    }
  }

  /** onMetadataUpdate: groups whose required topics changed refresh their metadata on the next heartbeat. */
  onMetadataUpdate(changedTopics: readonly string[]): string[] {
    const changed = new Set(changedTopics);
    const refreshed: string[] = [];
    for (const g of this.groups.values()) {
      if (!g.topology) continue;
      if (requiredTopics(g.topology).some((t) => changed.has(t))) {
        g.metadataRefreshRequested = true;
        refreshed.push(g.groupId);
      }
    }
    return refreshed;
  }

  /** Moves the clock to `until`, firing due timers in time order. */
  advanceTo(until: number, topics: TopicsImage): FiredTimer[] {
    const fired: FiredTimer[] = [];
    for (;;) {
      const t = this.timers.nextDue(until);
      if (!t) break;
      this.timers.cancel(t.key);
      this.now = Math.max(this.now, t.deadline);
      const f = this.fire(t, topics);
      if (t.task.kind === 'retention-check' && f.batch === null) this.skipIdleRetentionChecks(until, f);
      fired.push(f);
    }
    this.now = Math.max(this.now, until);
    return fired;
  }

  /**
   * After a retention check that found nothing, the checks that would follow it with nothing to do are passed
   * over in one step (the groups cannot change before the next other timer, and no offset expires before
   * nextOffsetExpiry): the cost is per check that changes something, not per check. `f` then stands for them all.
   */
  private skipIdleRetentionChecks(until: number, f: FiredTimer): void {
    const key = timerKey({ kind: 'retention-check' });
    const next = this.timers.get(key);
    if (!next) return;
    const interval = next.deadline - this.now;
    let last = until;
    // the next other timer bounds the skip (a tie fires the older timer first)
    const other = this.timers.earliestDeadlineExcept(key);
    if (other !== null) last = Math.min(last, other - 1);
    const expiry = nextOffsetExpiry(this.groups, offsetsRetentionMs(this.options.config.int('offsets.retention.minutes')), this.hooks);
    if (expiry !== null) last = Math.min(last, expiry - 1);
    if (interval <= 0 || last < next.deadline) return;
    const skipped = Math.floor((last - next.deadline) / interval) + 1;
    const lastAt = next.deadline + (skipped - 1) * interval;
    this.timers.schedule({ kind: 'retention-check' }, lastAt + interval);
    this.now = Math.max(this.now, lastAt);
    f.effect = `${f.effect} (and ${skipped} more check${skipped === 1 ? '' : 's'} with nothing to do, every ${interval} ms until ${lastAt} ms)`;
  }

  private fire(t: ScheduledTimer, topics: TopicsImage): FiredTimer {
    const task = t.task;
    const ctx = this.context(topics);
    switch (task.kind) {
      case 'session-timeout': {
        const g = this.groups.get(task.groupId);
        const m = g?.members.get(task.memberId);
        if (!g || !m) return firedNothing(t, 'nothing (member already gone)');
        return this.runTimerOp(
          t,
          () => {
            const f = this.hooks.fence(ctx, g, m);
            return { response: null, records: f.records, effects: f.effects, narration: [`Member ${m.memberId} sent no successful heartbeat for the session timeout: it is fenced.`, ...f.narration] };
          },
          `session timeout fenced member ${m.memberId}`,
        );
      }
      case 'rebalance-timeout': {
        const g = this.groups.get(task.groupId);
        const m = g?.members.get(task.memberId);
        // the rebalance timeout fences only if the member is still at the epoch captured when scheduled
        if (!g || !m || m.memberEpoch !== task.memberEpoch) return firedNothing(t, 'nothing (member moved on)');
        // variant rule onRebalanceTimeout: release the pending revocations instead of fencing (E-release-on-timeout)
        if (this.rules.onRebalanceTimeout === 'release-pending') {
          const narrate = ctx.variantNarration?.rebalanceTimeoutReleased ?? ((id: string) => `The rebalance timeout released ${id}'s tasks pending revocation.`);
          const op = releasePendingOnTimeout(ctx, g, m, narrate);
          if (!op) return firedNothing(t, `nothing (${m.memberId}'s revoked tasks were already released)`);
          return this.runTimerOp(t, () => op, `rebalance timeout released the revoked tasks of member ${m.memberId}`);
        }
        return this.runTimerOp(
          t,
          () => {
            const f = this.hooks.fence(ctx, g, m);
            return {
              response: null,
              records: f.records,
              effects: f.effects,
              narration: [`Member ${m.memberId} did not release its revoked tasks within its rebalance timeout (${m.rebalanceTimeoutMs} ms): it is fenced.`, ...f.narration],
            };
          },
          `rebalance timeout fenced member ${m.memberId}`,
        );
      }
      case 'initial-rebalance': {
        const g = this.groups.get(task.groupId);
        // skipped when the group is empty or has no configured topology
        if (!g || g.members.size === 0 || !g.configuredTopology) return firedNothing(t, 'nothing (empty group or no configured topology)');
        return this.runTimerOp(
          t,
          () => {
            const r = buildTargetAssignment({
              group: g,
              groupEpoch: g.groupEpoch,
              updatedMember: null,
              replacedMemberId: null,
              configuredTopology: g.configuredTopology,
              assignor: this.assignor,
              // [4.4] computeDelayedTargetAssignment assigns with the group's stored configs (StreamsGroup.lastAssignmentConfigs,
              // as of the last epoch bump), not with a group config changed since
              assignmentConfigs: storedAssignmentConfigMap(g.lastAssignmentConfigs),
              timestamp: this.now,
              // [4.4] TargetAssignmentBuilder.createMemberMetadataAndState: the assignor reads each member's assigned tasks
              // ([4.2]/[4.3] createAssignmentMemberSpec: its target, release switch olderStickyAssignor)
              previousTasks: this.release.switches.olderStickyAssignor ? 'target' : this.options.edition.initialRebalancePreviousTasks,
              noAssignmentTimestamp: this.release.switches.noAssignmentTimestamp,
            });
            return { response: null, records: r.records, effects: [], narration: [`The initial rebalance delay is over: the target assignment for epoch ${g.groupEpoch} is computed.`] };
          },
          `initial rebalance delay ended: target assignment computed for epoch ${g.groupEpoch}`,
        );
      }
      case 'retention-check': {
        this.timers.schedule({ kind: 'retention-check' }, this.now + this.options.config.int('offsets.retention.check.interval.ms'));
        // cleanupGroupMetadata: offset tombstones, then the tombstones of groups left without offsets (src/core/offsets/)
        const h = this.hooks;
        // a simple classic group subscribes to nothing, is always Empty and ends with its GroupMetadata tombstone
        // (methods, not arrow properties: tsx names each arrow property with a defineProperty, on every check)
        const groups = this.groups;
        const policy = {
          isSubscribedToTopic(g: StreamsGroup, topic: string): boolean {
            return !g.classic && h.isSubscribedToTopic(g, topic);
          },
          mayDelete(g: StreamsGroup): boolean {
            return g.classic || h.mayDelete(g);
          },
          deleteGroupRecords(g: StreamsGroup): CoordinatorRecord[] {
            return g.classic ? [classicGroupTombstone(g.groupId)] : h.deleteGroupRecords(g, groups);
          },
          expiryNarration(g: StreamsGroup): string {
            return g.classic ? `Simple classic group ${g.groupId} has no committed offsets left: the retention check deletes it.` : h.expiryNarration(g);
          },
        };
        const sweep = cleanupGroupMetadata(this.groups, this.now, offsetsRetentionMs(this.options.config.int('offsets.retention.minutes')), policy);
        if (sweep.records.length === 0) return { ...firedNothing(t, 'retention check: nothing expired'), narration: sweep.narration };
        const did = [sweep.expiredOffsets > 0 ? `expired ${sweep.expiredOffsets} offset(s)` : '', sweep.deletedGroups.length > 0 ? `deleted ${sweep.deletedGroups.join(', ')}` : ''].filter((s) => s);
        const cancels: Effect[] = [];
        for (const id of sweep.deletedGroups) {
          const g = this.groups.get(id);
          if (g) pushAll(cancels, deletedGroupTimerCancels(g));
        }
        return this.runTimerOp(t, () => ({ response: null, records: sweep.records, effects: cancels, narration: sweep.narration }), `retention check ${did.join(' and ')}`);
      }
      case 'topology-initialization-timeout': {
        // kip1071-draft §9.3: the member asked to initialize is fenced, even if healthy; the group stays INITIALIZING
        const g = this.groups.get(task.groupId);
        const m = g?.members.get(task.memberId);
        if (!g || !m) return firedNothing(t, 'nothing (member already gone)');
        return this.runTimerOp(
          t,
          () => {
            const f = this.hooks.fence(ctx, g, m);
            return {
              response: null,
              records: f.records,
              effects: f.effects,
              narration: [
                `Member ${m.memberId} was asked to initialize topology ${task.topologyId} but no StreamsGroupInitialize arrived in time: it is fenced. The next heartbeat of any member asks again.`,
                ...f.narration,
              ],
            };
          },
          `topology initialization timeout fenced member ${m.memberId}`,
        );
      }
    }
  }

  /** A timer's write operation, as execute runs it. */
  private runTimerOp(t: ScheduledTimer, op: () => OpResult<null>, effect: string): FiredTimer {
    const out = this.execute(op, nullResponse);
    return { timer: t, batch: out.batch, effect: out.errorName === 'NONE' ? effect : `${effect} failed: ${out.errorName}`, narration: out.narration };
  }

  /** The group's state name as Kafka lists it, or "Dead" when absent. */
  stateOf(groupId: string): string {
    const g = this.groups.get(groupId);
    return g ? GROUP_STATE_NAMES[g.state()] : GROUP_STATE_NAMES.DEAD;
  }

  timerDeadline(key: string): number | null {
    return this.timers.get(key)?.deadline ?? null;
  }

  static sessionKey(groupId: string, memberId: string): string {
    return timerKey({ kind: 'session-timeout', groupId, memberId });
  }
}

/** A timer that found nothing to do. */
function firedNothing(t: ScheduledTimer, effect: string): FiredTimer {
  return { timer: t, batch: null, effect, narration: [] };
}

/** Timer operations have no response. */
function nullResponse(): null {
  return null;
}

/** Groups replayed from a frozen log's batches, per edition (a frozen log never changes; never handed out uncopied). */
const replayedByLog = new WeakMap<PartitionLog, { edition: CoordinatorEdition; groups: GroupTable }>();

/** The groups a frozen log replays to: its parent layer's groups (copied), then its own batches replayed. */
function replayFrozen(log: PartitionLog, edition: CoordinatorEdition): GroupTable {
  const hit = replayedByLog.get(log);
  if (hit && hit.edition === edition) return hit.groups;
  const { parent, own } = log.layers();
  const groups = parent ? copyGroups(replayFrozen(parent, edition)) : new GroupTable();
  for (const b of own) for (const r of b.records) replay(groups, r, edition);
  replayedByLog.set(log, { edition, groups });
  return groups;
}

function copyGroups(groups: GroupTable): GroupTable {
  return groups.copy((g) => g.clone());
}

/** Group deletion: current-assignment, target and member tombstones, then target metadata, group metadata and topology tombstones. */
export function deleteGroupRecords(groupId: string, groups: Groups): CoordinatorRecord[] {
  const g = groups.get(groupId)!;
  const ids = [...g.members.keys()];
  return [
    ...ids.map((id) => currentAssignmentTombstone(groupId, id)),
    ...[...g.targetAssignment.keys()].map((id) => targetAssignmentMemberTombstone(groupId, id)),
    targetAssignmentMetadataTombstone(groupId),
    ...ids.map((id) => memberMetadataTombstone(groupId, id)),
    groupMetadataTombstone(groupId),
    topologyTombstone(groupId),
  ];
}
