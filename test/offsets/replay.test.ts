// Committed offsets are hard state: a coordinator loading the log rebuilds them exactly (snapshot hardState),
// and the simulated clients' commitIntervalMs writes them during run steps.
import { describe, expect, it } from 'vitest';
import { replay, type Groups } from '../../src/core/coordinator/replay.ts';
import { hardState } from '../../src/core/coordinator/snapshot.ts';
import { offsetCommitRecord, offsetCommitTombstone } from '../../src/core/offsets/records.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario } from '../../src/core/scenario/types.ts';
import { broker, commit, expectReplayEqualsLive, G, hb, join, leave, TOPOLOGY } from './helpers.ts';
import { AK4 } from '../../src/core/editions/ak4/edition.ts';

describe('OffsetCommit records and replay', () => {
  it('replay equals live after commits, recommits, expiry and group deletion', () => {
    const b = broker({ 'offsets.retention.minutes': 1 });
    join(b, 'a');
    commit(b, 'a', 2, { orders: [0, 1], 'app-rep': [0] });
    expectReplayEqualsLive(b);
    b.advance(5000);
    hb(b, 'a');
    commit(b, 'a', 2, { orders: [0] });
    expectReplayEqualsLive(b);
    expect((hardState(b.coordinator.groups)[G] as { offsets: Record<string, Record<string, { commitTimestamp: number }>> }).offsets.orders!['0']!.commitTimestamp).toBe(5000);
    leave(b, 'a');
    b.advance(600000);
    expect(b.coordinator.groups.has(G)).toBe(false);
    expectReplayEqualsLive(b);
  });

  it('a value stores the offset, a tombstone removes it, an empty topic disappears', () => {
    const groups: Groups = new Map();
    replay(groups, { type: 'StreamsGroupMetadata', key: { groupId: G }, value: { epoch: 1, metadataHash: 0 } }, AK4);
    replay(groups, offsetCommitRecord(G, 'orders', 0, { committedOffset: 7, leaderEpoch: 3, metadata: 'm', commitTimestamp: 10, expireTimestamp: null }), AK4);
    expect(groups.get(G)!.offsets.toObject()).toEqual({ orders: { '0': { committedOffset: 7, leaderEpoch: 3, metadata: 'm', commitTimestamp: 10, expireTimestamp: null } } });
    replay(groups, offsetCommitTombstone(G, 'orders', 0), AK4);
    expect(groups.get(G)!.offsets.toObject()).toEqual({});
    // a tombstone for an unknown group or offset is no error
    replay(groups, offsetCommitTombstone('nobody', 'orders', 0), AK4);
  });

  it('an offset for a group the coordinator does not know creates a simple classic group (OffsetMetadataManager.replay)', () => {
    const groups = new Map();
    replay(groups, offsetCommitRecord('nobody', 't', 0, { committedOffset: 1, leaderEpoch: -1, metadata: '', commitTimestamp: 0, expireTimestamp: null }), AK4);
    expect(groups.get('nobody')).toMatchObject({ classic: true });
    expect(groups.get('nobody')!.offsets.toObject()).toEqual({ t: { '0': { committedOffset: 1, leaderEpoch: -1, metadata: '', commitTimestamp: 0, expireTimestamp: null } } });
  });

  it('exploration clones copy the offsets', () => {
    const b = broker();
    join(b, 'a');
    commit(b, 'a', 2, { orders: [0] });
    const c = b.clone();
    commit(c, 'a', 2, { orders: [1] });
    expect(b.coordinator.groups.get(G)!.offsets.size).toBe(1);
    expect(c.coordinator.groups.get(G)!.offsets.size).toBe(2);
  });
});

describe('simulated clients: commitIntervalMs', () => {
  const scenario = (commitIntervalMs?: number): Scenario => ({
    format: 1,
    protocol: 'ak4',
    variant: 'current',
    config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0 },
    groupId: G,
    topics: [
      { name: 'orders', partitions: 2 },
      { name: 'app-rep', partitions: 2 },
    ],
    topology: TOPOLOGY,
    clients: { a: { profile: 'java', processId: 'p1', ...(commitIntervalMs !== undefined ? { commitIntervalMs } : {}) } },
    steps: [{ client: 'a', do: 'join' }, { run: { ms: 20000 } }],
  });

  it('commits the input partitions (source and repartition source) of its active tasks with its epoch, every interval', () => {
    const trace = runScenario(scenario(10000));
    const run = trace.steps[1]!;
    const commits = run.exchanges.filter((e) => e.api === 'OffsetCommit');
    expect(commits.map((e) => e.at)).toEqual([10000, 20000]);
    expect(commits.every((e) => e.errorName === 'NONE')).toBe(true);
    const req = commits[0]!.request as { generationIdOrMemberEpoch: number; topics: { name: string; partitions: { partitionIndex: number; committedOffset: number }[] }[] };
    expect(req.generationIdOrMemberEpoch).toBe(2);
    expect(req.topics.map((t) => [t.name, t.partitions.map((p) => p.partitionIndex)])).toEqual([
      ['app-rep', [0, 1]],
      ['orders', [0, 1]],
    ]);
    expect(run.records.filter((r) => r.type === 'OffsetCommit').map((r) => `${r.key.topic}-${r.key.partition}@${(r.value as { offset: number }).offset}`)).toEqual([
      'app-rep-0@100',
      'app-rep-1@100',
      'orders-0@100',
      'orders-1@100',
      'app-rep-0@200',
      'app-rep-1@200',
      'orders-0@200',
      'orders-1@200',
    ]);
    expect(run.durability?.diff ?? []).toEqual([]);
  });

  it('without the option a client never commits', () => {
    const trace = runScenario(scenario());
    expect(trace.steps.flatMap((s) => s.records).some((r) => r.type === 'OffsetCommit')).toBe(false);
  });
});
