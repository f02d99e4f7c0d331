// A deleted streams group takes its initial rebalance delay timer with it (Kafka 4.4.0): both DeleteGroups
// (GroupCoordinatorShard.deleteGroups) and the offsets retention check (GroupCoordinatorShard.cleanupGroupMetadata)
// delete through GroupMetadataManager.createGroupTombstoneRecordsAndCancelTimers, whose StreamsGroup.cancelTimers
// cancels "initial-rebalance-timeout-<group>". A group created again later schedules its own delay from its first join.
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

const DELAY = { 'group.streams.initial.rebalance.delay.ms': 3000, 'group.streams.assignment.interval.ms': 0, 'offsets.retention.check.interval.ms': 1000 };
const KEY = 'initial-rebalance-timeout-g';

/** A join, then a leave before the delay ends: the group is Empty and its initial rebalance delay still pending. */
function emptyGroupWithPendingDelay(): Harness {
  const h = new Harness({ config: DELAY });
  expect(h.join('A', 'pA').error).toBe('NONE');
  expect(h.broker.coordinator.timerDeadline(KEY)).toBe(3000);
  h.advance(100);
  expect(h.beat('A', -1).error).toBe('NONE');
  expect(h.state()).toBe('Empty');
  return h;
}

describe('a deleted streams group cancels its initial rebalance delay (StreamsGroup.cancelTimers)', () => {
  it('DeleteGroups', () => {
    const h = emptyGroupWithPendingDelay();
    const out = h.broker.send('DeleteGroups', 2, { groupsNames: ['g'] }, { clientId: 'admin', clientHost: '/127.0.0.1' });
    expect((out.response as { results: { errorCode: number }[] }).results[0]!.errorCode).toBe(0);
    expect(h.broker.coordinator.timerDeadline(KEY)).toBeNull();
    h.advance(200);
    expect(h.join('B', 'pB').error).toBe('NONE');
    // the new group's own delay, from B's join at 300 ms
    expect(h.broker.coordinator.timerDeadline(KEY)).toBe(3300);
  });

  it('the offsets retention check', () => {
    const h = emptyGroupWithPendingDelay();
    // the retention check at 1000 ms deletes the Empty group, which has no committed offsets
    h.advance(900);
    expect(h.group).toBeUndefined();
    expect(h.broker.coordinator.timerDeadline(KEY)).toBeNull();
  });
});
