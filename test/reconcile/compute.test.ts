// §4.7 compute(epochArg): kept / pending revocation / pending assignment per role, every unreleased predicate
// ([4.4] and [4.2]; the draft shares [4.2]'s), and task epochs.
import { describe, expect, it } from 'vitest';
import type { StreamsGroupMember } from '../../src/core/model/member.ts';
import { has, type Role } from '../../src/core/model/tasks.ts';
import type { ReconcileFlavour } from '../../src/core/reconcile/index.ts';
import { expected, fullReport, groupLookups, member, run, tuple, view } from './helpers.ts';

const T = { s: '0', p: 0 };
const TASK = { [T.s]: [T.p] };

type Holder = 'M' | 'peer' | 'other';
interface Row {
  name: string;
  target: Role;
  /** who holds task 0_0, in which role: M = this member, peer = another member of M's process, other = another process */
  holders: ReadonlyArray<readonly [Holder, Role]>;
  /** unreleased under [4.4] */
  u44: boolean;
  /** unreleased under [4.2] (and the draft) */
  u42: boolean;
}

const ROWS: readonly Row[] = [
  // active target
  { name: 'active: nobody holds it', target: 'active', holders: [], u44: false, u42: false },
  { name: 'active: another process runs it as active', target: 'active', holders: [['other', 'active']], u44: true, u42: true },
  { name: 'active: another member of P runs it as active', target: 'active', holders: [['peer', 'active']], u44: true, u42: true },
  { name: 'active: another member of P holds it as standby', target: 'active', holders: [['peer', 'standby']], u44: true, u42: true },
  { name: 'active: M holds it as standby (in-place promotion)', target: 'active', holders: [['M', 'standby']], u44: false, u42: true },
  { name: 'active: another process holds it as standby', target: 'active', holders: [['other', 'standby']], u44: false, u42: false },
  { name: 'active: another member of P holds it as warm-up', target: 'active', holders: [['peer', 'warmup']], u44: true, u42: true },
  { name: 'active: M holds it as warm-up (in-place promotion)', target: 'active', holders: [['M', 'warmup']], u44: false, u42: true },
  { name: 'active: another process holds it as warm-up', target: 'active', holders: [['other', 'warmup']], u44: false, u42: false },
  // standby target
  { name: 'standby: nobody holds it', target: 'standby', holders: [], u44: false, u42: false },
  { name: 'standby: another member of P runs it as active', target: 'standby', holders: [['peer', 'active']], u44: true, u42: true },
  { name: 'standby: M runs it as active (in-place demotion)', target: 'standby', holders: [['M', 'active']], u44: false, u42: true },
  { name: 'standby: another process runs it as active', target: 'standby', holders: [['other', 'active']], u44: false, u42: false },
  { name: 'standby: another member of P holds it as standby', target: 'standby', holders: [['peer', 'standby']], u44: true, u42: true },
  { name: 'standby: another process holds it as standby', target: 'standby', holders: [['other', 'standby']], u44: false, u42: false },
  { name: 'standby: another member of P holds it as warm-up', target: 'standby', holders: [['peer', 'warmup']], u44: true, u42: true },
  { name: 'standby: M holds it as warm-up (in-place conversion)', target: 'standby', holders: [['M', 'warmup']], u44: false, u42: true },
  { name: 'standby: another process holds it as warm-up', target: 'standby', holders: [['other', 'warmup']], u44: false, u42: false },
  // warm-up target
  { name: 'warmup: nobody holds it', target: 'warmup', holders: [], u44: false, u42: false },
  { name: 'warmup: another member of P runs it as active', target: 'warmup', holders: [['peer', 'active']], u44: true, u42: true },
  { name: 'warmup: M runs it as active (no active->warm-up change)', target: 'warmup', holders: [['M', 'active']], u44: true, u42: true },
  { name: 'warmup: another process runs it as active', target: 'warmup', holders: [['other', 'active']], u44: false, u42: false },
  { name: 'warmup: another member of P holds it as standby', target: 'warmup', holders: [['peer', 'standby']], u44: true, u42: true },
  { name: 'warmup: M holds it as standby (in-place conversion)', target: 'warmup', holders: [['M', 'standby']], u44: false, u42: true },
  { name: 'warmup: another process holds it as standby', target: 'warmup', holders: [['other', 'standby']], u44: false, u42: false },
  { name: 'warmup: another member of P holds it as warm-up', target: 'warmup', holders: [['peer', 'warmup']], u44: true, u42: true },
  { name: 'warmup: another process holds it as warm-up', target: 'warmup', holders: [['other', 'warmup']], u44: false, u42: false },
];

function holderMember(who: Holder, role: Role): StreamsGroupMember {
  const id = who === 'M' ? 'm' : who === 'peer' ? 'peer' : 'other';
  const processId = who === 'other' ? 'pOther' : 'pM';
  return member({ id, epoch: 3, processId, [role]: TASK });
}

function granted(m: StreamsGroupMember, role: Role): boolean {
  const set = role === 'active' ? new Map([...m.assignedTasks.active].map(([s, ps]) => [s, new Set(ps.keys())])) : m.assignedTasks[role];
  return has(set, T.s, T.p);
}

describe.each<ReconcileFlavour>(['4.4', '4.2', 'draft'])('unreleased predicates, flavour %s', (flavour) => {
  it.each(ROWS)('$name', (row) => {
    const mine = row.holders.filter(([w]) => w === 'M').map(([, r]) => r);
    const m = member({
      id: 'm',
      epoch: 3,
      processId: 'pM',
      ...Object.fromEntries(mine.map((r) => [r, TASK])),
    });
    const others = row.holders.filter(([w]) => w !== 'M').map(([w, r]) => holderMember(w, r));
    const lookups = groupLookups([m, ...others]);
    // An empty complete report: M's own revocations count as released, so the predicate alone decides.
    const out = run(m, 4, tuple({ [row.target]: TASK }), { lookups, flavour, report: fullReport() });
    const unreleased = flavour === '4.4' ? row.u44 : row.u42;
    expect(granted(out, row.target)).toBe(!unreleased);
    expect(out.state).toBe(unreleased ? 'UNRELEASED_TASKS' : 'STABLE');
    expect(out.memberEpoch).toBe(4);
  });
});

describe('compute(): kept, pending revocation, pending assignment in every role', () => {
  const m = member({
    epoch: 5,
    active: { a: [0, 1] },
    standby: { b: [0, 1] },
    warmup: { c: [0, 1] },
  });
  const target = tuple({ active: { a: [1, 2] }, standby: { b: [1, 2] }, warmup: { c: [1, 2] } });

  it('without a report: UNREVOKED_TASKS with kept = current ∩ target and pending = current − target; nothing new assigned', () => {
    expect(view(run(m, 6, target))).toEqual(
      expected({
        state: 'UNREVOKED_TASKS',
        epoch: 5,
        previous: 5,
        active: { a: [1] },
        standby: { b: [1] },
        warmup: { c: [1] },
        pending: { active: { a: [0] }, standby: { b: [0] }, warmup: { c: [0] } },
      }),
    );
  });

  it('with a complete report releasing everything: assigned = kept ∪ pending assignment, STABLE at T', () => {
    expect(view(run(m, 6, target, { report: fullReport({ active: { a: [1] }, standby: { b: [1] }, warmup: { c: [1] } }) }))).toEqual(
      expected({
        state: 'STABLE',
        epoch: 6,
        previous: 5,
        activeEpochs: { a: { 1: 5, 2: 6 } },
        standby: { b: [1, 2] },
        warmup: { c: [1, 2] },
      }),
    );
  });

  it('pending assignment excludes unreleased tasks per role, and any unreleased task gives UNRELEASED_TASKS', () => {
    const blockerA = member({ id: 'x', epoch: 5, processId: 'pX', active: { a: [2] } });
    const blockerB = member({ id: 'y', epoch: 5, processId: 'process_id', standby: { b: [2] } });
    const lookups = groupLookups([m, blockerA, blockerB]);
    const out = run(m, 6, target, { lookups, report: fullReport() });
    expect(view(out)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 6, previous: 5, active: { a: [1] }, activeEpoch: 5, standby: { b: [1] }, warmup: { c: [1, 2] } }));
  });

  it('only a revocation in one role still holds the whole step (no assignment while UNREVOKED_TASKS)', () => {
    const out = run(m, 6, target, { report: fullReport({ warmup: { c: [0] } }) });
    expect(out.state).toBe('UNREVOKED_TASKS');
    expect(view(out).pending).toEqual({ active: { a: [0] }, standby: { b: [0] }, warmup: { c: [0] } });
    expect(view(out).warmup).toEqual({ c: [1] });
  });

  it('subtopologies only in the target or only in the current assignment are handled', () => {
    const m2 = member({ epoch: 5, active: { x: [0] } });
    const out = run(m2, 6, tuple({ active: { y: [3] } }), { report: fullReport() });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5, active: { y: [3] } }));
  });
});

describe('task epochs ([4.4] TasksTupleWithEpochs)', () => {
  it('testEpochLookupFromAssignedTasks: kept active tasks keep their (mixed) epochs', () => {
    const m = member({
      epoch: 10,
      activeEpochs: new Map([
        [
          's1',
          new Map([
            [1, 5],
            [2, 6],
          ]),
        ],
        [
          's2',
          new Map([
            [3, 7],
            [4, 8],
          ]),
        ],
      ]),
    });
    const out = run(m, 11, tuple({ active: { s1: [1, 2], s2: [3, 4] } }), { lookups: groupLookups([m]) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 11, previous: 10, activeEpochs: { s1: { 1: 5, 2: 6 }, s2: { 3: 7, 4: 8 } } }));
  });

  it('testEpochFallbackToDefault: every newly granted active task gets the target epoch', () => {
    const m = member({ epoch: 10 });
    const out = run(m, 11, tuple({ active: { s1: [1, 2], s2: [3, 4] } }));
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 11, previous: 10, active: { s1: [1, 2], s2: [3, 4] }, activeEpoch: 11 }));
  });

  it('new active tasks get the target epoch, not the epoch argument (UNREVOKED at 5 acknowledging toward T = 8)', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0] }, pending: { active: { '0': [1] } } });
    const out = run(m, 8, tuple({ active: { '0': [0, 2] } }), { report: fullReport({ active: { '0': [0] } }) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 8, previous: 5, activeEpochs: { '0': { 0: 5, 2: 8 } } }));
  });

  it('a task that comes back after its revocation was acknowledged is a new grant at the target epoch (spec §4.7)', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 10, activeEpochs: new Map([['s1', new Map([[5, 9]])]]), pending: { active: { s1: [1] } } });
    const out = run(m, 11, tuple({ active: { s1: [1, 5] } }), { report: fullReport({ active: { s1: [5] } }) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 11, previous: 10, activeEpochs: { s1: { 1: 11, 5: 9 } } }));
  });

  it('a task granted later out of UNRELEASED_TASKS carries the target epoch of that step, older ones keep theirs', () => {
    const m = member({ state: 'UNRELEASED_TASKS', epoch: 7, activeEpochs: new Map([['0', new Map([[0, 6]])]]) });
    const out = run(m, 7, tuple({ active: { '0': [0, 1] } }));
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 7, previous: 7, activeEpochs: { '0': { 0: 6, 1: 7 } } }));
  });

  it('an unchanged reconciliation with identical epochs returns the same object; a differing epoch is a change', () => {
    const m = member({ state: 'UNRELEASED_TASKS', epoch: 7, active: { '0': [0] } });
    const lookups = groupLookups([m, member({ id: 'x', epoch: 7, processId: 'pX', active: { '0': [1] } })]);
    expect(run(m, 7, tuple({ active: { '0': [0, 1] } }), { lookups })).toBe(m);
  });

  it.each<ReconcileFlavour>(['4.2', 'draft'])('flavour %s carries epochs the same way (records of that flavour drop them)', (flavour) => {
    const m = member({ epoch: 10, activeEpochs: new Map([['s1', new Map([[1, 5]])]]) });
    const out = run(m, 11, tuple({ active: { s1: [1, 2] } }), { flavour });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 11, previous: 10, activeEpochs: { s1: { 1: 5, 2: 11 } } }));
  });
});
