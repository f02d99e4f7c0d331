// A streams group's in-memory state (StreamsGroup): hard state rebuilt from records, derived indexes,
// and soft state that lives only in memory and is lost on failover.
import { TIMELINE_MIN_CAPACITY, timelineCapacityAfterPut } from '../util/timelineHashMap.ts';
import type { StreamsGroupMember } from '../model/member.ts';
import { isReady, type ConfiguredTopology, type StreamsTopology } from '../model/topology.ts';
import type { KeyValue, TaskOffset } from '../protocol/messages.ts';
import { EMPTY_TUPLE, type TaskSet, type TasksTuple } from '../model/tasks.ts';
import type { DraftGroupState } from './draftGroupState.ts';
import { CommittedOffsets } from '../offsets/state.ts';
import { activeListHeld, addIn, addListed, deleteListedIfEquals, removeIn, removeListed, replicaListHeld, setListed, type AssignmentLists } from './listedProcessIds.ts';
import type { Int64Json } from '../util/int64.ts';
import { copyMap } from '../util/maps.ts';

/** The refined assignment cached for an assignment epoch (StreamsGroup.RefinedAssignment). */
export interface RefinedAssignment {
  readonly epoch: number;
  /** 'live': the group's target map as it is, until a target changes (setTarget copies it first, as Kafka cached a copy). */
  readonly targets: ReadonlyMap<string, TasksTuple> | 'live';
}

export type GroupState = 'EMPTY' | 'NOT_READY' | 'ASSIGNING' | 'RECONCILING' | 'STABLE' | 'INITIALIZING' | 'DEAD';

/** Kafka's display names (StreamsGroupState.toString). */
export const GROUP_STATE_NAMES: Record<GroupState, string> = {
  EMPTY: 'Empty',
  NOT_READY: 'NotReady',
  ASSIGNING: 'Assigning',
  RECONCILING: 'Reconciling',
  STABLE: 'Stable',
  INITIALIZING: 'Initializing',
  DEAD: 'Dead',
};

/** In-memory progress of a member's partial owned-task reports (KAFKA-20870 option B). */
export interface PartialProgress {
  readonly memberEpoch: number;
  readonly pending: TasksTuple;
  readonly stillOwned: { active?: TaskSet; standby?: TaskSet; warmup?: TaskSet };
}

/** Bits of StreamsGroup.shared: the collections a clone still shares with its original. */
const SHARED_MEMBERS = 1;
const SHARED_TARGETS = 2;
const SHARED_STATIC = 4;
const SHARED_OFFSETS = 8;
const SHARED_INDEXES = 16;
const SHARED_TASK_OFFSETS = 32;
const SHARED_PARTIAL = 64;
const SHARED_STABLE_COUNTS = 128;
const SHARED_ALL = 255;

/** No PartitionsByUserEndpoint entry cached (a new group, one a load or replay creates, or after setConfiguredTopology). */
export const NO_CACHED_ENDPOINT_ENTRIES: ReadonlyMap<string, StreamsGroupMember> = new Map();

/** What a member last reported of its task offsets ([4.4], in memory). */
export interface MemberTaskOffsets {
  readonly offsets: TaskOffset[] | null;
  readonly endOffsets: TaskOffset[] | null;
}

/**
 * [4.4] A new StreamsGroup (live or loading): group epoch 1 and TargetAssignmentMetadata.INITIAL (assignment epoch 1,
 * timestamp 0), so the first persisted group epoch is 2 and a join delayed by the initial rebalance delay is answered
 * at epoch 1 (StreamsGroup's constructor in the published 4.4.0 group coordinator).
 */
export function newShippedGroup(groupId: string, epochs: { readonly group: number; readonly assignment: number } = { group: 1, assignment: 1 }): StreamsGroup {
  const g = new StreamsGroup(groupId);
  g.groupEpoch = epochs.group;
  g.assignmentEpoch = epochs.assignment;
  g.assignmentTimestamp = NEVER_ASSIGNED;
  return g;
}

/**
 * A group's assignment timestamp when it has no assignment to wait after: Kafka writes and reads 0 for that
 * (TargetAssignmentMetadata.INITIAL, the last member's leave; GroupMetadataManager.canComputeNextTargetAssignment).
 * The playground's clock starts at 0, which is a real instant: a broker's clock is never 0, so an assignment made at
 * scenario time 0 is one the assignment interval waits after. In memory that "never" is this value (anything minus it
 * is longer than any interval); records still carry Kafka's 0.
 */
export const NEVER_ASSIGNED = Number.NEGATIVE_INFINITY;

/**
 * A simple classic group: what OffsetMetadataManager.validateOffsetCommit creates for an admin commit (negative
 * generation, no member) to a group id that does not exist, and what replaying an OffsetCommit of an unknown group
 * creates (getOrMaybeCreateClassicGroup). It only holds offsets, is always Empty, and ends with a GroupMetadata tombstone.
 */
export function newSimpleClassicGroup(groupId: string): StreamsGroup {
  const g = new StreamsGroup(groupId);
  g.classic = true;
  return g;
}

export class StreamsGroup {
  // ---- hard state (records) ----
  groupEpoch = 0;
  metadataHash: Int64Json = 0;
  validatedTopologyEpoch = -1;
  lastAssignmentConfigs: KeyValue[] | null = null;
  /**
   * Slots of the group's last-assignment-configs table (StreamsGroup.lastAssignmentConfigs, a TimelineHashMap created
   * for 0 elements: each replayed StreamsGroupMetadata clears and refills it, growing it, never shrinking it); with
   * the stored keys it decides the order 4.2 writes them back (lastAssignmentConfigsInTableOrder).
   */
  lastAssignmentConfigsCapacity = TIMELINE_MIN_CAPACITY;
  topology: StreamsTopology | null = null;
  /** Draft edition: the topology id the group was initialized with. */
  topologyId: string | null = null;
  assignmentEpoch = 0;
  assignmentTimestamp = 0;
  /**
   * Slots of the coordinator's member table (a TimelineHashMap created for 0 members: 2 slots, doubled as members are
   * put, never shrunk); with the members' insertion order it decides the order the coordinator iterates them.
   */
  membersCapacity = TIMELINE_MIN_CAPACITY;
  /** A simple classic group (newSimpleClassicGroup), not a streams group. */
  classic = false;
  // The collections are read through read-only views and written through the methods below: a clone shares
  // them with its original until either side writes one (copy-on-write, see `writable`).
  private membersMap: Map<string, StreamsGroupMember>;
  private targetsMap: Map<string, TasksTuple>;
  private staticMap: Map<string, string>;
  /** Committed offsets (OffsetCommit records), see src/core/offsets/. */
  private offsetsState: CommittedOffsets;

  // ---- derived indexes (rebuilt on replay) ----
  /** subtopology -> partition -> process id, from assigned and pending-revocation active tasks. */
  private activeIndex: Map<string, Map<number, string>>;
  private standbyIndex: Map<string, Map<number, ReadonlySet<string>>>;
  private warmupIndex: Map<string, Map<number, ReadonlySet<string>>>;

  // ---- soft state (in memory only) ----
  configuredTopology: ConfiguredTopology | null = null;
  /**
   * The configured topology as reads at the last committed offset see it (StreamsGroup.configuredTopology is a
   * TimelineObject and asDescribedGroup reads it at the committed offset): an operation that sets it without writing
   * records leaves it unseen until a later write appends records (see Coordinator.commitSoftState).
   */
  committedConfiguredTopology: ConfiguredTopology | null = null;
  /**
   * [4.1] StreamsGroup.maybeUpdateGroupState: the group is ready when its configured topology (soft state, none after a
   * load until a heartbeat configures it) is, not by a validated topology epoch (release switch readinessFromConfiguredTopology).
   */
  readinessFromConfiguredTopology = false;
  /** Put in the group map by an operation that wrote no record for it: reads at the committed offset do not see it yet. */
  uncommitted = false;
  /** When the group's first offset entered OffsetMetadataManager's offsets-by-group table (GroupTable.offsetsEntries). */
  offsetsEntered = 0;
  metadataRefreshRequested = false;
  /**
   * The epoch of StreamsGroup.metadataRefreshDeadline (a plain field): the group epoch the last bump of a heartbeat
   * named, or null for DeadlineAndEpoch.EMPTY (a group object as replay or a load creates it). Its deadline (that
   * heartbeat's time + Integer.MAX_VALUE ms) is never reached in a scenario, so hasMetadataExpired holds while it is
   * EMPTY, while the group epoch is below it (a heartbeat that bumped and then failed), or once a refresh was requested
   * (onMetadataUpdate).
   */
  metadataRefreshEpoch: number | null = null;
  endpointInformationEpoch = 0;
  /**
   * StreamsGroup.endpointToPartitionsCache (a plain HashMap): per member id, the member object (state before the
   * heartbeat that listed it) whose PartitionsByUserEndpoint entry is cached. Replay's updateMember and removeMember
   * drop an entry, here by identity: an entry counts only while it is the group's member object. Kept for the releases
   * whose heartbeat reads it (release switch ownEndpointEntryFromCache); replaced, never written in place.
   */
  endpointEntryCache: ReadonlyMap<string, StreamsGroupMember> = NO_CACHED_ENDPOINT_ENTRIES;
  shutdownRequester: string | null = null;
  /**
   * StreamsGroup.refinedAssignment (a TimelineObject): the refined target assignment cached for one assignment epoch,
   * as a snapshot of the targets ('live': the group's target map itself, read when used). null: none (NONE).
   */
  refinedAssignment: RefinedAssignment | null = null;
  private taskOffsetsMap: Map<string, MemberTaskOffsets>;
  private partialMap: Map<string, PartialProgress>;

  /** kip1071-draft groups only (null for ak4): partition metadata and the refresh deadline, see src/core/editions/kip1071-draft/. */
  draft: DraftGroupState | null = null;

  /** Per member epoch, how many members are Stable at it: state() without a walk over the members. */
  private stableAtEpoch: Map<number, number>;
  /** How many members have a user endpoint (the heartbeat's endpoint list skips the walk when none has). */
  membersWithEndpoint: number;
  /** Sets collecting the id of every member or target written (see watchMemberWrites); a clone has none. */
  private watchers: Set<string>[] | null = null;

  /** SHARED_* bits: collections still shared with a clone (or its original). */
  private shared: number;
  /** See `collectionsVersion`. */
  private version: object | null;

  /** A new group, or (`from`) one sharing its collections with `from` until either writes: see `clone`. */
  constructor(
    readonly groupId: string,
    from?: StreamsGroup,
  ) {
    this.membersMap = from ? from.membersMap : new Map();
    this.targetsMap = from ? from.targetsMap : new Map();
    this.staticMap = from ? from.staticMap : new Map();
    this.offsetsState = from ? from.offsetsState : new CommittedOffsets();
    this.activeIndex = from ? from.activeIndex : new Map();
    this.standbyIndex = from ? from.standbyIndex : new Map();
    this.warmupIndex = from ? from.warmupIndex : new Map();
    this.taskOffsetsMap = from ? from.taskOffsetsMap : new Map();
    this.partialMap = from ? from.partialMap : new Map();
    this.stableAtEpoch = from ? from.stableAtEpoch : new Map();
    this.membersWithEndpoint = from ? from.membersWithEndpoint : 0;
    this.shared = from ? SHARED_ALL : 0;
    if (from) from.shared = SHARED_ALL;
    this.version = from ? from.collectionsVersion : null;
  }

  /**
   * An object whose identity changes whenever any collection (members, targets, static members, offsets, task
   * offsets, partial progress) is written, and which a clone shares until either side writes: values derived
   * from the collections alone may be cached on it (see util/slot.ts).
   */
  get collectionsVersion(): object {
    // made on demand: a write only drops it
    return (this.version ??= {});
  }

  get members(): ReadonlyMap<string, StreamsGroupMember> {
    return this.membersMap;
  }

  get targetAssignment(): ReadonlyMap<string, TasksTuple> {
    return this.targetsMap;
  }

  get staticMembers(): ReadonlyMap<string, string> {
    return this.staticMap;
  }

  get offsets(): Pick<CommittedOffsets, 'get' | 'size' | 'entries' | 'toObject'> {
    return this.offsetsState;
  }

  get activeTaskProcessId(): ReadonlyMap<string, ReadonlyMap<number, string>> {
    return this.activeIndex;
  }

  get standbyTaskProcessIds(): ReadonlyMap<string, ReadonlyMap<number, ReadonlySet<string>>> {
    return this.standbyIndex;
  }

  get warmupTaskProcessIds(): ReadonlyMap<string, ReadonlyMap<number, ReadonlySet<string>>> {
    return this.warmupIndex;
  }

  /** Task offsets and end offsets a member last reported ([4.4], in memory). */
  get taskOffsets(): ReadonlyMap<string, MemberTaskOffsets> {
    return this.taskOffsetsMap;
  }

  get partialProgress(): ReadonlyMap<string, PartialProgress> {
    return this.partialMap;
  }

  /** Before any write: the collections version dropped, and copies of the collections of `bits` this group still shares (copy-on-write). */
  private writable(bits: number): void {
    this.version = null;
    const copy = this.shared & bits;
    if (copy === 0) return;
    if (copy & SHARED_MEMBERS) this.membersMap = copyMap(this.membersMap);
    if (copy & SHARED_TARGETS) this.targetsMap = copyMap(this.targetsMap);
    if (copy & SHARED_STATIC) this.staticMap = copyMap(this.staticMap);
    if (copy & SHARED_OFFSETS) this.offsetsState = this.offsetsState.clone();
    if (copy & SHARED_INDEXES) {
      this.activeIndex = copyIndex(this.activeIndex);
      this.standbyIndex = copyIndex(this.standbyIndex);
      this.warmupIndex = copyIndex(this.warmupIndex);
    }
    if (copy & SHARED_TASK_OFFSETS) this.taskOffsetsMap = copyMap(this.taskOffsetsMap);
    if (copy & SHARED_PARTIAL) this.partialMap = copyMap(this.partialMap);
    if (copy & SHARED_STABLE_COUNTS) this.stableAtEpoch = copyMap(this.stableAtEpoch);
    this.shared &= ~copy;
  }

  /**
   * A set that from now on collects the id of every member, target or task offsets written (put, removed, or set), so that a
   * reader of the whole group after each step (trace view, invariants, durability diff) looks only at what changed;
   * the reader empties it when it has looked.
   */
  watchMemberWrites(): Set<string> {
    const s = new Set<string>();
    (this.watchers ??= []).push(s);
    return s;
  }

  private touched(memberId: string): void {
    if (this.watchers !== null) for (const w of this.watchers) w.add(memberId);
  }

  /** Keeps the per-member counts (Stable members per epoch, members with an endpoint) as m is put (1) or removed (-1). */
  private countMember(m: StreamsGroupMember, by: number): void {
    if (m.userEndpoint) this.membersWithEndpoint += by;
    if (m.state !== 'STABLE') return;
    this.writable(SHARED_STABLE_COUNTS);
    const n = (this.stableAtEpoch.get(m.memberEpoch) ?? 0) + by;
    if (n === 0) this.stableAtEpoch.delete(m.memberEpoch);
    else this.stableAtEpoch.set(m.memberEpoch, n);
  }

  /** StreamsGroupTargetAssignmentMember: a member's target (null removes it). */
  setTarget(memberId: string, target: TasksTuple | null): void {
    this.touched(memberId);
    // StreamsGroup.setRefinedAssignment caches a copy (Map.copyOf): a cache that reads the target map itself becomes
    // that copy before the map changes
    const refined = this.refinedAssignment;
    if (refined !== null && refined.targets === 'live') this.refinedAssignment = { epoch: refined.epoch, targets: copyMap(this.targetsMap) };
    this.writable(SHARED_TARGETS);
    if (target) this.targetsMap.set(memberId, target);
    else this.targetsMap.delete(memberId);
  }

  /** OffsetCommit replay: the committed offsets, for writing. */
  writableOffsets(): CommittedOffsets {
    this.writable(SHARED_OFFSETS);
    return this.offsetsState;
  }

  setTaskOffsets(memberId: string, offsets: MemberTaskOffsets): void {
    this.touched(memberId);
    this.writable(SHARED_TASK_OFFSETS);
    this.taskOffsetsMap.set(memberId, offsets);
  }

  /** KAFKA-20870 option B: a member's in-memory report progress (null forgets it). */
  setPartialProgress(memberId: string, progress: PartialProgress | null): void {
    this.writable(SHARED_PARTIAL);
    if (progress) this.partialMap.set(memberId, progress);
    else this.partialMap.delete(memberId);
  }

  /**
   * maybeUpdateGroupState: first match wins. `atCommitted`: as a read at the committed offset sees it (describe, list),
   * which for [4.1]'s readiness means the committed configured topology.
   */
  state(atCommitted = false): GroupState {
    // a simple classic group has no members: Empty
    if (this.classic) return 'EMPTY';
    if (this.draft) {
      // kip1071-draft §3.1: INITIALIZING until a topology is replayed, regardless of members
      if (this.topology === null) return 'INITIALIZING';
      if (this.members.size === 0) return 'EMPTY';
    } else {
      if (this.members.size === 0) return 'EMPTY';
      if (this.topology === null) return 'NOT_READY';
      const configured = atCommitted ? this.committedConfiguredTopology : this.configuredTopology;
      if (this.readinessFromConfiguredTopology ? configured === null || !isReady(configured) : this.topology.epoch !== this.validatedTopologyEpoch) return 'NOT_READY';
    }
    if (this.groupEpoch > this.assignmentEpoch) return 'ASSIGNING';
    // Stable when every member is Stable at the assignment epoch (counted as members are put)
    return (this.stableAtEpoch.get(this.assignmentEpoch) ?? 0) === this.membersMap.size ? 'STABLE' : 'RECONCILING';
  }

  targetOf(memberId: string): TasksTuple {
    return this.targetAssignment.get(memberId) ?? EMPTY_TUPLE;
  }

  /** Replaces a member and keeps the static-member and process-id indexes in step (updateMember). */
  putMember(m: StreamsGroupMember): void {
    const old = this.membersMap.get(m.memberId);
    // the same task values on the same process, already all in the indexes: removing and re-adding the process ids
    // would change nothing a lookup can see (the indexes are only looked up)
    const unchanged = old !== undefined && old.processId === m.processId && old.assignedTasks === m.assignedTasks && old.tasksPendingRevocation === m.tasksPendingRevocation && this.indexesHold(m);
    this.put(m, old, unchanged, null, null);
  }

  /**
   * putMember for a coordinator loading its log (loadLog.ts), where a member's tasks may still be its record's lists:
   * `lists` are m's (m then carries empty task values), `oldLists` those of the member m replaces (null: the member
   * objects' own task values), and `sameTasks` whether m's tasks are the very values its predecessor had.
   */
  putLoadingMember(m: StreamsGroupMember, lists: AssignmentLists | null, oldLists: AssignmentLists | null, sameTasks: boolean): void {
    const old = this.membersMap.get(m.memberId);
    const unchanged = old !== undefined && old.processId === m.processId && sameTasks && (lists === null ? this.indexesHold(m) : this.listsHeld(lists, m.processId));
    this.put(m, old, unchanged, oldLists, lists);
  }

  /** The end of a load: the member with its tasks decoded replaces the one that carried them as lists (indexes and counts stay). */
  putDecodedMember(m: StreamsGroupMember): void {
    this.writable(SHARED_MEMBERS);
    this.membersMap.set(m.memberId, m);
  }

  /** updateMember: `lists` and `oldLists` as in putLoadingMember, null for live writes. */
  private put(m: StreamsGroupMember, old: StreamsGroupMember | undefined, unchanged: boolean, oldLists: AssignmentLists | null, lists: AssignmentLists | null): void {
    // (the static-member map is copied only when one of them has an instance id: dynamic members never write it)
    const staticWrite = m.instanceId !== null || (old !== undefined && old.instanceId !== null);
    this.writable(SHARED_MEMBERS | (staticWrite ? SHARED_STATIC : 0) | (unchanged ? 0 : SHARED_INDEXES));
    this.touched(m.memberId);
    // the same process, both members' tasks decoded: only the tasks it no longer has are unmapped (the others are mapped again below)
    const dropOnly = old !== undefined && old.processId === m.processId && lists === null && oldLists === null;
    if (old) {
      this.countMember(old, -1);
      if (!unchanged && !dropOnly) {
        if (oldLists === null) this.removeProcessIds(old);
        else this.removeListedProcessIds(oldLists, old.processId);
      }
      if (old.instanceId !== null && this.staticMap.get(old.instanceId) === old.memberId) this.staticMap.delete(old.instanceId);
    }
    // BaseHashTable.baseAddOrReplace grows the table before any put, of a new member or an existing one
    this.membersCapacity = timelineCapacityAfterPut(this.membersCapacity, this.membersMap.size);
    this.membersMap.set(m.memberId, m);
    this.countMember(m, 1);
    if (m.instanceId !== null) this.staticMap.set(m.instanceId, m.memberId);
    if (unchanged) return;
    if (lists !== null) this.addListedProcessIds(lists, m.processId);
    else {
      if (dropOnly) this.removeDroppedProcessIds(old!, m);
      this.addProcessIds(m);
    }
  }

  /** Whether the indexes already map every task of m (assigned or pending revocation) to m's process. */
  private indexesHold(m: StreamsGroupMember): boolean {
    const pid = m.processId;
    const a = m.assignedTasks;
    const r = m.tasksPendingRevocation;
    return (
      activeHeld(this.activeIndex, a.active, pid) &&
      activeHeld(this.activeIndex, r.active, pid) &&
      replicaHeld(this.standbyIndex, a.standby, pid) &&
      replicaHeld(this.standbyIndex, r.standby, pid) &&
      replicaHeld(this.warmupIndex, a.warmup, pid) &&
      replicaHeld(this.warmupIndex, r.warmup, pid)
    );
  }

  /** indexesHold over a member's record lists (loadLog.ts). */
  private listsHeld(l: AssignmentLists, pid: string): boolean {
    return (
      activeListHeld(this.activeIndex, l.activeTasks, pid) &&
      activeListHeld(this.activeIndex, l.activeTasksPendingRevocation, pid) &&
      replicaListHeld(this.standbyIndex, l.standbyTasks, pid) &&
      replicaListHeld(this.standbyIndex, l.standbyTasksPendingRevocation, pid) &&
      replicaListHeld(this.warmupIndex, l.warmupTasks, pid) &&
      replicaListHeld(this.warmupIndex, l.warmupTasksPendingRevocation, pid)
    );
  }

  removeMember(memberId: string): void {
    this.remove(memberId, null);
  }

  /** removeMember for a coordinator loading its log: `oldLists` as in putLoadingMember. */
  removeLoadingMember(memberId: string, oldLists: AssignmentLists | null): void {
    this.remove(memberId, oldLists);
  }

  private remove(memberId: string, oldLists: AssignmentLists | null): void {
    const old = this.membersMap.get(memberId);
    if (!old) return;
    this.writable(SHARED_MEMBERS | SHARED_STATIC | SHARED_INDEXES);
    this.touched(memberId);
    this.countMember(old, -1);
    if (oldLists === null) this.removeProcessIds(old);
    else this.removeListedProcessIds(oldLists, old.processId);
    if (old.instanceId !== null && this.staticMap.get(old.instanceId) === memberId) this.staticMap.delete(old.instanceId);
    this.membersMap.delete(memberId);
    // an EMPTY group forgets a shutdown request
    if (this.membersMap.size === 0) this.shutdownRequester = null;
    // its in-memory reports go too (copied first only when there is something to delete)
    if (this.taskOffsetsMap.has(memberId) || this.partialMap.has(memberId)) {
      this.writable(SHARED_TASK_OFFSETS | SHARED_PARTIAL);
      this.taskOffsetsMap.delete(memberId);
      this.partialMap.delete(memberId);
    }
  }

  /** The members whose cached PartitionsByUserEndpoint entry still counts (their object is the cached one), sorted. */
  cachedEndpointEntryIds(): string[] {
    const ids: string[] = [];
    for (const [id, m] of this.endpointEntryCache) if (this.membersMap.get(id) === m) ids.push(id);
    return ids.sort();
  }

  /** A copy for exploration: members, targets and task sets are immutable values; the collections are shared until written. */
  clone(): StreamsGroup {
    const g = new StreamsGroup(this.groupId, this);
    g.groupEpoch = this.groupEpoch;
    g.metadataHash = this.metadataHash;
    g.validatedTopologyEpoch = this.validatedTopologyEpoch;
    g.lastAssignmentConfigs = this.lastAssignmentConfigs;
    g.lastAssignmentConfigsCapacity = this.lastAssignmentConfigsCapacity;
    g.topology = this.topology;
    g.topologyId = this.topologyId;
    g.assignmentEpoch = this.assignmentEpoch;
    g.assignmentTimestamp = this.assignmentTimestamp;
    g.membersCapacity = this.membersCapacity;
    g.classic = this.classic;
    g.configuredTopology = this.configuredTopology;
    g.committedConfiguredTopology = this.committedConfiguredTopology;
    g.readinessFromConfiguredTopology = this.readinessFromConfiguredTopology;
    g.uncommitted = this.uncommitted;
    g.offsetsEntered = this.offsetsEntered;
    g.metadataRefreshRequested = this.metadataRefreshRequested;
    g.metadataRefreshEpoch = this.metadataRefreshEpoch;
    g.endpointInformationEpoch = this.endpointInformationEpoch;
    g.endpointEntryCache = this.endpointEntryCache;
    g.shutdownRequester = this.shutdownRequester;
    g.refinedAssignment = this.refinedAssignment;
    if (this.draft) g.draft = { partitionMetadata: new Map(this.draft.partitionMetadata), refreshDeadline: { ...this.draft.refreshDeadline } };
    return g;
  }

  /** StreamsGroup.hasMetadataExpired: the next heartbeat recomputes the metadata hash. */
  hasMetadataExpired(): boolean {
    return this.metadataRefreshRequested || this.metadataRefreshEpoch === null || this.groupEpoch < this.metadataRefreshEpoch;
  }

  staticMemberId(instanceId: string): string | undefined {
    return this.staticMap.get(instanceId);
  }

  private addProcessIds(m: StreamsGroupMember): void {
    const pid = m.processId;
    setAll(this.activeIndex, m.assignedTasks.active, pid);
    setAll(this.activeIndex, m.tasksPendingRevocation.active, pid);
    addAll(this.standbyIndex, m.assignedTasks.standby, pid);
    addAll(this.standbyIndex, m.tasksPendingRevocation.standby, pid);
    addAll(this.warmupIndex, m.assignedTasks.warmup, pid);
    addAll(this.warmupIndex, m.tasksPendingRevocation.warmup, pid);
  }

  /** removeProcessIds(old) as far as addProcessIds(m) of the same process does not map the tasks again. */
  private removeDroppedProcessIds(old: StreamsGroupMember, m: StreamsGroupMember): void {
    const pid = m.processId;
    const a = m.assignedTasks;
    const r = m.tasksPendingRevocation;
    deleteDroppedIfEquals(this.activeIndex, old.assignedTasks.active, a.active, r.active, pid);
    deleteDroppedIfEquals(this.activeIndex, old.tasksPendingRevocation.active, a.active, r.active, pid);
    removeDropped(this.standbyIndex, old.assignedTasks.standby, a.standby, r.standby, pid);
    removeDropped(this.standbyIndex, old.tasksPendingRevocation.standby, a.standby, r.standby, pid);
    removeDropped(this.warmupIndex, old.assignedTasks.warmup, a.warmup, r.warmup, pid);
    removeDropped(this.warmupIndex, old.tasksPendingRevocation.warmup, a.warmup, r.warmup, pid);
  }

  /** addProcessIds over a member's record lists (loadLog.ts), in the same order. */
  private addListedProcessIds(l: AssignmentLists, pid: string): void {
    setListed(this.activeIndex, l.activeTasks, pid);
    setListed(this.activeIndex, l.activeTasksPendingRevocation, pid);
    addListed(this.standbyIndex, l.standbyTasks, pid);
    addListed(this.standbyIndex, l.standbyTasksPendingRevocation, pid);
    addListed(this.warmupIndex, l.warmupTasks, pid);
    addListed(this.warmupIndex, l.warmupTasksPendingRevocation, pid);
  }

  private removeListedProcessIds(l: AssignmentLists, pid: string): void {
    deleteListedIfEquals(this.activeIndex, l.activeTasks, pid);
    deleteListedIfEquals(this.activeIndex, l.activeTasksPendingRevocation, pid);
    removeListed(this.standbyIndex, l.standbyTasks, pid);
    removeListed(this.standbyIndex, l.standbyTasksPendingRevocation, pid);
    removeListed(this.warmupIndex, l.warmupTasks, pid);
    removeListed(this.warmupIndex, l.warmupTasksPendingRevocation, pid);
  }

  private removeProcessIds(m: StreamsGroupMember): void {
    const pid = m.processId;
    deleteAllIfEquals(this.activeIndex, m.assignedTasks.active, pid);
    deleteAllIfEquals(this.activeIndex, m.tasksPendingRevocation.active, pid);
    removeAll(this.standbyIndex, m.assignedTasks.standby, pid);
    removeAll(this.standbyIndex, m.tasksPendingRevocation.standby, pid);
    removeAll(this.warmupIndex, m.assignedTasks.warmup, pid);
    removeAll(this.warmupIndex, m.tasksPendingRevocation.warmup, pid);
  }
}

/** Active tasks, with or without their epochs: the index walks only their keys. */
type ActiveTasks = ReadonlyMap<string, ReadonlySet<number> | ReadonlyMap<number, number>>;

// The walks below return at once on an empty set (most roles of most members): replaying a log runs them for
// every current-assignment record, and an iterator over nothing still costs an allocation.

function activeHeld(index: Map<string, Map<number, string>>, t: ActiveTasks, pid: string): boolean {
  if (t.size === 0) return true;
  for (const [s, ps] of t) {
    const inner = index.get(s);
    for (const p of ps.keys()) if (inner?.get(p) !== pid) return false;
  }
  return true;
}

function replicaHeld(index: Map<string, Map<number, ReadonlySet<string>>>, t: TaskSet, pid: string): boolean {
  if (t.size === 0) return true;
  for (const [s, ps] of t) {
    const inner = index.get(s);
    for (const p of ps) if (inner?.get(p)?.has(pid) !== true) return false;
  }
  return true;
}

/** A process-id index copied down to its partition maps (the values are immutable: a standby or warm-up set is replaced, never written in place). */
function copyIndex<V>(index: Map<string, Map<number, V>>): Map<string, Map<number, V>> {
  const out = new Map<string, Map<number, V>>();
  for (const [s, inner] of index) out.set(s, copyMap(inner));
  return out;
}

/** Whether the task is among `a`'s or `b`'s. */
function inEither(a: ActiveTasks, b: TaskSet, s: string, p: number): boolean {
  return (a.get(s)?.has(p) ?? false) || (b.get(s)?.has(p) ?? false);
}

/** deleteAllIfEquals for the active tasks of `from` that neither `keptA` nor `keptB` has. */
function deleteDroppedIfEquals(m: Map<string, Map<number, string>>, from: ActiveTasks, keptA: ActiveTasks, keptB: TaskSet, pid: string): void {
  if (from.size === 0) return;
  for (const [s, ps] of from) {
    const inner = m.get(s);
    if (inner === undefined || inner.size === 0) continue;
    for (const p of ps.keys()) if (!inEither(keptA, keptB, s, p) && inner.get(p) === pid) inner.delete(p);
    if (inner.size === 0) m.delete(s);
  }
}

/** removeAll for the tasks of `from` that neither `keptA` nor `keptB` has. */
function removeDropped(m: Map<string, Map<number, ReadonlySet<string>>>, from: TaskSet, keptA: TaskSet, keptB: TaskSet, pid: string): void {
  if (from.size === 0) return;
  for (const [s, ps] of from) for (const p of ps) if (!inEither(keptA, keptB, s, p)) removeIn(m, s, p, pid);
}

function addAll(m: Map<string, Map<number, ReadonlySet<string>>>, t: TaskSet, pid: string): void {
  if (t.size === 0) return;
  for (const [s, ps] of t) for (const p of ps) addIn(m, s, p, pid);
}

function removeAll(m: Map<string, Map<number, ReadonlySet<string>>>, t: TaskSet, pid: string): void {
  if (t.size === 0) return;
  for (const [s, ps] of t) for (const p of ps) removeIn(m, s, p, pid);
}

// The active index walks run twice for every current-assignment record a log replays: forEach with shared callbacks
// and one small walk object as their `this`, so a walk allocates no iterator, entry or closure.
interface ActiveWalk {
  readonly index: Map<string, Map<number, string>>;
  readonly pid: string;
  /** The subtopology's partitions being walked. */
  inner: Map<number, string>;
}

const NO_INNER: Map<number, string> = new Map();

/** Maps every active task of t to pid. */
function setAll(m: Map<string, Map<number, string>>, t: ActiveTasks, pid: string): void {
  if (t.size === 0) return;
  const walk: ActiveWalk = { index: m, pid, inner: NO_INNER };
  t.forEach(setSubtopology, walk);
}

function setSubtopology(this: ActiveWalk, ps: ReadonlySet<number> | ReadonlyMap<number, number>, s: string): void {
  // a subtopology listed with no partitions adds nothing to the index, not even an empty entry
  if (ps.size === 0) return;
  let inner = this.index.get(s);
  if (!inner) this.index.set(s, (inner = new Map()));
  this.inner = inner;
  ps.forEach(setPartition, this);
}

function setPartition(this: ActiveWalk, _: number, p: number): void {
  this.inner.set(p, this.pid);
}

/** Unmaps every active task of t still mapped to pid (another process may hold it by now). */
function deleteAllIfEquals(m: Map<string, Map<number, string>>, t: ActiveTasks, pid: string): void {
  if (t.size === 0) return;
  const walk: ActiveWalk = { index: m, pid, inner: NO_INNER };
  t.forEach(deleteSubtopology, walk);
}

function deleteSubtopology(this: ActiveWalk, ps: ReadonlySet<number> | ReadonlyMap<number, number>, s: string): void {
  const inner = this.index.get(s);
  if (inner === undefined || inner.size === 0) return;
  this.inner = inner;
  ps.forEach(deletePartition, this);
  if (inner.size === 0) this.index.delete(s);
}

function deletePartition(this: ActiveWalk, _: number, p: number): void {
  if (this.inner.get(p) === this.pid) this.inner.delete(p);
}
