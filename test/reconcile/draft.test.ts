// Draft flavour (kip1071-draft.md §3.4, §4.8): per-role ownsRevoked with "null owns", no in-place role changes,
// no own-member carve-outs in the predicates; plus ownedReportFromRequest / isReportComplete.
import { describe, expect, it } from 'vitest';
import { toObject } from '../../src/core/model/tasks.ts';
import { isReportComplete, ownedReportFromRequest } from '../../src/core/reconcile/index.ts';
import { expected, fullReport, groupLookups, member, report, run, tuple, view } from './helpers.ts';

describe('draft: ownsRevoked per role', () => {
  const m = member({ epoch: 5, active: { '0': [0, 1] } });
  const target = tuple({ active: { '0': [0] } });

  it('STABLE → compute: active revoke reported as released, other lists null → no UNREVOKED round-trip (draft)', () => {
    const r = report({ active: { '0': [0] } });
    expect(view(run(m, 6, target, { report: r, flavour: 'draft' }))).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5, active: { '0': [0] }, activeEpoch: 5 }));
    // [4.4] and [4.2] fold the partial report to "absent" → UNREVOKED_TASKS
    for (const flavour of ['4.4', '4.2'] as const) expect(run(m, 6, target, { report: r, flavour }).state).toBe('UNREVOKED_TASKS');
  });

  it('STABLE → compute: a null list for a role with revocations forces UNREVOKED_TASKS, pending kept for all roles', () => {
    const m2 = member({ epoch: 5, active: { '0': [0, 1] }, standby: { '1': [0] } });
    const out = run(m2, 6, target, { report: report({ active: { '0': [0] } }), flavour: 'draft' });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 5, previous: 5, active: { '0': [0] }, pending: { active: { '0': [1] }, standby: { '1': [0] } } }));
  });

  it('UNREVOKED_TASKS: any null list keeps the member waiting, even for a role with nothing pending', () => {
    const u = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0] }, pending: { active: { '0': [1] } } });
    expect(run(u, 6, target, { report: report({ active: { '0': [0] }, standby: {} }), flavour: 'draft' })).toBe(u);
    // all three present and disjoint → acknowledged
    expect(view(run(u, 6, target, { report: fullReport({ active: { '0': [0] } }), flavour: 'draft' }))).toEqual(
      expected({ state: 'STABLE', epoch: 6, previous: 5, active: { '0': [0] }, activeEpoch: 5 }),
    );
  });

  it('UNREVOKED_TASKS: an owned list containing a pending task of its role keeps the member waiting', () => {
    const u = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0] }, pending: { active: { '0': [1] } } });
    expect(run(u, 6, target, { report: fullReport({ active: { '0': [0, 1] } }), flavour: 'draft' })).toBe(u);
  });

  it('UNREVOKED_TASKS with per-role on top of the draft: an unreported role with nothing pending does not block', () => {
    const u = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0] }, pending: { active: { '0': [1] } } });
    const out = run(u, 6, target, { report: report({ active: { '0': [0] } }), flavour: 'draft', reportRule: 'per-role' });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 6, previous: 5, active: { '0': [0] }, activeEpoch: 5 }));
  });

  it('UNKNOWN: fenced unless all three lists are present and empty', () => {
    const k = member({ state: 'UNKNOWN', epoch: 5 });
    expect(() => run(k, 6, tuple(), { report: report({ active: {}, standby: {} }), flavour: 'draft' })).toThrow();
    expect(run(k, 6, tuple(), { report: fullReport(), flavour: 'draft' }).state).toBe('STABLE');
  });
});

describe('draft: no in-place role changes', () => {
  it('standby → active on the same member: standby revoked first, active granted after the lookups show it gone', () => {
    const m = member({ epoch: 4, processId: 'pA', standby: { '0': [1] } });
    const target = tuple({ active: { '0': [1] } });
    const s1 = run(m, 5, target, { lookups: groupLookups([m]), flavour: 'draft' });
    expect(view(s1)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 4, previous: 4, pending: { standby: { '0': [1] } } }));
    const s2 = run(s1, 5, target, { lookups: groupLookups([s1]), flavour: 'draft', report: fullReport() });
    expect(view(s2)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 5, previous: 4 }));
    const s3 = run(s2, 5, target, { lookups: groupLookups([s2]), flavour: 'draft' });
    expect(view(s3)).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 5, active: { '0': [1] } }));
  });

  it('active → standby on the same member: no demotion grant while the active is pending revocation', () => {
    const m = member({ epoch: 7, processId: 'pA', active: { '0': [0, 1] } });
    const out = run(m, 8, tuple({ active: { '0': [0] }, standby: { '0': [1] } }), { lookups: groupLookups([m]), flavour: 'draft' });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 7, previous: 7, active: { '0': [0] }, pending: { active: { '0': [1] } } }));
  });
});

describe('ownedReportFromRequest / isReportComplete', () => {
  it('keeps null lists absent and converts present lists (empty list = present and empty)', () => {
    const r = ownedReportFromRequest([{ subtopologyId: '0', partitions: [1, 0] }], [], null);
    expect(r.active && toObject(r.active)).toEqual({ '0': [0, 1] });
    expect(r.standby && toObject(r.standby)).toEqual({});
    expect(r.warmup).toBeNull();
    expect(isReportComplete(r)).toBe(false);
  });

  it('merges repeated subtopology entries of one list', () => {
    const r = ownedReportFromRequest(
      [
        { subtopologyId: '0', partitions: [1] },
        { subtopologyId: '0', partitions: [2] },
      ],
      [],
      [],
    );
    expect(r.active && toObject(r.active)).toEqual({ '0': [1, 2] });
    expect(isReportComplete(r)).toBe(true);
  });

  it('isReportComplete: true only when all three are non-null', () => {
    expect(isReportComplete(ownedReportFromRequest(null, null, null))).toBe(false);
    expect(isReportComplete(ownedReportFromRequest([], [], null))).toBe(false);
    expect(isReportComplete(ownedReportFromRequest(null, [], []))).toBe(false);
    expect(isReportComplete(ownedReportFromRequest([], [], []))).toBe(true);
  });

  it('a complete report built from the request drives the builder like the helpers do', () => {
    const m = member({ state: 'UNREVOKED_TASKS', epoch: 5, active: { '0': [0] }, pending: { active: { '0': [1] } } });
    const r = ownedReportFromRequest([{ subtopologyId: '0', partitions: [0] }], [], []);
    expect(run(m, 6, tuple({ active: { '0': [0] } }), { report: r }).state).toBe('STABLE');
  });
});
