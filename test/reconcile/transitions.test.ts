// §3.3 member transition table, plus the role-parameterised cases of Kafka's CurrentAssignmentBuilderTest
// (facts only: same inputs and expected outcomes, expressed with our own helpers).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/protocol/errors.ts';
import { UNKNOWN_STATE_FENCE_MESSAGE } from '../../src/core/reconcile/index.ts';
import { FREE, ROLES, expected, expectedRole, fnLookups, fullReport, member, report, roleMember, roleTuple, run, tuple, view } from './helpers.ts';

const S1 = 'sub1';
const S2 = 'sub2';
const P = 'process_id';
const mine = fnLookups(() => P);
const allMine = fnLookups(
  () => P,
  () => [P],
  () => [P],
);

describe.each(ROLES)('Kafka CurrentAssignmentBuilderTest cases, role %s', (role) => {
  const owned = (tasks: Record<string, number[]>) => fullReport({ [role]: tasks });

  it('testStableToStable: new epoch, same tasks -> STABLE at the target epoch, previous = old, task epochs kept', () => {
    const m = roleMember(role, { epoch: 10, tasks: { [S1]: [1, 2], [S2]: [3, 4] } });
    const out = run(m, 11, roleTuple(role, { [S1]: [1, 2], [S2]: [3, 4] }), { lookups: mine });
    expect(view(out)).toEqual(expectedRole(role, { state: 'STABLE', epoch: 11, previous: 10, tasks: { [S1]: [1, 2], [S2]: [3, 4] }, activeEpoch: 10 }));
  });

  it('testStableToStableAtTargetEpoch: reconciled member is returned as the same object', () => {
    const m = roleMember(role, { epoch: 10, tasks: { [S1]: [1, 2], [S2]: [3, 4] } });
    expect(run(m, 10, roleTuple(role, { [S1]: [1, 2], [S2]: [3, 4] }), { lookups: mine })).toBe(m);
  });

  it('testStableToStableWithNewTasks: free new tasks are granted; new actives get the target epoch', () => {
    const m =
      role === 'active'
        ? member({
            epoch: 10,
            activeEpochs: new Map([
              [
                S1,
                new Map([
                  [1, 9],
                  [2, 8],
                ]),
              ],
              [
                S2,
                new Map([
                  [3, 9],
                  [4, 8],
                ]),
              ],
            ]),
          })
        : roleMember(role, { epoch: 10, tasks: { [S1]: [1, 2], [S2]: [3, 4] } });
    const out = run(m, 11, roleTuple(role, { [S1]: [1, 2, 4], [S2]: [3, 4, 7] }));
    if (role === 'active') {
      expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 11, previous: 10, activeEpochs: { [S1]: { 1: 9, 2: 8, 4: 11 }, [S2]: { 3: 9, 4: 8, 7: 11 } } }));
    } else {
      expect(view(out)).toEqual(expectedRole(role, { state: 'STABLE', epoch: 11, previous: 10, tasks: { [S1]: [1, 2, 4], [S2]: [3, 4, 7] } }));
    }
  });

  it('testStableToUnrevokedTasks: revocations without a report -> UNREVOKED_TASKS at the old epoch', () => {
    const m = roleMember(role, { epoch: 10, tasks: { [S1]: [1, 2], [S2]: [3, 4] } });
    const out = run(m, 11, roleTuple(role, { [S1]: [2, 3], [S2]: [4, 5] }));
    expect(view(out)).toEqual(expectedRole(role, { state: 'UNREVOKED_TASKS', epoch: 10, previous: 10, tasks: { [S1]: [2], [S2]: [4] }, pending: { [S1]: [1], [S2]: [3] } }));
  });

  it('testStableToUnrevokedWithEmptyAssignment: empty target -> everything pending revocation', () => {
    const m = roleMember(role, { epoch: 10, tasks: { [S1]: [1, 2], [S2]: [3, 4] } });
    const out = run(m, 11, tuple(), { lookups: mine });
    expect(view(out)).toEqual(expectedRole(role, { state: 'UNREVOKED_TASKS', epoch: 10, previous: 10, tasks: {}, pending: { [S1]: [1, 2], [S2]: [3, 4] } }));
  });

  it('testStableToUnreleasedTasks: new tasks held as active by this process -> UNRELEASED_TASKS at the target epoch', () => {
    const m = roleMember(role, { epoch: 10, tasks: { [S1]: [1, 2], [S2]: [3, 4] } });
    const out = run(m, 11, roleTuple(role, { [S1]: [1, 2, 4], [S2]: [3, 4, 7] }), { lookups: mine });
    expect(view(out)).toEqual(expectedRole(role, { state: 'UNRELEASED_TASKS', epoch: 11, previous: 10, tasks: { [S1]: [1, 2], [S2]: [3, 4] }, activeEpoch: 10 }));
  });

  it('testStableToUnreleasedTasksWithOwnedTasksNotHavingRevokedTasks: empty complete report skips UNREVOKED_TASKS', () => {
    const m = roleMember(role, { epoch: 10, tasks: { [S1]: [1, 2], [S2]: [3, 4] } });
    const lookups = fnLookups((s) => (s === S2 ? P : undefined));
    const out = run(m, 11, roleTuple(role, { [S1]: [1, 2], [S2]: [3, 5] }), { lookups, report: owned({}) });
    expect(view(out)).toEqual(expectedRole(role, { state: 'UNRELEASED_TASKS', epoch: 11, previous: 10, tasks: { [S1]: [1, 2], [S2]: [3] }, activeEpoch: 10 }));
  });

  it('testUnrevokedTasksToStable: report without the pending tasks -> STABLE at epoch + 1', () => {
    const m = roleMember(role, {
      state: 'UNREVOKED_TASKS',
      epoch: 10,
      tasks: { [S1]: [2, 3], [S2]: [5, 6] },
      pending: { [S1]: [1], [S2]: [4] },
    });
    const out = run(m, 11, roleTuple(role, { [S1]: [2, 3], [S2]: [5, 6] }), { report: owned({ [S1]: [2, 3], [S2]: [5, 6] }) });
    expect(view(out)).toEqual(expectedRole(role, { state: 'STABLE', epoch: 11, previous: 10, tasks: { [S1]: [2, 3], [S2]: [5, 6] }, activeEpoch: 10 }));
  });

  it('testRemainsInUnrevokedTasks: absent report, or a report still holding a pending task -> same object', () => {
    const m = roleMember(role, {
      state: 'UNREVOKED_TASKS',
      epoch: 10,
      tasks: { [S1]: [2, 3], [S2]: [5, 6] },
      pending: { [S1]: [1], [S2]: [4] },
    });
    const target = roleTuple(role, { [S1]: [3], [S2]: [6] });
    expect(run(m, 12, target)).toBe(m);
    expect(run(m, 12, target, { report: owned({ [S1]: [1, 2, 3], [S2]: [5, 6] }) })).toBe(m);
    expect(run(m, 12, target, { report: owned({ [S1]: [2, 3], [S2]: [4, 5, 6] }) })).toBe(m);
  });

  it('testUnrevokedTasksToUnrevokedTasks: acknowledged, but the newer target revokes more -> UNREVOKED_TASKS at epoch + 1', () => {
    const m = roleMember(role, {
      state: 'UNREVOKED_TASKS',
      epoch: 10,
      tasks: { [S1]: [2, 3], [S2]: [5, 6] },
      pending: { [S1]: [1], [S2]: [4] },
    });
    const out = run(m, 12, roleTuple(role, { [S1]: [3], [S2]: [6] }), { report: owned({ [S1]: [2, 3], [S2]: [5, 6] }) });
    expect(view(out)).toEqual(expectedRole(role, { state: 'UNREVOKED_TASKS', epoch: 11, previous: 10, tasks: { [S1]: [3], [S2]: [6] }, pending: { [S1]: [2], [S2]: [5] }, activeEpoch: 10 }));
  });

  it('testUnrevokedTasksToUnreleasedTasks: acknowledged, new tasks held by this process -> UNRELEASED_TASKS at T', () => {
    const m = roleMember(role, {
      state: 'UNREVOKED_TASKS',
      epoch: 11,
      previous: 10,
      tasks: { [S1]: [2, 3], [S2]: [5, 6] },
      pending: { [S1]: [1], [S2]: [4] },
    });
    const out = run(m, 11, roleTuple(role, { [S1]: [2, 3, 4], [S2]: [5, 6, 7] }), {
      lookups: mine,
      report: owned({ [S1]: [2, 3], [S2]: [5, 6] }),
    });
    expect(view(out)).toEqual(expectedRole(role, { state: 'UNRELEASED_TASKS', epoch: 11, previous: 11, tasks: { [S1]: [2, 3], [S2]: [5, 6] } }));
  });

  it('testUnreleasedTasksToStable: nothing new to get -> STABLE at the target epoch', () => {
    const m = roleMember(role, { state: 'UNRELEASED_TASKS', epoch: 11, processId: 'process1', tasks: { [S1]: [2, 3], [S2]: [5, 6] } });
    const out = run(m, 12, roleTuple(role, { [S1]: [2, 3], [S2]: [5, 6] }), { lookups: allMine });
    expect(view(out)).toEqual(expectedRole(role, { state: 'STABLE', epoch: 12, previous: 11, tasks: { [S1]: [2, 3], [S2]: [5, 6] }, activeEpoch: 11 }));
  });

  it('testUnreleasedTasksToStableWithNewTasks: released tasks are granted -> STABLE', () => {
    const m = roleMember(role, { state: 'UNRELEASED_TASKS', epoch: 11, processId: 'process1', tasks: { [S1]: [2, 3], [S2]: [5, 6] } });
    const out = run(m, 11, roleTuple(role, { [S1]: [2, 3, 4], [S2]: [5, 6, 7] }));
    expect(view(out)).toEqual(expectedRole(role, { state: 'STABLE', epoch: 11, previous: 11, tasks: { [S1]: [2, 3, 4], [S2]: [5, 6, 7] } }));
  });

  it('testUnreleasedTasksToUnreleasedTasks: still held -> same object', () => {
    const m = roleMember(role, { state: 'UNRELEASED_TASKS', epoch: 11, tasks: { [S1]: [2, 3], [S2]: [5, 6] } });
    expect(run(m, 11, roleTuple(role, { [S1]: [2, 3, 4], [S2]: [5, 6, 7] }), { lookups: allMine })).toBe(m);
  });

  it('testUnreleasedTasksToUnreleasedTasksOtherUnreleasedTaskRole: held in another role on this process -> same object', () => {
    const m = roleMember(role, { state: 'UNRELEASED_TASKS', epoch: 11, tasks: { [S1]: [2, 3], [S2]: [5, 6] } });
    const lookups = fnLookups(
      () => undefined,
      () => (role === 'standby' ? [] : [P]),
      () => (role === 'standby' ? [P] : []),
    );
    expect(run(m, 11, roleTuple(role, { [S1]: [2, 3, 4], [S2]: [5, 6, 7] }), { lookups })).toBe(m);
  });

  it('testUnreleasedTasksToUnrevokedTasks: target shrank -> UNREVOKED_TASKS at the current epoch', () => {
    const m = roleMember(role, {
      state: 'UNRELEASED_TASKS',
      epoch: 11,
      processId: 'process1',
      tasks: { [S1]: [2, 3], [S2]: [5, 6] },
      pending: { [S1]: [4], [S2]: [7] },
    });
    const out = run(m, 12, roleTuple(role, { [S1]: [3], [S2]: [6] }), { lookups: mine });
    expect(view(out)).toEqual(expectedRole(role, { state: 'UNREVOKED_TASKS', epoch: 11, previous: 11, tasks: { [S1]: [3], [S2]: [6] }, pending: { [S1]: [2], [S2]: [5] } }));
  });

  it('testUnknownState: fenced without a report; an empty complete report reconciles at the target epoch', () => {
    const m = roleMember(role, {
      state: 'UNKNOWN',
      epoch: 11,
      tasks: { [S1]: [3], [S2]: [6] },
      pending: { [S1]: [2], [S2]: [5] },
    });
    const target = roleTuple(role, { [S1]: [3], [S2]: [6] });
    expect(() => run(m, 12, target, { lookups: mine })).toThrow(ApiError);
    const out = run(m, 12, target, { lookups: allMine, report: owned({}) });
    expect(view(out)).toEqual(expectedRole(role, { state: 'STABLE', epoch: 12, previous: 11, tasks: { [S1]: [3], [S2]: [6] }, activeEpoch: 11 }));
  });
});

describe('testUnreleasedTasksToUnreleasedTasksAnyActiveOwner', () => {
  it('an active task owned by any other process stays unreleased; the free one is granted', () => {
    const m = member({ state: 'UNRELEASED_TASKS', epoch: 11, active: { [S1]: [2, 3], [S2]: [5, 6] } });
    const lookups = fnLookups((s, p) => (s === S1 && p === 4 ? 'anyOtherProcess' : undefined));
    const out = run(m, 11, tuple({ active: { [S1]: [2, 3, 4], [S2]: [5, 6, 7] } }), { lookups });
    expect(view(out)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 11, previous: 11, active: { [S1]: [2, 3], [S2]: [5, 6, 7] } }));
  });
});

describe('§3.3 transition table rows', () => {
  const base = { epoch: 5, active: { '0': [0, 1, 2, 3] } };

  it('STABLE, epoch != T, revocation not proven released -> UNREVOKED_TASKS, epoch unchanged, previous := epoch', () => {
    const m = member({ ...base, previous: 4 });
    const out = run(m, 6, tuple({ active: { '0': [0, 1] } }));
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 5, previous: 5, active: { '0': [0, 1] }, pending: { active: { '0': [2, 3] } } }));
  });

  it('STABLE, epoch != T, revocation proven released by a complete report, some unreleased -> UNRELEASED_TASKS at T', () => {
    const m = member({ ...base, previous: 4 });
    const lookups = fnLookups((s, p) => (p === 9 ? 'other' : undefined));
    const out = run(m, 6, tuple({ active: { '0': [0, 1, 9] } }), { lookups, report: fullReport({ active: { '0': [0, 1] } }) });
    expect(view(out)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 6, previous: 5, active: { '0': [0, 1] }, activeEpoch: 5 }));
  });

  it('STABLE, epoch != T, pending revocation empty, tasks to assign and some unreleased -> UNRELEASED_TASKS at T with the free ones', () => {
    const m = member({ epoch: 5, active: { '0': [0] } });
    const lookups = fnLookups((s, p) => (p === 2 ? 'other' : undefined));
    const out = run(m, 6, tuple({ active: { '0': [0, 1, 2] } }), { lookups });
    expect(view(out)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 6, previous: 5, activeEpochs: { '0': { 0: 5, 1: 6 } } }));
  });

  it('STABLE, epoch != T, nothing unreleased -> STABLE at T (a record: epoch changed)', () => {
    const m = member(base);
    const out = run(m, 6, tuple({ active: { '0': [0, 1, 2, 3] } }));
    expect(out).not.toBe(m);
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5, active: { '0': [0, 1, 2, 3] }, activeEpoch: 5 }));
  });

  it('STABLE, epoch == T -> unchanged, report ignored (same object even with a report containing foreign tasks)', () => {
    const m = member(base);
    expect(run(m, 5, tuple({ active: { '0': [0] } }), { report: fullReport({ active: { '9': [9] } }) })).toBe(m);
  });

  it('UNREVOKED_TASKS, report absent -> same object', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0, 1] }, pending: { active: { '0': [2, 3] } } });
    expect(run(m, 6, tuple({ active: { '0': [0, 1] } }))).toBe(m);
  });

  it('UNREVOKED_TASKS, partial report (some list null) counts as absent under all-or-nothing -> same object', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0, 1] }, pending: { active: { '0': [2, 3] } } });
    expect(run(m, 6, tuple({ active: { '0': [0, 1] } }), { report: report({ active: { '0': [0, 1] } }) })).toBe(m);
  });

  it('UNREVOKED_TASKS, report intersects pending revocation role-wise -> same object', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0, 1] }, pending: { active: { '0': [2, 3] } } });
    expect(run(m, 6, tuple({ active: { '0': [0, 1] } }), { report: fullReport({ active: { '0': [0, 1, 3] } }) })).toBe(m);
  });

  it('UNREVOKED_TASKS, report holds the pending task in another role only -> released (containsAny is role-wise)', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0, 1] }, pending: { active: { '0': [2, 3] } } });
    const out = run(m, 6, tuple({ active: { '0': [0, 1] } }), { report: fullReport({ active: { '0': [0, 1] }, standby: { '0': [2, 3] } }) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5, active: { '0': [0, 1] }, activeEpoch: 5 }));
  });

  it('UNREVOKED_TASKS, disjoint report -> compute(epoch + 1): STABLE at T when nothing new is pending', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0, 1] }, pending: { active: { '0': [2, 3] } } });
    const out = run(m, 7, tuple({ active: { '0': [0, 1] } }), { report: fullReport({ active: { '0': [0, 1] } }) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 7, previous: 5, active: { '0': [0, 1] }, activeEpoch: 5 }));
  });

  it('UNREVOKED_TASKS, disjoint report, newer target revokes a task the report no longer holds -> straight to T', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0, 1] }, pending: { active: { '0': [2, 3] } } });
    const out = run(m, 7, tuple({ active: { '0': [0] } }), { report: fullReport({ active: { '0': [0] } }) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 7, previous: 5, active: { '0': [0] }, activeEpoch: 5 }));
  });

  it('UNRELEASED_TASKS always recomputes; a task becoming free is granted at the target epoch', () => {
    const m = member({ state: 'UNRELEASED_TASKS', epoch: 6, previous: 0 });
    const out = run(m, 6, tuple({ active: { '0': [2, 3] } }));
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 6, active: { '0': [2, 3] } }));
  });

  it("UNKNOWN with a non-empty complete report -> FENCED_MEMBER_EPOCH with Kafka's message", () => {
    const m = member({ state: 'UNKNOWN', epoch: 5, active: { '0': [0] } });
    try {
      run(m, 6, tuple({ active: { '0': [0] } }), { report: fullReport({ active: { '0': [0] } }) });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).errorName).toBe('FENCED_MEMBER_EPOCH');
      expect((e as ApiError).message).toBe(UNKNOWN_STATE_FENCE_MESSAGE);
      expect(UNKNOWN_STATE_FENCE_MESSAGE).toBe('The streams group member is in a unknown state. The member must abandon all its tasks and rejoin.');
    }
  });

  it('UNKNOWN with an absent or partial (even empty) report -> fenced; with all three empty -> compute(T)', () => {
    const m = member({ state: 'UNKNOWN', epoch: 5, active: { '0': [0] } });
    const target = tuple({ active: { '0': [0, 1] } });
    expect(() => run(m, 6, target)).toThrow(ApiError);
    expect(() => run(m, 6, target, { report: report({ active: {}, standby: {} }) })).toThrow(ApiError);
    expect(() => run(m, 6, target, { report: fullReport({ warmup: { '0': [5] } }) })).toThrow(ApiError);
    expect(() => run(m, 6, target, { report: fullReport({ active: { '0': [0] } }), reportRule: 'per-role' })).toThrow(ApiError);
    const out = run(m, 6, target, { report: fullReport() });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5, activeEpochs: { '0': { 0: 5, 1: 6 } } }));
  });

  it('UNKNOWN with an empty report, when the target revokes -> revocation dropped (owned is empty) and STABLE at T', () => {
    const m = member({ state: 'UNKNOWN', epoch: 5, active: { '0': [0, 1] } });
    const out = run(m, 6, tuple({ active: { '0': [1] } }), { report: fullReport(), lookups: FREE });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5, active: { '0': [1] }, activeEpoch: 5 }));
  });
});

describe('previousMemberEpoch asymmetry', () => {
  it('entering UNREVOKED_TASKS rewrites previous to the current epoch (epoch 2 / previous 1 becomes 2 / 2)', () => {
    const m = member({ epoch: 2, previous: 1, active: { '0': [0, 1] } });
    const out = run(m, 3, tuple({ active: { '0': [0] } }));
    expect([out.memberEpoch, out.previousMemberEpoch, out.state]).toEqual([2, 2, 'UNREVOKED_TASKS']);
  });

  it('leaving UNREVOKED_TASKS sets previous to the epoch it waited at, epoch to T', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 2, previous: 2, active: { '0': [0] }, pending: { active: { '0': [1] } } });
    const out = run(m, 3, tuple({ active: { '0': [0] } }), { report: fullReport({ active: { '0': [0] } }) });
    expect([out.memberEpoch, out.previousMemberEpoch, out.state]).toEqual([3, 2, 'STABLE']);
  });

  it('a direct STABLE -> STABLE move keeps previous = old epoch (no UNREVOKED detour)', () => {
    const m = member({ epoch: 2, previous: 1, active: { '0': [0] } });
    const out = run(m, 4, tuple({ active: { '0': [0, 1] } }));
    expect([out.memberEpoch, out.previousMemberEpoch, out.state]).toEqual([4, 2, 'STABLE']);
  });

  it('other member fields are carried over untouched', () => {
    const m = { ...member({ epoch: 2, active: { '0': [0] } }), clientId: 'c', instanceId: 'i', rebalanceTimeoutMs: 1234 };
    const out = run(m, 3, tuple({ active: { '0': [0] } }));
    expect({ ...out, assignedTasks: null, memberEpoch: 0, previousMemberEpoch: 0 }).toEqual({ ...m, assignedTasks: null, memberEpoch: 0, previousMemberEpoch: 0 });
  });
});
