// A coordinator loading its __consumer_offsets partition (GroupMetadataManager.replay, record by record, then
// onLoaded). A group's members get a new current assignment and target every epoch, and nearly all of them are
// replaced by a later epoch's long before the load ends: the shipped edition's load therefore keeps a member's
// current assignment and a member's target as its record's task lists while it replays, and decodes only the ones
// the load ends with (decodeTaskValues). The process-id indexes, which follow the records in order, walk the lists
// themselves. The groups it gives are those of replaying record by record: the same members, targets, objects,
// indexes and iteration orders, or the same error (test/coordinator/loadLog.test.ts).
import type { RecordBatch } from '../log/log.ts';
import { memberStateFromValue, withAssignment, type StreamsGroupMember } from '../model/member.ts';
import { EMPTY_EPOCHS, EMPTY_TUPLE, EMPTY_TUPLE_WITH_EPOCHS } from '../model/tasks.ts';
import type { CoordinatorEdition } from './editionHooks.ts';
import type { StreamsGroup } from './group.ts';
import type { GroupTable } from './groups.ts';
import { listsWalkLikeSets, type AssignmentLists } from './listedProcessIds.ts';
import { applyCurrentAssignmentValue, carriesTaskValues, targetFromValue } from './records.ts';
import { replay, replaySharedRecord, replayShippedGroupRecord, replayTargetAssignmentMember, type MemberWrites } from './replay.ts';

/** Replays the batches into `groups` as a loading coordinator does (the runtime's load; live writes replay record by record). */
export function loadLog(groups: GroupTable, batches: readonly RecordBatch[], edition: CoordinatorEdition): void {
  // the draft edition and the older releases (their own replay of the group records) load record by record
  if (edition.replayGroupRecord !== replayShippedGroupRecord) {
    for (const b of batches) for (const r of b.records) replay(groups, r, edition);
    return;
  }
  const writes = new UndecodedWrites();
  try {
    for (const b of batches) for (const r of b.records) if (!replaySharedRecord(groups, r, edition)) replayShippedGroupRecord(groups, r, writes);
  } finally {
    // a load that fails leaves its groups as record-by-record replay would have left them
    writes.decodeTaskValues(groups);
  }
}

/** A group's members and targets whose tasks are still their records' lists: the record values, by member id. */
interface Undecoded {
  readonly assignments: Map<string, Record<string, unknown>>;
  readonly targets: Map<string, Record<string, unknown>>;
}

/**
 * What a target still undecoded is in the group's target map meanwhile: the load reads only which members have a
 * target (tombstone checks), never what it holds.
 */
const UNDECODED_TARGET = EMPTY_TUPLE;

/**
 * Replay's member writes for a load: a current-assignment value stays undecoded (the member carries empty task values
 * and the group walks the value's lists) unless it decodes to nothing new: no task at all (the shared empty values),
 * or the task values the record was made from. A value listing a subtopology twice is decoded too (its lists would
 * not walk in its sets' order). Targets stay undecoded.
 */
class UndecodedWrites implements MemberWrites {
  private readonly byGroup = new Map<StreamsGroup, Undecoded>();
  /** The group last written, and its lists: records come group by group. */
  private lastGroup: StreamsGroup | null = null;
  private last: Undecoded | null = null;

  private of(g: StreamsGroup): Undecoded {
    if (g === this.lastGroup) return this.last!;
    let u = this.byGroup.get(g);
    if (u === undefined) this.byGroup.set(g, (u = { assignments: new Map(), targets: new Map() }));
    this.lastGroup = g;
    this.last = u;
    return u;
  }

  putMember(g: StreamsGroup, m: StreamsGroupMember): void {
    // a metadata record: the member keeps the tasks (the very values, or lists) of the member it replaces
    const lists = this.of(g).assignments.get(m.memberId);
    const l = lists === undefined ? null : (lists as unknown as AssignmentLists);
    g.putLoadingMember(m, l, l, true);
  }

  removeMember(g: StreamsGroup, memberId: string): void {
    const u = this.of(g);
    const lists = u.assignments.get(memberId);
    if (lists !== undefined) u.assignments.delete(memberId);
    g.removeLoadingMember(memberId, lists === undefined ? null : (lists as unknown as AssignmentLists));
  }

  putAssignment(g: StreamsGroup, m: StreamsGroupMember, v: Record<string, unknown>): void {
    const u = this.of(g);
    const old = u.assignments.get(m.memberId);
    const oldLists = old === undefined ? null : (old as unknown as AssignmentLists);
    const lists = v as unknown as AssignmentLists;
    if (!carriesTaskValues(v) && !listsEmpty(lists) && listsWalkLikeSets(lists)) {
      u.assignments.set(m.memberId, v);
      // decoded, some task value would be a new object: never the very values its predecessor had
      const next = withAssignment(m, v.memberEpoch as number, v.previousMemberEpoch as number, memberStateFromValue(v.state as number), EMPTY_TUPLE_WITH_EPOCHS, EMPTY_TUPLE, EMPTY_EPOCHS);
      g.putLoadingMember(next, lists, oldLists, false);
      return;
    }
    if (old !== undefined) u.assignments.delete(m.memberId);
    const next = applyCurrentAssignmentValue(m, v);
    g.putLoadingMember(next, null, oldLists, oldLists === null && m.assignedTasks === next.assignedTasks && m.tasksPendingRevocation === next.tasksPendingRevocation);
  }

  setTarget(g: StreamsGroup, memberId: string, v: Record<string, unknown> | null): void {
    const u = this.of(g);
    if (v === null) {
      u.targets.delete(memberId);
      replayTargetAssignmentMember(g, memberId, null);
    } else {
      u.targets.set(memberId, v);
      g.setTarget(memberId, UNDECODED_TARGET);
    }
  }

  /** The end of the load: the lists still held decoded, into the groups still in the table. */
  decodeTaskValues(groups: GroupTable): void {
    for (const [g, u] of this.byGroup) {
      if (groups.get(g.groupId) !== g) continue;
      for (const [id, v] of u.assignments) g.putDecodedMember(applyCurrentAssignmentValue(g.members.get(id)!, v));
      for (const [id, v] of u.targets) g.setTarget(id, targetFromValue(v));
    }
    this.byGroup.clear();
    this.lastGroup = this.last = null;
  }
}

/** Whether a value lists no task at all: it decodes to the shared empty task values. */
function listsEmpty(l: AssignmentLists): boolean {
  return (
    l.activeTasks.length === 0 &&
    l.standbyTasks.length === 0 &&
    l.warmupTasks.length === 0 &&
    l.activeTasksPendingRevocation.length === 0 &&
    l.standbyTasksPendingRevocation.length === 0 &&
    l.warmupTasksPendingRevocation.length === 0
  );
}
