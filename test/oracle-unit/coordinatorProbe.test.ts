// CoordinatorProbe (src/cli/kafka/coordinatorProbe.ts) against a fake coordinator whose shards see a change only some
// requests after it was made, as Kafka's do: the broker answers CreatePartitions, DeleteTopics and
// IncrementalAlterConfigs before each __consumer_offsets shard handles its "UpdateImage" event
// (CoordinatorRuntime.onMetadataUpdate queues it behind the requests already waiting) or before the
// GroupConfigManager has the new config. The probe must wait for the change on every watched shard, and never sleep.
import { describe, expect, it } from 'vitest';
import { CoordinatorProbe, type ProbePeer } from '../../src/cli/kafka/coordinatorProbe.ts';
import { offsetsPartitionOf } from '../../src/core/oracle/offsetsPartition.ts';
import { RunNames } from '../../src/core/oracle/names.ts';

type Obj = Record<string, unknown>;

interface Pending {
  /** Requests each shard still handles before it applies the change. */
  left: Map<number, number>;
  apply: (shard: number) => void;
}

/** A coordinator with `partitions` shards, each with its own view of the topics; configs are global (GroupConfigManager). */
class FakeCoordinator implements ProbePeer {
  readonly images = new Map<number, Map<string, number>>();
  readonly configs = new Map<string, string>();
  readonly log: { shard: number; groupId: string; request: Obj; response: Obj }[] = [];
  readonly calls: string[] = [];
  private readonly pending: Pending[] = [];
  private readonly topologies = new Map<string, string[]>();

  constructor(
    readonly partitions: number,
    /** Requests a shard handles between a change and its UpdateImage (or the config's arrival). */
    readonly lag: number,
  ) {
    for (let p = 0; p < partitions; p++) this.images.set(p, new Map());
  }

  /** A topic change the broker has answered but the shards have not seen yet. */
  change(apply: (image: Map<string, number>) => void): void {
    const left = new Map([...this.images.keys()].map((p) => [p, this.lag]));
    this.pending.push({ left, apply: (shard) => apply(this.images.get(shard)!) });
  }

  private tick(shard: number): void {
    for (const p of this.pending) {
      const n = p.left.get(shard);
      if (n === undefined) continue;
      if (n === 0) {
        p.apply(shard);
        p.left.delete(shard);
      } else p.left.set(shard, n - 1);
    }
  }

  async streamsGroup(_api: 'StreamsGroupHeartbeat', _version: number, request: Obj): Promise<Obj> {
    const groupId = request.groupId as string;
    const shard = offsetsPartitionOf(groupId, this.partitions);
    this.tick(shard);
    const image = this.images.get(shard)!;
    let response: Obj;
    if (request.memberEpoch === 0) {
      const topics = ((request.topology as { subtopologies: { sourceTopics: string[] }[] }).subtopologies ?? []).map((s) => s.sourceTopics[0]!);
      this.topologies.set(groupId, topics);
      const missing = topics.some((t) => !image.has(t));
      response = {
        errorCode: 0,
        errorMessage: null,
        memberEpoch: 1,
        heartbeatIntervalMs: Number(this.configs.get(groupId) ?? 5000),
        status: missing ? [{ statusCode: 1, statusDetail: 'missing' }] : [],
      };
    } else if (request.memberEpoch === -1) {
      response = { errorCode: 0, errorMessage: null, memberEpoch: -1, status: [] };
    } else {
      const topics = this.topologies.get(groupId)!;
      const bad = (request.activeTasks as { subtopologyId: string; partitions: number[] }[]).find((t) => t.partitions.some((p) => p >= (image.get(topics[Number(t.subtopologyId)]!) ?? 0)));
      response = bad
        ? { errorCode: 42, errorMessage: `Task ${bad.partitions[0]} for subtopology ${bad.subtopologyId} is invalid.`, memberEpoch: 0, status: [] }
        : { errorCode: 0, errorMessage: null, memberEpoch: request.memberEpoch, status: [] };
    }
    this.log.push({ shard, groupId, request, response });
    this.calls.push(`heartbeat ${groupId} ${String(request.memberEpoch)}`);
    return response;
  }

  async createTopics(topics: { name: string; partitions: number }[]) {
    this.calls.push(`create ${topics.map((t) => t.name).join(',')}`);
    this.change((image) => {
      for (const t of topics) image.set(t.name, t.partitions);
    });
    return topics.map((t) => ({ name: t.name, errorCode: 0, errorMessage: null }));
  }

  async alterGroupConfigs(groupIds: readonly string[], configs: Record<string, string>) {
    this.calls.push(`alter ${groupIds.join(',')}`);
    // the config arrives after `lag` requests to any shard
    const left = new Map([...this.images.keys()].map((p) => [p, this.lag]));
    this.pending.push({
      left,
      apply: () => {
        for (const g of groupIds) this.configs.set(g, configs['streams.heartbeat.interval.ms']!);
        for (const p of this.pending.filter((x) => x.left === left)) p.left.clear();
      },
    });
    return { groupId: groupIds[0]!, errorCode: 0, errorMessage: null };
  }
}

const fast = { timeoutMs: 5000, backoff: { firstMs: 0, maxMs: 0 } };
/** Two groups of a run that live on different shards of a 5-partition __consumer_offsets. */
const runGroups = (partitions: number): string[] => {
  const out: string[] = [];
  for (let i = 0; out.length < 2; i++) {
    const g = `g${i}.sgp-1`;
    if (out.every((o) => offsetsPartitionOf(o, partitions) !== offsetsPartitionOf(g, partitions))) out.push(g);
  }
  return out;
};

describe('the __consumer_offsets partition of a group', () => {
  it('is Utils.abs(hashCode) % partitions, with Integer.MIN_VALUE mapped to 0', () => {
    // "polygenelubricants".hashCode() is Integer.MIN_VALUE; Math.abs would give 2^31, whose remainder by 50 is 48
    expect(offsetsPartitionOf('polygenelubricants', 50)).toBe(0);
    // "app".hashCode() = 96801
    expect(offsetsPartitionOf('app', 50)).toBe(96801 % 50);
  });
});

describe('CoordinatorProbe', () => {
  it('confirms a partition increase only once the shard sees the new highest partition (INVALID_REQUEST until then)', async () => {
    const fake = new FakeCoordinator(1, 0);
    const probe = new CoordinatorProbe(fake, 'sgp-1', fast);
    probe.watch(['app.sgp-1'], 1);
    await fake.createTopics([{ name: 'sgp-1.orders', partitions: 2 }]);
    await probe.topicsVisible([{ name: 'sgp-1.orders', partitions: 2 }]);
    const before = fake.log.length;
    // the broker has answered CreatePartitions; the shard applies it 7 requests later
    (fake as { lag: number }).lag = 7;
    fake.change((image) => image.set('sgp-1.orders', 3));
    await probe.topicsVisible([{ name: 'sgp-1.orders', partitions: 3 }]);
    const owned = fake.log.slice(before).filter((x) => x.request.activeTasks !== null && x.request.memberEpoch !== -1 && x.request.memberEpoch !== 0);
    expect(owned.map((x) => x.request.activeTasks)).toEqual(owned.map(() => [{ subtopologyId: '0', partitions: [2] }]));
    expect(owned.map((x) => x.response.errorCode)).toEqual([42, 42, 0]);
    // the shard now has the change: the run's next heartbeat sees 3 partitions
    expect(fake.images.get(0)!.get('sgp-1.orders')).toBe(3);
    // each attempt joins a fresh group and leaves it
    const joins = fake.log
      .slice(before)
      .filter((x) => x.request.memberEpoch === 0)
      .map((x) => x.groupId);
    const leaves = fake.log
      .slice(before)
      .filter((x) => x.request.memberEpoch === -1)
      .map((x) => x.groupId);
    expect(new Set(joins).size).toBe(3);
    expect(leaves).toEqual(joins);
  });

  it('probes every shard that holds one of the run groups, with probe groups on that shard and never taken for run groups', async () => {
    const partitions = 5;
    const groups = runGroups(partitions);
    const fake = new FakeCoordinator(partitions, 3);
    const probe = new CoordinatorProbe(fake, 'sgp-1', fast);
    probe.watch(groups, partitions);
    await fake.createTopics([{ name: 'sgp-1.orders', partitions: 4 }]);
    await probe.topicsVisible([{ name: 'sgp-1.orders', partitions: 4 }]);
    const shards = groups.map((g) => offsetsPartitionOf(g, partitions));
    for (const s of shards) expect(fake.images.get(s)!.get('sgp-1.orders')).toBe(4);
    expect(new Set(fake.log.map((x) => x.shard))).toEqual(new Set(shards));
    const names = new RunNames('sgp-1');
    expect(fake.log.every((x) => !names.isRunGroup(x.groupId))).toBe(true);
  });

  it('confirms a deletion by MISSING_SOURCE_TOPICS, then a marker topic created after it, so the tombstones are written', async () => {
    const fake = new FakeCoordinator(1, 0);
    const probe = new CoordinatorProbe(fake, 'sgp-1', fast);
    probe.watch(['app.sgp-1'], 1);
    await fake.createTopics([{ name: 'sgp-1.orders', partitions: 1 }]);
    await probe.topicsVisible([{ name: 'sgp-1.orders', partitions: 1 }]);
    (fake as { lag: number }).lag = 4;
    fake.change((image) => image.delete('sgp-1.orders'));
    fake.calls.length = 0;
    await probe.deletionApplied(['sgp-1.orders']);
    const create = fake.calls.indexOf('create sgp-1-marker1');
    expect(create).toBeGreaterThan(0);
    // the marker is created only after a probe saw the topic gone, and confirmed after that
    const joinsBefore = fake.log.filter(
      (x) => x.request.memberEpoch === 0 && (x.request.topology as { subtopologies: { sourceTopics: string[] }[] }).subtopologies[0]?.sourceTopics[0] === 'sgp-1.orders',
    );
    expect(joinsBefore.at(-1)!.response.status).toEqual([{ statusCode: 1, statusDetail: 'missing' }]);
    expect(joinsBefore.slice(0, -1).every((x) => (x.response.status as unknown[]).length === 0)).toBe(true);
    expect(fake.images.get(0)!.get('sgp-1-marker1')).toBe(1);
    expect(fake.calls.slice(create + 1).some((c) => c.startsWith('heartbeat'))).toBe(true);
  });

  it('waits until a marker group config set after the run groups reaches the coordinator', async () => {
    const fake = new FakeCoordinator(1, 5);
    const probe = new CoordinatorProbe(fake, 'sgp-1', fast);
    probe.watch(['app.sgp-1'], 1);
    await fake.alterGroupConfigs(['app.sgp-1'], { 'streams.heartbeat.interval.ms': '100' });
    await probe.groupConfigsApplied();
    expect(fake.configs.get('app.sgp-1')).toBe('100');
    const joins = fake.log.filter((x) => x.request.memberEpoch === 0);
    expect(joins.length).toBeGreaterThan(1);
    expect(joins.at(-1)!.response.heartbeatIntervalMs).toBe(5001);
    expect(joins.slice(0, -1).every((x) => x.response.heartbeatIntervalMs === 5000)).toBe(true);
  });

  it('fails with the last answer when the coordinator never sees the change', async () => {
    const fake = new FakeCoordinator(1, 0);
    const probe = new CoordinatorProbe(fake, 'sgp-1', { timeoutMs: 30, backoff: { firstMs: 5, maxMs: 5 } });
    probe.watch(['app.sgp-1'], 1);
    await fake.createTopics([{ name: 'sgp-1.orders', partitions: 1 }]);
    await expect(probe.topicsVisible([{ name: 'sgp-1.orders', partitions: 2 }])).rejects.toThrow(
      /sgp-1\.orders \(2 partitions\): not within 30 ms \(last answer: Task 1 for subtopology 0 is invalid\.\)/,
    );
  });
});
