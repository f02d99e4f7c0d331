import { describe, expect, it } from 'vitest';
import { currentAssignmentRecord, applyCurrentAssignmentValue, releaseTaskValues } from '../../src/core/coordinator/records.ts';
import { newMember } from '../../src/core/model/member.ts';
import { EMPTY_SET, fromTaskIds, inCanonicalOrder, messageTaskIds, taskSet, toTaskIds, toObject, type TaskSet } from '../../src/core/model/tasks.ts';
import { targetAssignmentMemberRecord, targetFromValue } from '../../src/core/coordinator/records.ts';

const order = (t: TaskSet) => [...t].map(([s, ps]) => [s, [...ps]]);

describe('TaskIds lists', () => {
  it('a canonical set sent in a message reads back as itself; a plain list is rebuilt; the list is sorted either way', () => {
    const s = taskSet({ '0': [1, 2], '1': [0] });
    const list = messageTaskIds(s);
    expect(list).toEqual([
      { subtopologyId: '0', partitions: [1, 2] },
      { subtopologyId: '1', partitions: [0] },
    ]);
    expect(fromTaskIds(list)).toBe(s);
    const plain = toTaskIds(s);
    expect(plain).toEqual(list);
    expect(fromTaskIds(plain)).not.toBe(s);
    expect(fromTaskIds(plain)).toEqual(s);
  });

  it('a set out of order gives a sorted list, read back as a new sorted set', () => {
    const s: TaskSet = new Map([
      ['1', new Set([3, 0])],
      ['0', new Set([2])],
    ]);
    expect(inCanonicalOrder(s)).toBe(false);
    const list = messageTaskIds(s);
    expect(list).toEqual([
      { subtopologyId: '0', partitions: [2] },
      { subtopologyId: '1', partitions: [0, 3] },
    ]);
    const back = fromTaskIds(list);
    expect(back).not.toBe(s);
    expect(order(back)).toEqual([
      ['0', [2]],
      ['1', [0, 3]],
    ]);
  });

  it('lists from elsewhere (copies, JSON) are read as written', () => {
    const s = taskSet({ '0': [1, 2] });
    const list = messageTaskIds(s);
    for (const copy of [JSON.parse(JSON.stringify(list)), [...list], structuredClone(list)]) {
      const back = fromTaskIds(copy);
      expect(back).not.toBe(s);
      expect(toObject(back)).toEqual({ '0': [1, 2] });
    }
    expect(fromTaskIds(messageTaskIds(new Map()))).toBe(EMPTY_SET);
    expect(
      toObject(
        fromTaskIds([
          { subtopologyId: '0', partitions: [1] },
          { subtopologyId: '0', partitions: [1, 4] },
        ]),
      ),
    ).toEqual({ '0': [1, 4] });
  });

  it('replaying a current-assignment record gives the member the very task values it was written from', () => {
    const m = {
      ...newMember('m'),
      memberEpoch: 3,
      assignedTasks: {
        active: new Map([
          [
            '0',
            new Map([
              [1, 2],
              [4, 3],
            ]),
          ],
        ]),
        standby: taskSet({ '0': [0] }),
        warmup: EMPTY_SET,
      },
      tasksPendingRevocation: { active: taskSet({ '0': [5] }), standby: EMPTY_SET, warmup: EMPTY_SET },
    };
    const back = applyCurrentAssignmentValue(newMember('m'), currentAssignmentRecord('g', m, true).value as Record<string, unknown>);
    expect(back.assignedTasks.active).toBe(m.assignedTasks.active);
    expect(back.assignedTasks.standby).toBe(m.assignedTasks.standby);
    expect(back.tasksPendingRevocation.active).toBe(m.tasksPendingRevocation.active);
    // epochs out of order: rebuilt, with the same epochs
    const unordered = {
      ...m,
      assignedTasks: {
        ...m.assignedTasks,
        active: new Map([
          [
            '0',
            new Map([
              [4, 3],
              [1, 2],
            ]),
          ],
        ]),
      },
    };
    const rebuilt = applyCurrentAssignmentValue(newMember('m'), currentAssignmentRecord('g', unordered, true).value as Record<string, unknown>);
    expect(rebuilt.assignedTasks.active).not.toBe(unordered.assignedTasks.active);
    expect([...rebuilt.assignedTasks.active.get('0')!]).toEqual([
      [1, 2],
      [4, 3],
    ]);
  });

  it('replaying a target record gives the very target it was written from, until released', () => {
    const t = { active: taskSet({ '0': [0, 3] }), standby: taskSet({ '1': [2] }), warmup: EMPTY_SET };
    const r = targetAssignmentMemberRecord('g', 'm', t);
    expect(targetFromValue(r.value as Record<string, unknown>)).toBe(t);
    releaseTaskValues(r);
    const back = targetFromValue(r.value as Record<string, unknown>);
    expect(back).not.toBe(t);
    expect([toObject(back.active), toObject(back.standby), back.warmup.size]).toEqual([{ '0': [0, 3] }, { '1': [2] }, 0]);
    const unordered = { ...t, active: new Map([['0', new Set([3, 0])]]) };
    expect(targetFromValue(targetAssignmentMemberRecord('g', 'm', unordered).value as Record<string, unknown>)).not.toBe(unordered);
  });

  it('a released record no longer hands out (or keeps alive) the values it was made from', () => {
    const m = { ...newMember('m'), memberEpoch: 3, assignedTasks: { active: new Map([['0', new Map([[1, 2]])]]), standby: taskSet({ '0': [0] }), warmup: EMPTY_SET } };
    const r = currentAssignmentRecord('g', m, true);
    releaseTaskValues(r);
    const back = applyCurrentAssignmentValue(newMember('m'), r.value as Record<string, unknown>);
    expect(back.assignedTasks.active).not.toBe(m.assignedTasks.active);
    expect([...back.assignedTasks.active.get('0')!]).toEqual([[1, 2]]);
    expect(back.assignedTasks.standby).not.toBe(m.assignedTasks.standby);
    expect(toObject(back.assignedTasks.standby)).toEqual({ '0': [0] });
  });

  it('inCanonicalOrder', () => {
    expect(inCanonicalOrder(taskSet({ '0': [1, 2], '1': [0] }))).toBe(true);
    expect(
      inCanonicalOrder(
        new Map([
          [
            '0',
            new Map([
              [2, 1],
              [1, 1],
            ]),
          ],
        ]),
      ),
    ).toBe(false);
    expect(
      inCanonicalOrder(
        new Map([
          ['1', new Set([0])],
          ['0', new Set([0])],
        ]),
      ),
    ).toBe(false);
  });
});
