// A coordinator's load (loadLog: current assignments and targets kept as their records' lists, decoded at the end)
// against replaying the same log record by record, over random logs: duplicate records, subtopologies listed twice or
// with no partitions, tombstones, process-id changes, records that carry the task values they were made from, and
// invalid sequences, which must fail with the same error.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadLog } from '../../src/core/coordinator/loadLog.ts';
import { replay } from '../../src/core/coordinator/replay.ts';
import { GroupTable } from '../../src/core/coordinator/groups.ts';
import { currentAssignmentRecord, targetAssignmentMemberRecord } from '../../src/core/coordinator/records.ts';
import { editionNamed } from '../../src/core/editions/index.ts';
import type { RecordBatch } from '../../src/core/log/log.ts';
import type { CoordinatorRecord } from '../../src/core/log/records.ts';
import { newMember } from '../../src/core/model/member.ts';
import { EMPTY_SET, EMPTY_TUPLE, taskSet, withEpoch, type TaskIds, type TasksTuple, type TasksTupleWithEpochs } from '../../src/core/model/tasks.ts';
import { offsetCommitRecord } from '../../src/core/offsets/records.ts';

const AK4 = editionNamed('ak4');
const GROUPS = ['g1', 'g2'] as const;
const MEMBERS = ['a', 'b', 'c'] as const;

const groupId = fc.constantFrom(...GROUPS);
const memberId = fc.constantFrom(...MEMBERS);
const epoch = fc.integer({ min: -1, max: 4 });

/** A task list as a record may hold it: subtopologies possibly twice or with no partitions, partitions possibly twice. */
const taskIds = fc.array(fc.record({ subtopologyId: fc.constantFrom('0', '1', '2'), partitions: fc.array(fc.nat(3), { maxLength: 3 }) }), { maxLength: 3 });
/** Active tasks with epochs: matching the partitions, mismatched (the member epoch applies), or none. */
const activeIds = fc.array(
  fc
    .record({ subtopologyId: fc.constantFrom('0', '1', '2'), partitions: fc.array(fc.nat(3), { maxLength: 3 }), epochs: fc.constantFrom('match', 'short', 'none') })
    .map(({ subtopologyId, partitions, epochs }) =>
      epochs === 'none' ? { subtopologyId, partitions } : { subtopologyId, partitions, assignmentEpochs: (epochs === 'match' ? partitions : partitions.slice(1)).map((p) => p + 10) },
    ),
  { maxLength: 3 },
);
const noTasks = fc.constant([] as TaskIds[]);
/** Most roles of most records are empty, as in a real log. */
const maybe = (a: fc.Arbitrary<TaskIds[]>) => fc.oneof({ weight: 2, arbitrary: noTasks }, { weight: 3, arbitrary: a });

const memberMetadata = fc
  .record({
    groupId,
    memberId,
    processId: fc.constantFrom('p1', 'p2'),
    instanceId: fc.constantFrom(null, 'i1', 'i2'),
    userEndpoint: fc.constantFrom(null, { host: 'h', port: 1 }),
    tombstone: fc.nat(3).map((n) => n === 0),
  })
  .map(({ groupId, memberId, processId, instanceId, userEndpoint, tombstone }): CoordinatorRecord => ({
    type: 'StreamsGroupMemberMetadata',
    key: { groupId, memberId },
    value: tombstone
      ? null
      : { instanceId, rackId: null, clientId: 'c', clientHost: '/127.0.0.1', rebalanceTimeoutMs: 1000, topologyEpoch: 0, processId, userEndpoint, clientTags: [{ key: 'k', value: memberId }] },
  }));

const currentAssignment = fc
  .record({
    groupId,
    memberId,
    memberEpoch: epoch,
    previousMemberEpoch: epoch,
    state: fc.constantFrom(1, 2, 3, 127),
    activeTasks: maybe(activeIds),
    standbyTasks: maybe(taskIds),
    warmupTasks: maybe(taskIds),
    activeTasksPendingRevocation: maybe(activeIds),
    standbyTasksPendingRevocation: maybe(taskIds),
    warmupTasksPendingRevocation: maybe(taskIds),
    tombstone: fc.nat(3).map((n) => n === 0),
  })
  .map(({ groupId, memberId, tombstone, ...value }): CoordinatorRecord => ({ type: 'StreamsGroupCurrentMemberAssignment', key: { groupId, memberId }, value: tombstone ? null : value }));

/** Task values shared by identity between the records the runtime writes (as a live group's records share them). */
const ASSIGNED: TasksTupleWithEpochs[] = [
  { active: withEpoch(taskSet({ '0': [0, 1] }), 1), standby: taskSet({ '1': [2] }), warmup: EMPTY_SET },
  { active: withEpoch(taskSet({ '0': [1], '1': [0] }), 2), standby: EMPTY_SET, warmup: taskSet({ '0': [0] }) },
  { active: withEpoch(taskSet({ '0': [2, 3] }), 1), standby: taskSet({ '0': [0, 1] }), warmup: EMPTY_SET },
];
const PENDING: TasksTuple[] = [EMPTY_TUPLE, { active: taskSet({ '1': [1, 2] }), standby: EMPTY_SET, warmup: taskSet({ '2': [3] }) }];

/** A current assignment written by the runtime, still carrying the task values it was made from (exploration keeps them). */
const builtAssignment = fc
  .record({ groupId, memberId, memberEpoch: epoch, processId: fc.constantFrom('p1', 'p2'), assigned: fc.nat(ASSIGNED.length - 1), pending: fc.nat(PENDING.length - 1) })
  .map(({ groupId, memberId, memberEpoch, processId, assigned, pending }) => {
    const tasksPendingRevocation = PENDING[pending]!;
    const member = { ...newMember(memberId), processId, memberEpoch, previousMemberEpoch: memberEpoch - 1, assignedTasks: ASSIGNED[assigned]!, tasksPendingRevocation };
    return currentAssignmentRecord(groupId, { ...member, revocationEpochs: withEpoch(tasksPendingRevocation.active, 1) }, true);
  });

const targetMember = fc
  .record({ groupId, memberId, activeTasks: taskIds, standbyTasks: maybe(taskIds), warmupTasks: maybe(taskIds), tombstone: fc.boolean() })
  .map(({ groupId, memberId, tombstone, ...value }): CoordinatorRecord => ({ type: 'StreamsGroupTargetAssignmentMember', key: { groupId, memberId }, value: tombstone ? null : value }));

const builtTarget = fc
  .record({ groupId, memberId, active: fc.array(fc.nat(3), { maxLength: 2 }) })
  .map(({ groupId, memberId, active }) => targetAssignmentMemberRecord(groupId, memberId, { active: taskSet({ '0': active }), standby: taskSet({}), warmup: taskSet({}) }));

const groupRecord = fc.record({ groupId, kind: fc.nat(5), epoch, tombstone: fc.boolean() }).map(({ groupId, kind, epoch, tombstone }): CoordinatorRecord => {
  switch (kind) {
    case 0:
      return {
        type: 'StreamsGroupMetadata',
        key: { groupId },
        value: tombstone ? null : { epoch, metadataHash: 1, validatedTopologyEpoch: 0, lastAssignmentConfigs: [{ key: 'num.standby.replicas', value: '0' }] },
      };
    case 1:
      return { type: 'StreamsGroupTargetAssignmentMetadata', key: { groupId }, value: tombstone ? null : { assignmentEpoch: epoch, assignmentTimestamp: epoch < 1 ? 0 : epoch } };
    case 2:
      return { type: 'StreamsGroupTopology', key: { groupId }, value: tombstone ? null : { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] } };
    case 3:
      return offsetCommitRecord(groupId, 'in', 0, { committedOffset: epoch + 1, leaderEpoch: -1, metadata: '', commitTimestamp: 0, expireTimestamp: null });
    case 4:
      return { type: 'OffsetCommit', key: { group: groupId, topic: 'in', partition: 0 }, value: null };
    default:
      return { type: 'GroupMetadata', key: { group: groupId }, value: null };
  }
});

/**
 * A log: records (some the very records met before) in batches of random sizes. Most logs keep only the records that
 * replay without error where they stand (a valid log); one in five keeps every record, so that most of those fail.
 */
const log = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: memberMetadata },
      { weight: 6, arbitrary: currentAssignment },
      { weight: 2, arbitrary: builtAssignment },
      { weight: 3, arbitrary: targetMember },
      { weight: 1, arbitrary: builtTarget },
      { weight: 2, arbitrary: groupRecord },
      { weight: 1, arbitrary: fc.nat(40).map((i) => ({ repeat: i })) },
    ),
    { minLength: 5, maxLength: 60, size: 'max' },
  )
  .chain((items) => fc.tuple(fc.constant(items), fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 60, maxLength: 60 }), fc.nat(4)))
  .map(([items, sizes, keepInvalid]) => {
    const records: CoordinatorRecord[] = [];
    const scratch = new GroupTable();
    for (const it of items) {
      const r = 'repeat' in it ? records[it.repeat % Math.max(1, records.length)] : it;
      if (r === undefined) continue;
      if (keepInvalid !== 0) {
        try {
          // a record that cannot be replayed throws before it changes anything
          replay(scratch, r, AK4);
        } catch {
          continue;
        }
      }
      records.push(r);
    }
    const batches: RecordBatch[] = [];
    for (let i = 0, b = 0; i < records.length; b++) {
      const n = sizes[b % sizes.length]!;
      batches.push({ baseOffset: i, timestamp: b, records: records.slice(i, i + n) });
      i += n;
    }
    return batches;
  });

/**
 * Everything a value holds, in iteration order: Maps and Sets as their entries, objects as their own fields in order
 * (their shape), so that two values are equal only when they iterate and are laid out alike.
 */
function plain(x: unknown): unknown {
  if (x instanceof Map) return ['Map', [...x].map(([k, v]) => [plain(k), plain(v)])];
  if (x instanceof Set) return ['Set', [...x].map(plain)];
  if (Array.isArray(x)) return x.map(plain);
  if (x !== null && typeof x === 'object')
    return [x.constructor.name, Object.keys(x).map((k) => [k, INDEXES.has(k) ? sortedIndex((x as Record<string, ProcessIdIndex>)[k]!) : plain((x as Record<string, unknown>)[k])])];
  return x;
}

/** The group's process-id indexes (private fields): only looked up (get, has), never iterated, so compared by their entries sorted. */
const INDEXES = new Set(['activeIndex', 'standbyIndex', 'warmupIndex']);

type ProcessIdIndex = ReadonlyMap<string, ReadonlyMap<number, string | ReadonlySet<string>>>;

function sortedIndex(index: ProcessIdIndex): unknown {
  const byText = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return [...index].map(([s, inner]): [string, unknown] => [s, [...inner].map(([p, v]) => [p, typeof v === 'string' ? v : [...v].sort()] as const).sort((a, b) => a[0] - b[0])]).sort(byText);
}

/** The groups, or the error, replaying the batches gives: by loadLog, or record by record. */
function outcome(batches: RecordBatch[], how: 'load' | 'one by one'): { groups: GroupTable; error: string | null } {
  const groups = new GroupTable();
  try {
    if (how === 'load') loadLog(groups, batches, AK4);
    else for (const b of batches) for (const r of b.records) replay(groups, r, AK4);
    return { groups, error: null };
  } catch (e) {
    return { groups, error: `${(e as Error).constructor.name}: ${(e as Error).message}` };
  }
}

describe('loadLog', () => {
  it('ends with the groups record-by-record replay ends with, or fails the same way', () => {
    let failed = 0;
    let decodedMembers = 0;
    let records = 0;
    fc.assert(
      fc.property(log, (batches) => {
        for (const b of batches) records += b.records.length;
        const loaded = outcome(batches, 'load');
        const replayed = outcome(batches, 'one by one');
        expect(loaded.error).toBe(replayed.error);
        if (replayed.error !== null) failed++;
        // every field of every group: members and their shapes, targets, the process-id and static-member indexes, counts
        expect(plain(loaded.groups)).toEqual(plain(replayed.groups));
        for (const [id, g] of replayed.groups) {
          const other = loaded.groups.get(id)!;
          expect(other.state()).toBe(g.state());
          expect([...other.members.values()].map(plain)).toEqual([...g.members.values()].map(plain));
          expect([...other.targetAssignment].map(plain)).toEqual([...g.targetAssignment].map(plain));
          expect(sortedIndex(other.activeTaskProcessId)).toEqual(sortedIndex(g.activeTaskProcessId));
          expect(sortedIndex(other.standbyTaskProcessIds)).toEqual(sortedIndex(g.standbyTaskProcessIds));
          expect(sortedIndex(other.warmupTaskProcessIds)).toEqual(sortedIndex(g.warmupTaskProcessIds));
          for (const m of g.members.values()) if (m.assignedTasks.active.size > 0) decodedMembers++;
        }
        expect(loaded.groups.capacity).toBe(replayed.groups.capacity);
        expect(loaded.groups.offsetsEntries).toBe(replayed.groups.offsetsEntries);
      }),
      { numRuns: 2000 },
    );
    // the logs exercise both outcomes: loads that end with assigned members, and invalid sequences
    console.log(`${records} records, ${failed} failed loads, ${decodedMembers} members with active tasks at the end`);
    expect(failed).toBeGreaterThan(200);
    expect(decodedMembers).toBeGreaterThan(1000);
  });
});
