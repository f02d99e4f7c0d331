// §4.7 [4.4] in-place role changes: demotion active→standby, standby↔warm-up conversion, promotion to active;
// and the [4.2] contrast (no in-place changes: a replica is revoked first and the active grant waits).
import { describe, expect, it } from 'vitest';
import { expected, fullReport, groupLookups, member, run, tuple, view } from './helpers.ts';

describe('demotion active → standby ([4.4])', () => {
  const m = member({ epoch: 7, processId: 'pA', active: { '0': [0, 1] } });
  const target = tuple({ active: { '0': [0] }, standby: { '0': [1] } });

  it('without a report: standby granted now, the active task stays pending revocation (UNREVOKED_TASKS)', () => {
    const out = run(m, 8, target, { lookups: groupLookups([m]) });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 7, previous: 7, active: { '0': [0] }, standby: { '0': [1] }, pending: { active: { '0': [1] } } }));
  });

  it('the active half still needs an ack: a report that still runs 0_1 as active keeps the member waiting', () => {
    const unrevoked = run(m, 8, target, { lookups: groupLookups([m]) });
    expect(run(unrevoked, 8, target, { report: fullReport({ active: { '0': [0, 1] } }) })).toBe(unrevoked);
    const done = run(unrevoked, 8, target, { report: fullReport({ active: { '0': [0] }, standby: { '0': [1] } }) });
    expect(view(done)).toEqual(expected({ state: 'STABLE', epoch: 8, previous: 7, active: { '0': [0] }, activeEpoch: 7, standby: { '0': [1] } }));
  });

  it('a complete report that no longer runs 0_1 as active completes in one step', () => {
    const out = run(m, 8, target, { lookups: groupLookups([m]), report: fullReport({ active: { '0': [0] } }) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 8, previous: 7, active: { '0': [0] }, activeEpoch: 7, standby: { '0': [1] } }));
  });

  it('not applied when another member of the process already holds the task as standby (unreleased)', () => {
    const peer = member({ id: 'peer', epoch: 7, processId: 'pA', standby: { '0': [1] } });
    const out = run(m, 8, target, { lookups: groupLookups([m, peer]) });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 7, previous: 7, active: { '0': [0] }, pending: { active: { '0': [1] } } }));
  });

  it('[4.2]: no demotion; the standby waits until the active is released and the lookups show it gone', () => {
    const out = run(m, 8, target, { lookups: groupLookups([m]), flavour: '4.2' });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 7, previous: 7, active: { '0': [0] }, pending: { active: { '0': [1] } } }));
    // ack; the lookups still show pA running 0_1 (state before this heartbeat) -> UNRELEASED_TASKS
    const acked = run(out, 8, target, { lookups: groupLookups([out]), flavour: '4.2', report: fullReport({ active: { '0': [0] } }) });
    expect(view(acked)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 8, previous: 7, active: { '0': [0] }, activeEpoch: 7 }));
    const granted = run(acked, 8, target, { lookups: groupLookups([acked]), flavour: '4.2' });
    expect(view(granted)).toEqual(expected({ state: 'STABLE', epoch: 8, previous: 8, active: { '0': [0] }, activeEpoch: 7, standby: { '0': [1] } }));
  });
});

describe('conversion standby ↔ warm-up ([4.4])', () => {
  it('standby → warm-up: granted now and dropped from the standby revocation; no ack needed even without a report', () => {
    const m = member({ epoch: 4, processId: 'pA', standby: { '0': [1] } });
    const out = run(m, 5, tuple({ warmup: { '0': [1] } }), { lookups: groupLookups([m]) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 4, warmup: { '0': [1] } }));
  });

  it('warm-up → standby: granted now and dropped from the warm-up revocation', () => {
    const m = member({ epoch: 4, processId: 'pA', warmup: { '0': [1] } });
    const out = run(m, 5, tuple({ standby: { '0': [1] } }), { lookups: groupLookups([m]) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 4, standby: { '0': [1] } }));
  });

  it('granted even while another revocation keeps the member in UNREVOKED_TASKS', () => {
    const m = member({ epoch: 4, processId: 'pA', active: { '1': [0] }, standby: { '0': [1] } });
    const out = run(m, 5, tuple({ warmup: { '0': [1] } }), { lookups: groupLookups([m]) });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 4, previous: 4, warmup: { '0': [1] }, pending: { active: { '1': [0] } } }));
  });

  it('not applied when the incoming role is held by another member of the process', () => {
    const m = member({ epoch: 4, processId: 'pA', standby: { '0': [1] } });
    const peer = member({ id: 'peer', epoch: 4, processId: 'pA', warmup: { '0': [1] } });
    const out = run(m, 5, tuple({ warmup: { '0': [1] } }), { lookups: groupLookups([m, peer]) });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 4, previous: 4, pending: { standby: { '0': [1] } } }));
  });

  it('[4.2]: no conversion; the standby is revoked first and the warm-up waits', () => {
    const m = member({ epoch: 4, processId: 'pA', standby: { '0': [1] } });
    const out = run(m, 5, tuple({ warmup: { '0': [1] } }), { lookups: groupLookups([m]), flavour: '4.2' });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 4, previous: 4, pending: { standby: { '0': [1] } } }));
  });
});

describe('promotion standby / warm-up → active ([4.4])', () => {
  it('active free: granted now, the standby disappears without an ack', () => {
    const m = member({ epoch: 4, processId: 'pA', standby: { '0': [1] } });
    const out = run(m, 5, tuple({ active: { '0': [1] } }), { lookups: groupLookups([m]) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 4, active: { '0': [1] } }));
  });

  it('warm-up promotion behaves the same', () => {
    const m = member({ epoch: 4, processId: 'pA', warmup: { '0': [1] } });
    const out = run(m, 5, tuple({ active: { '0': [1] } }), { lookups: groupLookups([m]) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 4, active: { '0': [1] } }));
  });

  it('active still held elsewhere: the standby stays assigned (not pending revocation) and the member is UNRELEASED_TASKS', () => {
    const m = member({ epoch: 4, processId: 'pA', standby: { '0': [1] } });
    const owner = member({ id: 'owner', epoch: 4, processId: 'pB', active: { '0': [1] } });
    const out = run(m, 5, tuple({ active: { '0': [1] } }), { lookups: groupLookups([m, owner]) });
    expect(view(out)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 5, previous: 4, standby: { '0': [1] } }));
    // once the owner released it, the next heartbeat promotes in place
    const next = run(out, 5, tuple({ active: { '0': [1] } }), { lookups: groupLookups([out]) });
    expect(view(next)).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 5, active: { '0': [1] } }));
  });

  it('M has other revocations outstanding: the standby is kept, the active is not granted in this step', () => {
    const m = member({ epoch: 4, processId: 'pA', active: { '1': [0] }, standby: { '0': [1] } });
    const target = tuple({ active: { '0': [1] } });
    const out = run(m, 5, target, { lookups: groupLookups([m]) });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 4, previous: 4, standby: { '0': [1] }, pending: { active: { '1': [0] } } }));
    // after the ack, compute(epoch + 1) grants the active in place
    const acked = run(out, 5, target, { lookups: groupLookups([out]), report: fullReport({ standby: { '0': [1] } }) });
    expect(view(acked)).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 4, active: { '0': [1] } }));
  });

  it('a complete report releasing the other revocation lets the promotion happen in the same step', () => {
    const m = member({ epoch: 4, processId: 'pA', active: { '1': [0] }, standby: { '0': [1] } });
    const out = run(m, 5, tuple({ active: { '0': [1] } }), { lookups: groupLookups([m]), report: fullReport({ standby: { '0': [1] } }) });
    expect(view(out)).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 4, active: { '0': [1] } }));
  });

  it('[4.2]: the own standby blocks the active; standby revoked first, active granted two heartbeats later', () => {
    const m = member({ epoch: 4, processId: 'pA', standby: { '0': [1] } });
    const target = tuple({ active: { '0': [1] } });
    const out = run(m, 5, target, { lookups: groupLookups([m]), flavour: '4.2' });
    expect(view(out)).toEqual(expected({ state: 'UNREVOKED_TASKS', epoch: 4, previous: 4, pending: { standby: { '0': [1] } } }));
    const acked = run(out, 5, target, { lookups: groupLookups([out]), flavour: '4.2', report: fullReport() });
    expect(view(acked)).toEqual(expected({ state: 'UNRELEASED_TASKS', epoch: 5, previous: 4 }));
    const granted = run(acked, 5, target, { lookups: groupLookups([acked]), flavour: '4.2' });
    expect(view(granted)).toEqual(expected({ state: 'STABLE', epoch: 5, previous: 5, active: { '0': [1] } }));
  });
});
