// kafka-20870.md §4 scenarios at the builder level (scenario 1 steps 1–4, scenario 2, scenario 3 step 1 and HB1/HB2
// under today's all-or-nothing rule and under option A's per-role rule), plus the per-role builder semantics of §3.
import { describe, expect, it } from 'vitest';
import type { StreamsGroupMember } from '../../src/core/model/member.ts';
import { expected, fullReport, groupLookups, member, report, run, tuple, view } from './helpers.ts';

describe('scenario 1 — baseline, full reports (setup X)', () => {
  const A0 = member({ id: 'A', epoch: 5, processId: 'pA', active: { '0': [0, 1, 2, 3] } });
  const targetA = tuple({ active: { '0': [0, 1] } });
  const targetB = tuple({ active: { '0': [2, 3] } });
  const B0 = member({ id: 'B', epoch: 0, previous: 0, processId: 'pB' });

  // step 1: B joins with three empty lists; 0_2 and 0_3 are still held by pA
  const B1 = run(B0, 6, targetB, { lookups: groupLookups([A0, B0]), report: fullReport() });
  // step 2: A heartbeats at epoch 5 without lists
  const A2 = run(A0, 6, targetA, { lookups: groupLookups([A0, B1]) });
  // step 3: A reports its remaining tasks
  const A3 = run(A2, 6, targetA, { lookups: groupLookups([A2, B1]), report: fullReport({ active: { '0': [0, 1] } }) });
  // step 4: B heartbeats with three empty lists
  const B4 = run(B1, 6, targetB, { lookups: groupLookups([A3, B1]), report: fullReport() });

  it('step 1: B → UNRELEASED_TASKS at 6 (previous 0), no tasks', () => {
    expect(view(B1)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 6, previous: 0 }));
  });

  it('step 2: A → UNREVOKED_TASKS at 5 (previous 5), assigned {0:[0,1]}, pending {0:[2,3]}', () => {
    expect(view(A2)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 5, previous: 5, active: { '0': [0, 1] }, pending: { active: { '0': [2, 3] } } }));
  });

  it('between steps 2 and 3 B stays UNRELEASED_TASKS: the pending revocation still blocks 0_2, 0_3', () => {
    const again = run(B1, 6, targetB, { lookups: groupLookups([A2, B1]), report: fullReport() });
    // updateMemberEpoch always sets previous := old epoch, so the first recompute rewrites previous 0 -> 6 (a record) ...
    expect(view(again)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 6, previous: 6 }));
    // ... and from then on nothing changes (same object)
    expect(run(again, 6, targetB, { lookups: groupLookups([A2, again]), report: fullReport() })).toBe(again);
  });

  it('step 3: report disjoint from pending → A STABLE at 6 (previous 5), task epochs kept', () => {
    expect(view(A3)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5, active: { '0': [0, 1] }, activeEpoch: 5 }));
  });

  it('step 4: 0_2, 0_3 free → B STABLE at 6 with {0:[2,3]} at task epoch 6', () => {
    expect(view(B4)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 6, active: { '0': [2, 3] }, activeEpoch: 6 }));
  });
});

describe('scenario 2 — only the changed role reported (builder level)', () => {
  const A2 = member({ id: 'A', state: 'UNREVOKED_TASKS', epoch: 5, processId: 'pA', active: { '0': [0, 1] }, pending: { active: { '0': [2, 3] } } });
  const partial = report({ active: { '0': [0, 1] } });
  const target = tuple({ active: { '0': [0, 1] } });

  it('today (coordinator-only): the partial report counts as absent → same object, no record', () => {
    expect(run(A2, 6, target, { report: partial })).toBe(A2);
  });

  it('option A (per-role): active reported and disjoint, nothing pending elsewhere → completes like scenario 1 step 3', () => {
    const out = run(A2, 6, target, { report: partial, reportRule: 'per-role' });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5, active: { '0': [0, 1] }, activeEpoch: 5 }));
  });
});

describe('scenario 3 — setup Y, epoch 7 → 8', () => {
  const A7 = member({ id: 'A', epoch: 7, processId: 'pA', active: { '0': [0, 1] }, standby: { '1': [0] } });
  const C7 = member({ id: 'C', epoch: 7, processId: 'pC', active: { '1': [0] }, standby: { '0': [0, 1] } });
  const targetA = tuple({ active: { '0': [0] }, standby: { '0': [1] } });
  const targetC = tuple({ active: { '0': [1], '1': [0] }, standby: { '0': [0] } });

  const A1 = run(A7, 8, targetA, { lookups: groupLookups([A7, C7]) });
  const C1 = run(C7, 8, targetC, { lookups: groupLookups([A1, C7]) });

  it('step 1, A: demotion of 0_1 granted at once → UNREVOKED_TASKS at 7, active {0:[0]}, standby {0:[1]}', () => {
    expect(view(A1)).toEqual(
      expected({
        state: 'UNREVOKED_TASKS',
        epoch: 7,
        previous: 7,
        active: { '0': [0] },
        standby: { '0': [1] },
        pending: { active: { '0': [1] }, standby: { '1': [0] } },
      }),
    );
  });

  it('step 1, C: active 0_1 still held by pA → UNRELEASED_TASKS at 8, keeps standby 0_1 for the later promotion', () => {
    expect(view(C1)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 8, previous: 7, active: { '1': [0] }, activeEpoch: 7, standby: { '0': [0, 1] } }));
  });

  it('Java client reference: one complete report → A STABLE at 8; then C is promoted in place → STABLE at 8', () => {
    const A2 = run(A1, 8, targetA, { lookups: groupLookups([A1, C1]), report: fullReport({ active: { '0': [0] }, standby: { '0': [1] } }) });
    expect(view(A2)).toEqual(expected({ state: 'STABLE', epoch: 8, previous: 7, active: { '0': [0] }, activeEpoch: 7, standby: { '0': [1] } }));
    const C2 = run(C1, 8, targetC, { lookups: groupLookups([A2, C1]) });
    expect(view(C2)).toEqual(expected({ state: 'STABLE', epoch: 8, previous: 8, activeEpochs: { '0': { 1: 8 }, '1': { 0: 7 } }, standby: { '0': [0] } }));
  });

  describe('HB1 {active:[{0:[0]}]} and HB2 {standby:[{0:[1]}]}', () => {
    const hb1 = report({ active: { '0': [0] } });
    const hb2 = report({ standby: { '0': [1] } });

    it('today (coordinator-only, all-or-nothing): neither has any effect (same object)', () => {
      const lookups = groupLookups([A1, C1]);
      expect(run(A1, 8, targetA, { lookups, report: hb1 })).toBe(A1);
      expect(run(A1, 8, targetA, { lookups, report: hb2 })).toBe(A1);
    });

    it('option A: HB1 shrinks the pending revocation to standby {1:[0]} (a record, same state/epoch/assigned)', () => {
      const afterHb1 = run(A1, 8, targetA, { lookups: groupLookups([A1, C1]), report: hb1, reportRule: 'per-role' });
      expect(afterHb1).not.toBe(A1);
      expect(view(afterHb1)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 7, previous: 7, active: { '0': [0] }, standby: { '0': [1] }, pending: { standby: { '1': [0] } } }));
    });

    it('option A: 0_1 becomes grantable to C right after HB1', () => {
      const afterHb1 = run(A1, 8, targetA, { lookups: groupLookups([A1, C1]), report: hb1, reportRule: 'per-role' });
      const C2 = run(C1, 8, targetC, { lookups: groupLookups([afterHb1, C1]), reportRule: 'per-role' });
      expect(view(C2)).toEqual(expected({ state: 'STABLE', epoch: 8, previous: 8, activeEpochs: { '0': { 1: 8 }, '1': { 0: 7 } }, standby: { '0': [0] } }));
    });

    it('option A: HB2 empties the pending revocation → STABLE at 8', () => {
      const afterHb1 = run(A1, 8, targetA, { lookups: groupLookups([A1, C1]), report: hb1, reportRule: 'per-role' });
      const afterHb2 = run(afterHb1, 8, targetA, { lookups: groupLookups([afterHb1, C1]), report: hb2, reportRule: 'per-role' });
      expect(view(afterHb2)).toEqual(expected({ state: 'STABLE', epoch: 8, previous: 7, active: { '0': [0] }, activeEpoch: 7, standby: { '0': [1] } }));
    });

    it('option A: repeating HB1 after it took effect changes nothing (same object)', () => {
      const afterHb1 = run(A1, 8, targetA, { lookups: groupLookups([A1, C1]), report: hb1, reportRule: 'per-role' });
      expect(run(afterHb1, 8, targetA, { lookups: groupLookups([afterHb1, C1]), report: hb1, reportRule: 'per-role' })).toBe(afterHb1);
    });
  });
});

describe('per-role rule (option A builder semantics)', () => {
  const A7 = member({ id: 'A', epoch: 7, processId: 'pA', active: { '0': [0, 1] }, standby: { '1': [0] } });
  const targetA = tuple({ active: { '0': [0] }, standby: { '0': [1] } });

  it('entering a revocation: UNREVOKED_TASKS with only the still-owned part pending', () => {
    const out = run(A7, 8, targetA, { lookups: groupLookups([A7]), report: report({ active: { '0': [0] } }), reportRule: 'per-role' });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 7, previous: 7, active: { '0': [0] }, standby: { '0': [1] }, pending: { standby: { '1': [0] } } }));
    // all-or-nothing with the same partial report: everything stays pending
    const today = run(A7, 8, targetA, { lookups: groupLookups([A7]), report: report({ active: { '0': [0] } }) });
    expect(view(today).pending).toEqual({ active: { '0': [1] }, standby: { '1': [0] }, warmup: {} });
  });

  it('entering a revocation: every pending role reported released → skips UNREVOKED_TASKS', () => {
    const out = run(A7, 8, targetA, { lookups: groupLookups([A7]), report: report({ active: { '0': [0] }, standby: {} }), reportRule: 'per-role' });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 8, previous: 7, active: { '0': [0] }, activeEpoch: 7, standby: { '0': [1] } }));
  });

  it('a complete report still holding some pending tasks shrinks to those (all-or-nothing keeps the full set)', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0] }, pending: { active: { '0': [1, 2, 3] } } });
    const r = fullReport({ active: { '0': [0, 3] } });
    const out = run(m, 6, tuple({ active: { '0': [0] } }), { report: r, reportRule: 'per-role' });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 5, previous: 5, active: { '0': [0] }, pending: { active: { '0': [3] } } }));
    expect(run(m, 6, tuple({ active: { '0': [0] } }), { report: r })).toBe(m);
  });

  it('no progress (unreported roles, or all pending still owned) → same object', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0] }, pending: { active: { '0': [1] }, warmup: { '2': [0] } } });
    const target = tuple({ active: { '0': [0] } });
    expect(run(m, 6, target, { reportRule: 'per-role' })).toBe(m);
    expect(run(m, 6, target, { report: report({ warmup: { '2': [0] } }), reportRule: 'per-role' })).toBe(m);
    expect(run(m, 6, target, { report: report({ standby: {} }), reportRule: 'per-role' })).toBe(m);
  });

  it('a role reported as owning something else does not acknowledge another role (role-wise)', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0] }, pending: { standby: { '0': [1] } } });
    const out = run(m, 6, tuple({ active: { '0': [0] } }), { report: report({ active: { '0': [0] } }), reportRule: 'per-role' });
    expect(out).toBe(m);
  });

  it('scenario 6: a reconciled member ignores a partial report under either rule', () => {
    const m = member({ epoch: 6, active: { '0': [0, 1] } });
    for (const reportRule of ['all-or-nothing', 'per-role'] as const) {
      expect(run(m, 6, tuple({ active: { '0': [0, 1] } }), { report: report({ active: { '0': [0, 1] } }), reportRule })).toBe(m);
    }
  });

  it('the UNKNOWN-state rule is unchanged: only three present, empty lists pass', () => {
    const m: StreamsGroupMember = member({ state: 'UNKNOWN', epoch: 5 });
    expect(() => run(m, 6, tuple(), { report: report({ active: {} }), reportRule: 'per-role' })).toThrow();
    expect(view(run(m, 6, tuple(), { report: fullReport(), reportRule: 'per-role' }))).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5 }));
  });
});
