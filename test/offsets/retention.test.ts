// Group expiry with committed offsets (GroupCoordinatorShard.cleanupGroupMetadata): offsets expire by commit
// time for topics the group is not subscribed to; an EMPTY group is deleted once no offset is left, with its
// tombstones after the offset tombstones, in one batch.
import { describe, expect, it } from 'vitest';
import type { FiredTimer } from '../../src/core/coordinator/runtime.ts';
import { broker, commit, expectReplayEqualsLive, G, hb, join, leave, TOPOLOGY } from './helpers.ts';

const MIN = 60000;
const CHECK = 10 * MIN; // offsets.retention.check.interval.ms default
const sweeps = (fired: FiredTimer[]) => fired.filter((f) => f.timer.key === 'offsets-retention-check');
const recordsOf = (fired: FiredTimer[]) =>
  fired.flatMap((f) => f.batch?.records ?? []).map((r) => `${r.type}${r.value === null ? ' tombstone' : ''}${r.type === 'OffsetCommit' ? ` ${r.key.topic}-${r.key.partition}` : ''}`);

/** a joins, commits orders-0/1 at `at` ms, and leaves: the group is EMPTY with two offsets. */
function emptyWithOffsets(at: number, config: Record<string, number> = { 'offsets.retention.minutes': 30 }) {
  const b = broker(config);
  join(b, 'a');
  // a heartbeats every 5 s until `at`
  for (let t = 5000; t <= at; t += 5000) {
    b.advanceTo(t);
    hb(b, 'a');
  }
  expect(commit(b, 'a', 2, { orders: [0, 1] }).errorName).toBe('NONE');
  leave(b, 'a');
  expect(b.coordinator.stateOf(G)).toBe('Empty');
  return b;
}

describe('retention check', () => {
  it('an EMPTY group without offsets is deleted at the next sweep (as before)', () => {
    const b = broker();
    join(b, 'a');
    leave(b, 'a');
    const fired = sweeps(b.advance(CHECK));
    expect(fired[0]!.effect).toBe('retention check deleted app');
    expect(b.coordinator.groups.has(G)).toBe(false);
  });

  it('an EMPTY group whose offsets were committed long ago is deleted at the first sweep after retention: offset tombstones, then the group tombstones', () => {
    // retention 5 min, commit at 0: the first sweep (10 min) finds both offsets expired
    const b = emptyWithOffsets(0, { 'offsets.retention.minutes': 5 });
    const fired = sweeps(b.advance(CHECK));
    expect(fired).toHaveLength(1);
    expect(fired[0]!.effect).toBe('retention check expired 2 offset(s) and deleted app');
    expect(recordsOf(fired)).toEqual([
      'OffsetCommit tombstone orders-0',
      'OffsetCommit tombstone orders-1',
      'StreamsGroupTargetAssignmentMetadata tombstone',
      'StreamsGroupMetadata tombstone',
      'StreamsGroupTopology tombstone',
    ]);
    // one atomic batch
    expect(fired[0]!.batch!.records).toHaveLength(5);
    expect(b.coordinator.groups.has(G)).toBe(false);
    expectReplayEqualsLive(b);
  });

  it('an EMPTY group with a recent commit survives every sweep until offsets.retention.minutes has passed since the commit', () => {
    // retention 30 min, commit at 25 min: expires at 55 min; the sweeps at 30, 40 and 50 min keep the empty group, 60 deletes it
    const b = emptyWithOffsets(25 * MIN);
    const early = sweeps(b.advanceTo(50 * MIN));
    // the three idle sweeps are one entry (issue 13: idle checks are fast-forwarded)
    expect(early.map((s) => s.effect)).toEqual(['retention check: nothing expired (and 2 more checks with nothing to do, every 600000 ms until 3000000 ms)']);
    for (const s of early) {
      expect(s.batch).toBeNull();
      expect(s.narration.join(' ')).toContain('not deleted yet');
    }
    expect(b.coordinator.stateOf(G)).toBe('Empty');
    const late = sweeps(b.advanceTo(60 * MIN));
    expect(late.map((s) => s.effect)).toEqual(['retention check expired 2 offset(s) and deleted app']);
    expect(b.coordinator.groups.has(G)).toBe(false);
  });

  it('retention counts from the latest commit of each partition', () => {
    const b = emptyWithOffsets(0);
    // an admin commit (epoch -1, no members) at 25 min renews orders-1 only
    b.advanceTo(25 * MIN);
    expect(commit(b, '', -1, { orders: [1] }).errorName).toBe('NONE');
    const at30 = sweeps(b.advanceTo(30 * MIN));
    expect(recordsOf(at30)).toEqual(['OffsetCommit tombstone orders-0']);
    expect(at30[0]!.effect).toBe('retention check expired 1 offset(s)');
    expect(b.coordinator.stateOf(G)).toBe('Empty');
    const at60 = sweeps(b.advanceTo(60 * MIN));
    expect(recordsOf(at60)).toEqual(['OffsetCommit tombstone orders-1', 'StreamsGroupTargetAssignmentMetadata tombstone', 'StreamsGroupMetadata tombstone', 'StreamsGroupTopology tombstone']);
    expectReplayEqualsLive(b);
  });

  it("a non-empty group's offsets of its source and repartition source topics never expire; other topics' offsets do", () => {
    const b = broker({ 'offsets.retention.minutes': 1 });
    join(b, 'a');
    expect(commit(b, 'a', 2, { orders: [0], 'app-rep': [1], other: [0] }).errorName).toBe('NONE');
    let fired: FiredTimer[] = [];
    // keep a alive across many sweeps
    for (let t = 5000; t <= 6 * CHECK; t += 5000) {
      fired.push(...sweeps(b.advanceTo(t)));
      hb(b, 'a');
    }
    expect(fired).toHaveLength(6);
    expect(recordsOf(fired)).toEqual(['OffsetCommit tombstone other-0']);
    const offsets = b.coordinator.groups.get(G)!.offsets;
    expect(offsets.entries().map((e) => `${e.topic}-${e.partition}`)).toEqual(['app-rep-1', 'orders-0']);
    // once the group is empty it subscribes to nothing: the next sweep expires them and deletes it
    leave(b, 'a');
    fired = sweeps(b.advance(CHECK));
    expect(recordsOf(fired).slice(0, 2)).toEqual(['OffsetCommit tombstone app-rep-1', 'OffsetCommit tombstone orders-0']);
    expect(b.coordinator.groups.has(G)).toBe(false);
  });

  it('a legacy commit (v2-4 RetentionTimeMs) expires at its own expire timestamp', () => {
    const b = broker({ 'offsets.retention.minutes': 10080 });
    join(b, 'a');
    leave(b, 'a');
    const out = b.send(
      'OffsetCommit',
      2,
      { groupId: G, memberId: '', generationIdOrMemberEpoch: -1, retentionTimeMs: 60000, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] },
      { clientId: 'admin', clientHost: '/127.0.0.1' },
    );
    // OffsetCommitValue v1 (GroupCoordinatorRecordHelpers.offsetCommitValueVersion): no leaderEpoch
    expect(out.batch!.records[0]!.value).toEqual({ offset: 5, metadata: '', commitTimestamp: 0, expireTimestamp: 60000 });
    const fired = sweeps(b.advance(CHECK));
    expect(fired[0]!.effect).toBe('retention check expired 1 offset(s) and deleted app');
    expectReplayEqualsLive(b);
  });

  it('a failover keeps committed offsets (hard state): the group still survives until retention', () => {
    const b = emptyWithOffsets(25 * MIN);
    b.failover();
    expect(b.coordinator.groups.get(G)!.offsets.size).toBe(2);
    // the fresh coordinator schedules its first sweep one interval after loading
    expect(sweeps(b.advanceTo(50 * MIN)).every((s) => s.batch === null)).toBe(true);
    expect(b.coordinator.stateOf(G)).toBe('Empty');
    sweeps(b.advanceTo(70 * MIN));
    expect(b.coordinator.groups.has(G)).toBe(false);
  });
});

describe('retention check, kip1071-draft (§9.5)', () => {
  const draftJoin = (b: ReturnType<typeof broker>) =>
    b.send(
      'StreamsGroupHeartbeat',
      0,
      { groupId: G, memberId: '', memberEpoch: 0, rebalanceTimeoutMs: 300000, topologyId: 't', processId: 'p', activeTasks: [], standbyTasks: [], warmupTasks: [] },
      { clientId: 'c', clientHost: '/127.0.0.1' },
    );

  it('offsets expire regardless of group state (⚠): a group with a member loses them, but is not deleted', () => {
    const b = broker({ 'offsets.retention.minutes': 1, 'group.consumer.session.timeout.ms': 45000 }, 'kip1071-draft');
    const j = draftJoin(b);
    expect(
      b.send(
        'StreamsGroupInitialize',
        0,
        { groupId: G, topologyId: 't', topology: [TOPOLOGY.subtopologies[0]!].map((x) => ({ ...x, repartitionSinkTopics: [] })) },
        { clientId: 'c', clientHost: '/127.0.0.1' },
      ).errorName,
    ).toBe('NONE');
    expect(commit(b, j.memberId!, j.memberEpoch!, { orders: [0] }).errorName).toBe('NONE');
    const fired: FiredTimer[] = [];
    for (let t = 5000; t <= CHECK; t += 5000) {
      fired.push(...sweeps(b.advanceTo(t)));
      b.send(
        'StreamsGroupHeartbeat',
        0,
        { groupId: G, memberId: j.memberId!, memberEpoch: b.coordinator.groups.get(G)!.members.get(j.memberId!)!.memberEpoch },
        { clientId: 'c', clientHost: '/127.0.0.1' },
      );
    }
    expect(recordsOf(fired)).toEqual(['OffsetCommit tombstone orders-0']);
    expect(b.coordinator.groups.get(G)!.members.size).toBe(1);
    expectReplayEqualsLive(b);
  });
});
