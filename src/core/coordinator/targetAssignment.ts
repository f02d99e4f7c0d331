// TargetAssignmentBuilder: runs the assignor over every member and writes the difference as records.
import type { AssignmentMemberSpec, MemberAssignment, TaskAssignor, TopologyDescriber } from '../assignor/types.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import type { StreamsGroupMember } from '../model/member.ts';
import { EMPTY_SET, EMPTY_TUPLE, equalTuples, withoutEpochs, type TasksTuple } from '../model/tasks.ts';
import { isReady, type ConfiguredSubtopology, type ConfiguredTopology } from '../model/topology.ts';
import { slot } from '../util/slot.ts';
import type { KeyValue, TaskOffset } from '../protocol/messages.ts';
import { hashMapOrder, stringHashCode } from '../util/java.ts';
import { timelineHashMapOrder } from '../util/timelineHashMap.ts';
import type { MemberTaskOffsets, StreamsGroup } from './group.ts';
import { targetAssignmentMemberRecord, targetAssignmentMetadataRecord } from './records.ts';

export interface TargetAssignmentInput {
  group: StreamsGroup;
  groupEpoch: number;
  /** The heartbeating member with this heartbeat's update applied (absent when a timer computes). */
  updatedMember: StreamsGroupMember | null;
  /** A static member replaced by `updatedMember`: its target is inherited and it is left out. */
  replacedMemberId: string | null;
  configuredTopology: ConfiguredTopology | null;
  assignor: TaskAssignor;
  assignmentConfigs: ReadonlyMap<string, string>;
  timestamp: number;
  /**
   * What the assignor sees as each member's previous tasks: 'assigned' = the member's current assignment (Kafka 4.4.0's
   * TargetAssignmentBuilder.createMemberMetadataAndState reads StreamsGroupMember.assignedTasks), 'target' = its
   * current target (the KIP-1071 draft's and Kafka 4.2's createAssignmentMemberSpec).
   */
  previousTasks: 'assigned' | 'target';
  /**
   * [4.4] The task offsets `updatedMember` reported in this heartbeat, merged with what it reported before:
   * GroupMetadataManager.streamsGroupHeartbeat stores them in the group (StreamsGroup.updateTaskOffsets) before it
   * computes the target, so the assignor of that same heartbeat reads them. Absent: the group's stored offsets.
   */
  updatedMemberTaskOffsets?: MemberTaskOffsets;
  /** [4.1]/[4.2] The metadata record has no AssignmentTimestamp (release switch noAssignmentTimestamp). */
  noAssignmentTimestamp?: boolean;
}

export interface TargetAssignmentResult {
  readonly records: CoordinatorRecord[];
  readonly targets: ReadonlyMap<string, TasksTuple>;
}

/** Member ids in the iteration order of the coordinator's java.util.HashMap (remembered for small groups: the same few id lists recur). */
export function memberIdOrder(ids: readonly string[]): readonly string[] {
  // large groups rarely repeat an id list: computed directly, not kept
  if (ids.length > MAX_REMEMBERED_IDS) return hashMapOrder(ids, stringHashCode);
  let key = '';
  for (const id of ids) key += `${id.length}#${id}`;
  let order = orders.get(key);
  if (order === undefined) {
    if (orders.size >= MAX_ORDERS) orders.clear();
    orders.set(key, (order = Object.freeze(hashMapOrder(ids, stringHashCode))));
  }
  return order;
}

const orders = new Map<string, readonly string[]>();

/**
 * The group's member ids in the iteration order of the coordinator's member map (StreamsGroup.members, a
 * TimelineHashMap): the insertion order of `group.members` rearranged by table slot, newest first within a slot.
 */
export function memberTableOrder(group: StreamsGroup): readonly string[] {
  const ids = [...group.members.keys()];
  if (ids.length < 2) return ids;
  if (ids.length > MAX_REMEMBERED_IDS) return timelineHashMapOrder(ids, stringHashCode, group.membersCapacity);
  let key = `${group.membersCapacity}`;
  for (const id of ids) key += `|${id.length}#${id}`;
  let order = tableOrders.get(key);
  if (order === undefined) {
    if (tableOrders.size >= MAX_ORDERS) tableOrders.clear();
    tableOrders.set(key, (order = Object.freeze(timelineHashMapOrder(ids, stringHashCode, group.membersCapacity))));
  }
  return order;
}

const tableOrders = new Map<string, readonly string[]>();
const MAX_ORDERS = 4096;
const MAX_REMEMBERED_IDS = 32;

const NO_OFFSETS: ReadonlyMap<string, ReadonlyMap<number, number>> = new Map();

/** A reported offsets list as the assignor reads it (remembered per list: reports are immutable values). */
function offsetsMap(list: readonly TaskOffset[] | null | undefined): ReadonlyMap<string, ReadonlyMap<number, number>> {
  if (!list || list.length === 0) return NO_OFFSETS;
  let m = offsetMaps.get(list);
  if (m === undefined) {
    const built = new Map<string, Map<number, number>>();
    for (const o of list) {
      let inner = built.get(o.subtopologyId);
      if (!inner) built.set(o.subtopologyId, (inner = new Map()));
      inner.set(o.partition, o.offset);
    }
    m = offsetMaps.set(list, built);
  }
  return m;
}

const offsetMaps = slot<ReadonlyMap<string, ReadonlyMap<number, number>>>();

/** A member's client tags as the assignor reads them (remembered per tag list: members share it across updates). */
function tagMap(tags: readonly KeyValue[]): ReadonlyMap<string, string> {
  // (most members have no tags: their lists need no stamp, whose cost grows with every new list)
  if (tags.length === 0) return NO_TAGS;
  return tagMaps.get(tags) ?? tagMaps.set(tags, new Map(tags.map((t) => [t.key, t.value])));
}

const NO_TAGS: ReadonlyMap<string, string> = new Map();

const tagMaps = slot<ReadonlyMap<string, string>>();

/** The assignor's view of a configured topology (remembered per configured topology, an immutable value). */
export function describer(ct: ConfiguredTopology): TopologyDescriber {
  return describers.get(ct) ?? describers.set(ct, new ConfiguredDescriber(ct));
}

const describers = slot<TopologyDescriber>();

class ConfiguredDescriber implements TopologyDescriber {
  private readonly subs: ReadonlyMap<string, ConfiguredSubtopology>;
  private readonly ids: readonly string[];

  constructor(ct: ConfiguredTopology) {
    this.subs = new Map((ct.subtopologies ?? []).map((s) => [s.subtopologyId, s]));
    this.ids = [...this.subs.keys()].sort();
  }

  subtopologies(): string[] {
    return [...this.ids];
  }

  maxNumInputPartitions(id: string): number {
    return this.subs.get(id)?.numberOfTasks ?? 0;
  }

  isStateful(id: string): boolean {
    return this.subs.get(id)?.isStateful ?? false;
  }
}

/** A member's assignment as a target tuple (remembered per assignment: a memoized assignor hands out the same ones). */
function targetTupleOf(a: MemberAssignment): TasksTuple {
  return targetTuples.get(a) ?? targetTuples.set(a, { active: a.activeTasks, standby: a.standbyTasks, warmup: a.warmupTasks });
}

const targetTuples = slot<TasksTuple>();

/** A member's target before this computation (a static member replacing another inherits the replaced one's). */
function previousTarget(input: TargetAssignmentInput, id: string): TasksTuple | undefined {
  const targets = input.group.targetAssignment;
  return targets.get(id) ?? (input.updatedMember?.memberId === id && input.replacedMemberId ? targets.get(input.replacedMemberId) : undefined);
}

/** [4.4] A member's assigned tasks as the assignor reads them (active without their epochs). */
function assignedTasksOf(m: StreamsGroupMember): TasksTuple {
  return withoutEpochs(m.assignedTasks);
}

export function buildTargetAssignment(input: TargetAssignmentInput): TargetAssignmentResult {
  const { group } = input;
  // member specs: every member, the heartbeating one updated, a replaced static member's target inherited
  // (UpdatedMembersAndTargetAssignmentView: the group's members in their table's order, the updated one in place,
  // a new one after them; a replaced static member left out)
  const members = new Map<string, StreamsGroupMember>();
  for (const id of memberTableOrder(group)) if (id !== input.replacedMemberId) members.set(id, group.members.get(id)!);
  if (input.updatedMember) members.set(input.updatedMember.memberId, input.updatedMember);

  // TargetAssignmentBuilder.build puts them, in that order, into the java.util.HashMap the assignor iterates
  const order = memberIdOrder([...members.keys()]);
  let targets: Map<string, TasksTuple>;
  const ct = input.configuredTopology;
  if (ct && isReady(ct)) {
    const specs = new Map<string, AssignmentMemberSpec>();
    for (const id of order) {
      const m = members.get(id)!;
      const prev = input.previousTasks === 'assigned' ? assignedTasksOf(m) : (previousTarget(input, id) ?? EMPTY_TUPLE);
      const offsets = id === input.updatedMember?.memberId && input.updatedMemberTaskOffsets ? input.updatedMemberTaskOffsets : group.taskOffsets.get(id);
      specs.set(id, {
        instanceId: m.instanceId,
        rackId: m.rackId,
        activeTasks: prev.active,
        standbyTasks: prev.standby,
        warmupTasks: prev.warmup,
        processId: m.processId,
        clientTags: tagMap(m.clientTags),
        taskOffsets: offsetsMap(offsets?.offsets),
        taskEndOffsets: offsetsMap(offsets?.endOffsets),
      });
    }
    const result = input.assignor.assign({ members: specs, assignmentConfigs: input.assignmentConfigs }, describer(ct));
    targets = new Map();
    for (const id of order) {
      const a = result.members.get(id);
      targets.set(id, a ? targetTupleOf(a) : EMPTY_TUPLE);
    }
  } else {
    // topology not ready: every member gets an empty assignment
    targets = new Map(order.map((id) => [id, { active: EMPTY_SET, standby: EMPTY_SET, warmup: EMPTY_SET }]));
  }

  const records: CoordinatorRecord[] = [];
  for (const id of order) {
    const before = previousTarget(input, id);
    const after = targets.get(id)!;
    // a target record only for members whose target is new or changed
    if (!before || !equalTuples(before, after)) records.push(targetAssignmentMemberRecord(group.groupId, id, after));
  }
  records.push(targetAssignmentMetadataRecord(group.groupId, input.groupEpoch, input.noAssignmentTimestamp ? null : input.timestamp));
  return { records, targets };
}
