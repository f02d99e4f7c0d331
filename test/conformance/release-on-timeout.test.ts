// Variant E-release-on-timeout (src/core/variants/E-release-on-timeout.ts): the rebalance timeout releases a member's
// tasks pending revocation instead of fencing it; the member moves on at its next heartbeat. `current` for contrast.
import { describe, expect, it } from 'vitest';
import { durabilityReport } from '../../src/core/invariants/durability.ts';
import { Coordinator } from '../../src/core/coordinator/runtime.ts';
import { Harness, recordsOf, shape } from './harness.ts';
import type { Variant } from '../../src/core/scenario/types.ts';

const TIMEOUT = 20000;

/** A (rebalance timeout 20 s) owns 0_0..0_3; B joins; A learns it must give up 0_2, 0_3 (UNREVOKED_TASKS at E). */
function revoking(variant: Variant) {
  const h = new Harness({ variant });
  const E = h.join('A', 'pA', undefined, { rebalanceTimeoutMs: TIMEOUT }).res.memberEpoch as number;
  expect(h.join('B', 'pB').res.memberEpoch).toBe(E + 1);
  const r = h.beat('A', E, null);
  expect(r.error).toBe('NONE');
  expect(h.view('A')).toMatchObject({ memberEpoch: E, state: 'UNREVOKED_TASKS', active: { 0: [0, 1] }, pendingActive: { 0: [2, 3] } });
  expect(h.view('B')).toMatchObject({ memberEpoch: E + 1, state: 'UNRELEASED_TASKS', active: {} });
  return { h, E };
}

describe('E-release-on-timeout: the rebalance timeout releases the pending revocations', () => {
  it('current (contrast): the timer fences A and bumps the group epoch', () => {
    const { h, E } = revoking('current');
    const fired = h.advance(TIMEOUT);
    expect(shape(recordsOf(fired))).toEqual([
      'StreamsGroupCurrentMemberAssignment(tombstone):A',
      'StreamsGroupTargetAssignmentMember(tombstone):A',
      'StreamsGroupMemberMetadata(tombstone):A',
      'StreamsGroupMetadata',
    ]);
    expect(h.group!.groupEpoch).toBe(E + 2);
    expect(h.beat('A', E, null).error).toBe('UNKNOWN_MEMBER_ID');
  });

  it('the timer writes one CurrentMemberAssignment: same epochs and state, same assigned tasks, nothing pending; no epoch bump', () => {
    const { h, E } = revoking('E-release-on-timeout');
    const before = h.group!.groupEpoch;
    expect(h.advance(TIMEOUT - 1).flatMap((f) => f.batch?.records ?? [])).toEqual([]);
    const fired = h.advance(1);
    expect(fired.map((f) => f.effect)).toEqual(['rebalance timeout released the revoked tasks of member A']);
    expect(recordsOf(fired)).toEqual([
      {
        type: 'StreamsGroupCurrentMemberAssignment',
        key: { groupId: 'g', memberId: 'A' },
        value: {
          memberEpoch: E,
          previousMemberEpoch: E,
          state: 2,
          activeTasks: [{ subtopologyId: '0', partitions: [0, 1], assignmentEpochs: [E, E] }],
          standbyTasks: [],
          warmupTasks: [],
          activeTasksPendingRevocation: [],
          standbyTasksPendingRevocation: [],
          warmupTasksPendingRevocation: [],
        },
      },
    ]);
    expect(fired[0]!.narration.join(' ')).toMatch(/did not release 0_2, 0_3 \(active\) within its rebalance timeout \(20000 ms\).*not fenced/);
    expect(h.view('A')).toMatchObject({ memberEpoch: E, state: 'UNREVOKED_TASKS', active: { 0: [0, 1] }, pendingActive: {} });
    expect(h.group!.groupEpoch).toBe(before);
    // no new rebalance timer; the session timer is the one A's last heartbeat set
    expect(h.rebalanceDeadline('A')).toBeNull();
    expect(h.sessionDeadline('A')).toBe(45000);
  });

  it('the released tasks are granted to B at its next heartbeat', () => {
    const { h, E } = revoking('E-release-on-timeout');
    h.advance(TIMEOUT);
    const b = h.beat('B', E + 1, { active: {} });
    expect(b.res.activeTasks).toEqual([{ subtopologyId: '0', partitions: [2, 3] }]);
    expect(h.view('B')).toMatchObject({ memberEpoch: E + 1, state: 'STABLE', active: { 0: [2, 3] } });
  });

  it("A's next heartbeat (nothing reported) is not fenced: it moves to the target epoch and gets its whole assignment", () => {
    const { h, E } = revoking('E-release-on-timeout');
    h.advance(TIMEOUT);
    const a = h.beat('A', E, null);
    expect(a.error).toBe('NONE');
    expect(a.res).toMatchObject({ memberEpoch: E + 1, activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }], standbyTasks: [], warmupTasks: [] });
    expect(shape(a.records)).toEqual(['StreamsGroupCurrentMemberAssignment:A']);
    expect(h.view('A')).toMatchObject({ memberEpoch: E + 1, previousMemberEpoch: E, state: 'STABLE', pendingActive: {} });
    // the one after that is an ordinary heartbeat again (lists null)
    expect(h.beat('A', E + 1, null).res.activeTasks).toBeNull();
  });

  it('a report that still names the released tasks does not hold A back either', () => {
    const { h, E } = revoking('E-release-on-timeout');
    h.advance(TIMEOUT);
    const a = h.beat('A', E, { active: { 0: [0, 1, 2, 3] } });
    expect(a.error).toBe('NONE');
    expect(h.view('A')).toMatchObject({ memberEpoch: E + 1, state: 'STABLE', active: { 0: [0, 1] } });
  });

  it("the cost: until its next heartbeat A's epoch is valid, so its late OffsetCommit for a released task is accepted (current: UNKNOWN_MEMBER_ID)", () => {
    for (const variant of ['current', 'E-release-on-timeout'] as Variant[]) {
      const { h, E } = revoking(variant);
      h.advance(TIMEOUT);
      const commit = h.broker.send(
        'OffsetCommit',
        9,
        { groupId: 'g', memberId: 'A', generationIdOrMemberEpoch: E, topics: [{ name: 'in0', partitions: [{ partitionIndex: 2, committedOffset: 7 }] }] },
        { clientId: 'c', clientHost: '/127.0.0.1' },
      );
      expect(commit.errorName, variant).toBe(variant === 'current' ? 'UNKNOWN_MEMBER_ID' : 'NONE');
    }
  });

  it('a member that released in time is untouched by the timer (as today)', () => {
    const { h, E } = revoking('E-release-on-timeout');
    h.beat('A', E, { active: { 0: [0, 1] } });
    const fired = h.advance(TIMEOUT);
    expect(recordsOf(fired)).toEqual([]);
    expect(h.view('A')).toMatchObject({ memberEpoch: E + 1, state: 'STABLE' });
  });

  it('the release is durable: after a failover the reloaded timer finds nothing to release and A still moves on', () => {
    const { h, E } = revoking('E-release-on-timeout');
    h.advance(TIMEOUT);
    const live = h.broker.coordinator;
    expect(durabilityReport(live, new Coordinator(live.options, live.log.clone(), live.now)).diff).toEqual([]);
    h.failover();
    expect(h.view('A')).toMatchObject({ memberEpoch: E, state: 'UNREVOKED_TASKS', pendingActive: {} });
    // loading schedules a rebalance timer for every UNREVOKED_TASKS member; for A it has nothing left to do
    const fired = h.advance(TIMEOUT);
    expect(recordsOf(fired)).toEqual([]);
    expect(fired.map((f) => f.effect)).toContain("nothing (A's revoked tasks were already released)");
    const a = h.beat('A', E, null);
    expect(a.res).toMatchObject({ memberEpoch: E + 1, activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
  });
});
