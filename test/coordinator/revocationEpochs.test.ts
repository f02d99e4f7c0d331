// [4.4] Active tasks pending revocation keep the assignment epochs they had while assigned, in the member and in
// the StreamsGroupCurrentMemberAssignment record (Kafka 4.4.0 writes them: found by sgp oracle on example 02).
import { describe, expect, it } from 'vitest';
import { newMember, revocationEpochsOf, withAssignment } from '../../src/core/model/member.ts';
import { applyCurrentAssignmentValue, currentAssignmentRecord } from '../../src/core/coordinator/records.ts';
import { EMPTY_SET, EMPTY_TUPLE, taskSet } from '../../src/core/model/tasks.ts';

const epochs = (o: Record<string, [number, number][]>) => new Map(Object.entries(o).map(([s, ps]) => [s, new Map(ps)]));

describe('revocation epochs', () => {
  const assigned = withAssignment(
    newMember('m'),
    5,
    4,
    'STABLE',
    {
      active: epochs({
        '0': [
          [0, 2],
          [1, 5],
        ],
      }),
      standby: EMPTY_SET,
      warmup: EMPTY_SET,
    },
    EMPTY_TUPLE,
  );

  it('take the epoch each task had while assigned', () => {
    const revoking = withAssignment(
      assigned,
      5,
      5,
      'UNREVOKED_TASKS',
      { active: epochs({ '0': [[1, 5]] }), standby: EMPTY_SET, warmup: EMPTY_SET },
      { active: taskSet({ '0': [0] }), standby: EMPTY_SET, warmup: EMPTY_SET },
    );
    expect([...revoking.revocationEpochs.get('0')!]).toEqual([[0, 2]]);
    // a pending set that only shrinks keeps the epochs it had
    const shrunk = withAssignment(revoking, 5, 5, 'UNREVOKED_TASKS', revoking.assignedTasks, { active: taskSet({ '0': [0] }), standby: EMPTY_SET, warmup: EMPTY_SET });
    expect([...shrunk.revocationEpochs.get('0')!]).toEqual([[0, 2]]);
    // nothing pending: none
    expect(withAssignment(revoking, 6, 5, 'STABLE', revoking.assignedTasks, EMPTY_TUPLE).revocationEpochs.size).toBe(0);
  });

  it('are written with the record and read back by replay', () => {
    const revoking = withAssignment(
      assigned,
      5,
      5,
      'UNREVOKED_TASKS',
      { active: epochs({ '0': [[1, 5]] }), standby: EMPTY_SET, warmup: EMPTY_SET },
      { active: taskSet({ '0': [0] }), standby: EMPTY_SET, warmup: EMPTY_SET },
    );
    const value = currentAssignmentRecord('g', revoking, true).value!;
    expect(value.activeTasksPendingRevocation).toEqual([{ subtopologyId: '0', partitions: [0], assignmentEpochs: [2] }]);
    // a copy of the value (as from a log file) is rebuilt, not taken back by identity
    const replayed = applyCurrentAssignmentValue(newMember('m'), JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
    expect([...replayed.revocationEpochs.get('0')!]).toEqual([[0, 2]]);
  });

  it('fall back to the given epoch for a task the member never held', () => {
    expect([...revocationEpochsOf(taskSet({ '1': [3] }), assigned, 7).get('1')!]).toEqual([[3, 7]]);
  });
});
