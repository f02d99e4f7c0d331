// Issue 13 (scale): the durability check replays only each step's new batches into a shadow of the groups and
// compares only what changed, with a full replay every K steps and after a failover. It reports exactly what
// the full check (a fresh coordinator replaying the whole log) reports, at every step a difference lasts.
import { describe, expect, it } from 'vitest';
import { Coordinator } from '../../src/core/coordinator/runtime.ts';
import { DurabilityTracker, durabilityReport } from '../../src/core/invariants/durability.ts';
import { broker, hb, join } from '../offsets/helpers.ts';

const full = (c: Coordinator) => durabilityReport(c, new Coordinator(c.options, c.log, c.now));

describe('the incremental durability check', () => {
  it('agrees with a full replay while the live state matches the log, and when it stops matching', () => {
    const b = broker();
    const tracker = new DurabilityTracker(1000);
    join(b, 'a');
    join(b, 'b');
    expect(tracker.report(b.coordinator)).toEqual(full(b.coordinator));
    hb(b, 'a');
    hb(b, 'b');
    expect(tracker.report(b.coordinator).diff).toEqual([]);
    // state only memory holds: a member changed without a record, and a group field
    const g = b.coordinator.groups.get('app')!;
    const m = g.members.get('b')!;
    g.putMember({ ...m, memberEpoch: m.memberEpoch + 5 });
    g.groupEpoch += 1;
    const expected = full(b.coordinator).diff;
    expect(expected.map((d) => d.path)).toEqual(['app.groupEpoch', 'app.members.b.memberEpoch', 'app.state']);
    expect(tracker.report(b.coordinator).diff).toEqual(expected);
    // still different at the next step: still reported
    hb(b, 'a');
    expect(tracker.report(b.coordinator).diff).toEqual(full(b.coordinator).diff);
  });

  it('replays from scratch after a failover and every K steps', () => {
    const b = broker();
    const tracker = new DurabilityTracker(3);
    join(b, 'a');
    for (let i = 0; i < 7; i++) {
      hb(b, 'a');
      expect(tracker.report(b.coordinator)).toEqual(full(b.coordinator));
    }
    b.failover();
    join(b, 'c');
    expect(tracker.report(b.coordinator)).toEqual(full(b.coordinator));
  });
});
