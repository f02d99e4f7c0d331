// A streams group's in-memory state (StreamsGroup): hard state rebuilt from records, derived indexes,
// and soft state that lives only in memory and is lost on failover.
import type { StreamsGroupMember } from '../model/member.ts';
import type { ConfiguredTopology, StreamsTopology } from '../model/topology.ts';
import type { KeyValue, TaskOffset } from '../protocol/messages.ts';
import { EMPTY_TUPLE, type TaskSet, type TasksTuple } from '../model/tasks.ts';
import type { DraftGroupState } from '../draft/state.ts';
import { CommittedOffsets } from '../offsets/state.ts';

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

export class StreamsGroup {
  // ---- hard state (records) ----
  groupEpoch = 0;
  metadataHash = 0;
  validatedTopologyEpoch = -1;
  lastAssignmentConfigs: KeyValue[] | null = null;
  topology: StreamsTopology | null = null;
  /** Draft edition: the topology id the group was initialized with. */
  topologyId: string | null = null;
  assignmentEpoch = 0;
  assignmentTimestamp = 0;
  readonly members: Map<string, StreamsGroupMember>;
  readonly targetAssignment: Map<string, TasksTuple>;
  readonly staticMembers: Map<string, string>;
  /** Committed offsets (OffsetCommit records), see src/core/offsets/. */
  offsets: CommittedOffsets;

  // ---- derived indexes (rebuilt on replay) ----
  // (shared with clones until either side changes a member: see ownIndexes; replaced, never reassigned from outside)
  /** subtopology -> partition -> process id, from assigned and pending-revocation active tasks. */
  activeTaskProcessId: Map<string, Map<number, string>>;
  standbyTaskProcessIds: Map<string, Map<number, Set<string>>>;
  warmupTaskProcessIds: Map<string, Map<number, Set<string>>>;
  private indexesShared: boolean;

  // ---- soft state (in memory only) ----
  configuredTopology: ConfiguredTopology | null = null;
  metadataRefreshRequested = false;
  endpointInformationEpoch = 0;
  shutdownRequester: string | null = null;
  readonly taskOffsets: Map<string, { offsets: TaskOffset[] | null; endOffsets: TaskOffset[] | null }>;
  readonly partialProgress: Map<string, PartialProgress>;

  /** kip1071-draft groups only (null for ak4): partition metadata and the refresh deadline, see src/core/draft/. */
  draft: DraftGroupState | null = null;

  /** A new group, or (`from`) a copy of one's collections: see `clone`. */
  constructor(
    readonly groupId: string,
    from?: StreamsGroup,
  ) {
    this.members = new Map(from?.members);
    this.targetAssignment = new Map(from?.targetAssignment);
    this.staticMembers = new Map(from?.staticMembers);
    this.offsets = from ? from.offsets.clone() : new CommittedOffsets();
    // the process-id indexes are shared with the original until either side writes (ownIndexes)
    this.activeTaskProcessId = from ? from.activeTaskProcessId : new Map();
    this.standbyTaskProcessIds = from ? from.standbyTaskProcessIds : new Map();
    this.warmupTaskProcessIds = from ? from.warmupTaskProcessIds : new Map();
    this.indexesShared = from !== undefined;
    if (from) from.indexesShared = true;
    this.taskOffsets = new Map(from?.taskOffsets);
    this.partialProgress = new Map(from?.partialProgress);
  }

  /** maybeUpdateGroupState: first match wins. */
  state(): GroupState {
    if (this.draft) {
      // kip1071-draft §3.1: INITIALIZING until a topology is replayed, regardless of members
      if (this.topology === null) return 'INITIALIZING';
      if (this.members.size === 0) return 'EMPTY';
    } else {
      if (this.members.size === 0) return 'EMPTY';
      if (this.topology === null || this.topology.epoch !== this.validatedTopologyEpoch) return 'NOT_READY';
    }
    if (this.groupEpoch > this.assignmentEpoch) return 'ASSIGNING';
    for (const m of this.members.values()) {
      if (!(m.state === 'STABLE' && m.memberEpoch === this.assignmentEpoch)) return 'RECONCILING';
    }
    return 'STABLE';
  }

  targetOf(memberId: string): TasksTuple {
    return this.targetAssignment.get(memberId) ?? EMPTY_TUPLE;
  }

  /** Replaces a member and keeps the static-member and process-id indexes in step (updateMember). */
  putMember(m: StreamsGroupMember): void {
    this.ownIndexes();
    const old = this.members.get(m.memberId);
    if (old) {
      this.removeProcessIds(old);
      if (old.instanceId !== null && this.staticMembers.get(old.instanceId) === old.memberId) this.staticMembers.delete(old.instanceId);
    }
    this.members.set(m.memberId, m);
    if (m.instanceId !== null) this.staticMembers.set(m.instanceId, m.memberId);
    this.addProcessIds(m);
  }

  removeMember(memberId: string): void {
    const old = this.members.get(memberId);
    if (!old) return;
    this.ownIndexes();
    this.removeProcessIds(old);
    if (old.instanceId !== null && this.staticMembers.get(old.instanceId) === memberId) this.staticMembers.delete(old.instanceId);
    this.members.delete(memberId);
    // an EMPTY group forgets a shutdown request
    if (this.members.size === 0) this.shutdownRequester = null;
    this.taskOffsets.delete(memberId);
    this.partialProgress.delete(memberId);
  }

  /** A copy for exploration: members, targets and task sets are immutable values; the process-id indexes are shared until written. */
  clone(): StreamsGroup {
    const g = new StreamsGroup(this.groupId, this);
    g.groupEpoch = this.groupEpoch;
    g.metadataHash = this.metadataHash;
    g.validatedTopologyEpoch = this.validatedTopologyEpoch;
    g.lastAssignmentConfigs = this.lastAssignmentConfigs;
    g.topology = this.topology;
    g.topologyId = this.topologyId;
    g.assignmentEpoch = this.assignmentEpoch;
    g.assignmentTimestamp = this.assignmentTimestamp;
    g.configuredTopology = this.configuredTopology;
    g.metadataRefreshRequested = this.metadataRefreshRequested;
    g.endpointInformationEpoch = this.endpointInformationEpoch;
    g.shutdownRequester = this.shutdownRequester;
    if (this.draft) g.draft = { partitionMetadata: new Map(this.draft.partitionMetadata), refreshDeadline: { ...this.draft.refreshDeadline } };
    return g;
  }

  /** Copy-on-write: the process-id indexes a clone shares are copied before this group changes them. */
  private ownIndexes(): void {
    if (!this.indexesShared) return;
    const active = new Map<string, Map<number, string>>();
    for (const [s, inner] of this.activeTaskProcessId) active.set(s, new Map(inner));
    const standby = new Map<string, Map<number, Set<string>>>();
    for (const [s, inner] of this.standbyTaskProcessIds) standby.set(s, copySets(inner));
    const warmup = new Map<string, Map<number, Set<string>>>();
    for (const [s, inner] of this.warmupTaskProcessIds) warmup.set(s, copySets(inner));
    this.activeTaskProcessId = active;
    this.standbyTaskProcessIds = standby;
    this.warmupTaskProcessIds = warmup;
    this.indexesShared = false;
  }

  staticMemberId(instanceId: string): string | undefined {
    return this.staticMembers.get(instanceId);
  }

  private addProcessIds(m: StreamsGroupMember): void {
    const pid = m.processId;
    for (const [s, ps] of m.assignedTasks.active) for (const p of ps.keys()) setIn(this.activeTaskProcessId, s, p, pid);
    for (const [s, ps] of m.tasksPendingRevocation.active) for (const p of ps) setIn(this.activeTaskProcessId, s, p, pid);
    addAll(this.standbyTaskProcessIds, m.assignedTasks.standby, pid);
    addAll(this.standbyTaskProcessIds, m.tasksPendingRevocation.standby, pid);
    addAll(this.warmupTaskProcessIds, m.assignedTasks.warmup, pid);
    addAll(this.warmupTaskProcessIds, m.tasksPendingRevocation.warmup, pid);
  }

  private removeProcessIds(m: StreamsGroupMember): void {
    const pid = m.processId;
    for (const [s, ps] of m.assignedTasks.active) for (const p of ps.keys()) deleteIfEquals(this.activeTaskProcessId, s, p, pid);
    for (const [s, ps] of m.tasksPendingRevocation.active) for (const p of ps) deleteIfEquals(this.activeTaskProcessId, s, p, pid);
    removeAll(this.standbyTaskProcessIds, m.assignedTasks.standby, pid);
    removeAll(this.standbyTaskProcessIds, m.tasksPendingRevocation.standby, pid);
    removeAll(this.warmupTaskProcessIds, m.assignedTasks.warmup, pid);
    removeAll(this.warmupTaskProcessIds, m.tasksPendingRevocation.warmup, pid);
  }
}

function copySets(inner: Map<number, Set<string>>): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const [p, set] of inner) out.set(p, new Set(set));
  return out;
}

function addAll(m: Map<string, Map<number, Set<string>>>, t: TaskSet, pid: string): void {
  for (const [s, ps] of t) for (const p of ps) addIn(m, s, p, pid);
}

function removeAll(m: Map<string, Map<number, Set<string>>>, t: TaskSet, pid: string): void {
  for (const [s, ps] of t) for (const p of ps) removeIn(m, s, p, pid);
}

function setIn(m: Map<string, Map<number, string>>, s: string, p: number, v: string): void {
  let inner = m.get(s);
  if (!inner) m.set(s, (inner = new Map()));
  inner.set(p, v);
}

function deleteIfEquals(m: Map<string, Map<number, string>>, s: string, p: number, v: string): void {
  const inner = m.get(s);
  if (inner && inner.get(p) === v) {
    inner.delete(p);
    if (inner.size === 0) m.delete(s);
  }
}

function addIn(m: Map<string, Map<number, Set<string>>>, s: string, p: number, v: string): void {
  let inner = m.get(s);
  if (!inner) m.set(s, (inner = new Map()));
  let set = inner.get(p);
  if (!set) inner.set(p, (set = new Set()));
  set.add(v);
}

function removeIn(m: Map<string, Map<number, Set<string>>>, s: string, p: number, v: string): void {
  const inner = m.get(s);
  const set = inner?.get(p);
  if (!inner || !set) return;
  set.delete(v);
  if (set.size === 0) inner.delete(p);
  if (inner.size === 0) m.delete(s);
}
