// Remembered reconciliations (src/core/reconcile/remembered.ts): a result is reused only for the same inputs and the
// same answers of the group, and always equals what computing it again gives.
import { describe, expect, it } from 'vitest';
import type { StreamsGroupMember } from '../../src/core/model/member.ts';
import type { TasksTuple } from '../../src/core/model/tasks.ts';
import { buildCurrentAssignment, ABSENT_REPORT, type ProcessLookups } from '../../src/core/reconcile/index.ts';
import { expected, fnLookups, FREE, member, tuple, view } from './helpers.ts';

/** One run's scope: reconciliations are remembered among the calls that pass it. */
const RUN = {};

function run(m: StreamsGroupMember, targetEpoch: number, target: TasksTuple, opts: { lookups?: ProcessLookups; rememberIn?: object } = {}): StreamsGroupMember {
  const rememberIn = 'rememberIn' in opts ? opts.rememberIn : RUN;
  return buildCurrentAssignment({ member: m, targetEpoch, target, report: ABSENT_REPORT, lookups: opts.lookups ?? FREE, flavour: '4.4', reportRule: 'all-or-nothing', rememberIn });
}

describe('remembered reconciliations', () => {
  const target = tuple({ active: { '0': [0, 1] } });

  it('reuses a result for the same member value and target, rebuilt on the new member metadata', () => {
    const m = member({ epoch: 3 });
    const first = run(m, 4, target);
    const again = run({ ...m, clientId: 'other-client' }, 4, tuple({ active: { '0': [0, 1] } }));
    expect(view(again)).toEqual(view(first));
    expect(view(first)).toEqual(expected({ state: 'STABLE', epoch: 4, previous: 3, active: { '0': [0, 1] }, activeEpoch: 4 }));
    expect(again.clientId).toBe('other-client');
    expect(again.assignedTasks).toBe(first.assignedTasks);
  });

  it('computes again when the group answers a question differently', () => {
    const m = member({ epoch: 3 });
    expect(view(run(m, 4, target, { lookups: FREE }))).toEqual(expected({ state: 'STABLE', epoch: 4, previous: 3, active: { '0': [0, 1] }, activeEpoch: 4 }));
    // another process still runs 0_1 as active: it is not assigned yet
    const held = fnLookups((s, p) => (s === '0' && p === 1 ? 'other-process' : undefined));
    expect(view(run(m, 4, target, { lookups: held }))).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 4, previous: 3, active: { '0': [0] }, activeEpoch: 4 }));
    expect(view(run(m, 4, target, { lookups: FREE }))).toEqual(expected({ state: 'STABLE', epoch: 4, previous: 3, active: { '0': [0, 1] }, activeEpoch: 4 }));
  });

  it('reuses nothing for another run, or without a run', () => {
    const m = member({ epoch: 3 });
    const first = run(m, 4, target);
    const other = run(m, 4, target, { rememberIn: {} });
    const none = run(m, 4, target, { rememberIn: undefined });
    expect(view(other)).toEqual(view(first));
    expect(view(none)).toEqual(view(first));
    expect(other.assignedTasks).not.toBe(first.assignedTasks);
    expect(none.assignedTasks).not.toBe(first.assignedTasks);
    expect(run(m, 4, target).assignedTasks).toBe(first.assignedTasks);
  });

  it('computes again for another target epoch, target or process', () => {
    const m = member({ epoch: 3 });
    run(m, 4, target);
    expect(view(run(m, 5, target))).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 3, active: { '0': [0, 1] }, activeEpoch: 5 }));
    expect(view(run(m, 4, tuple({ active: { '0': [1] } })))).toEqual(expected({ state: 'STABLE', epoch: 4, previous: 3, active: { '0': [1] }, activeEpoch: 4 }));
    // a member of p2, while p2 still runs 0_0 as active (a task some process runs as active is unreleased)
    const byP2 = fnLookups((s, p) => (s === '0' && p === 0 ? 'p2' : undefined));
    expect(view(run({ ...m, processId: 'p2' }, 4, target, { lookups: byP2 }))).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 4, previous: 3, active: { '0': [1] }, activeEpoch: 4 }));
  });
});
