// Each concurrent `sgp oracle` run on a broker keeps its groups on a __consumer_offsets partition of its own
// (src/core/oracle/offsetsPartition.ts, src/cli/oracle/offsetsLease.ts). Kafka places a group on partition
// Utils.abs(groupId.hashCode()) % offsets.topic.num.partitions (GroupCoordinatorService.partitionFor) and answers a
// read from that shard's last committed write (CoordinatorRuntime.scheduleReadOperation), so a run that shares no
// shard reads what its own writes committed, as on an idle broker.
import { describe, expect, it } from 'vitest';
import { groupIdOnPartition, inRequestOrder, offsetsPartitionOf } from '../../src/core/oracle/offsetsPartition.ts';
import { hashNeutralRunId, RunNames } from '../../src/core/oracle/names.ts';
import { javaStringHashCode } from '../../src/core/topology/javaHash.ts';
import { leaseOffsetsPartition } from '../../src/cli/oracle/offsetsLease.ts';
import { groupIdPerPartition } from '../../oracle/harness/ready.ts';

const RUN = hashNeutralRunId('0badcafe') ?? hashNeutralRunId('12345678')!;

describe('GroupCoordinatorService.partitionFor', () => {
  it('is Utils.abs(groupId.hashCode()) % partitions, Integer.MIN_VALUE mapping to 0', () => {
    expect(offsetsPartitionOf('polygenelubricants', 8)).toBe(0);
    // "app".hashCode() = 96801; a negative hash code counts by its absolute value
    expect(offsetsPartitionOf('app', 8)).toBe(96801 % 8);
    const negative = 'zzzzzzzzzz';
    expect(javaStringHashCode(negative)).toBeLessThan(0);
    expect(offsetsPartitionOf(negative, 7)).toBe(Math.abs(javaStringHashCode(negative)) % 7);
  });
});

describe('a group id on a chosen partition', () => {
  it('tags the group with the first ".gN" that Kafka maps to the partition', () => {
    for (let partition = 0; partition < 8; partition++) {
      const id = groupIdOnPartition('app', `.${RUN}`, { partitions: 8, partition });
      expect(id).toMatch(new RegExp(`^app\\.g\\d+\\.${RUN}$`));
      expect(offsetsPartitionOf(id, 8)).toBe(partition);
      const n = Number(/\.g(\d+)\./.exec(id)![1]);
      for (let m = 0; m < n; m++) expect(offsetsPartitionOf(`app.g${m}.${RUN}`, 8)).not.toBe(partition);
    }
  });

  it('keeps the plain name on a one-partition broker, and refuses a partition the broker does not have', () => {
    expect(groupIdOnPartition('app', `.${RUN}`, { partitions: 1, partition: 0 })).toBe(`app.${RUN}`);
    expect(() => groupIdOnPartition('app', `.${RUN}`, { partitions: 8, partition: 8 })).toThrow(/partition 8 is not one of __consumer_offsets' 8/);
  });

  it('without a tag every run would put a group on the same partition: a hash-neutral run id adds the same to every hash code', () => {
    const other = hashNeutralRunId('deadbeef') ?? hashNeutralRunId('87654321')!;
    expect(offsetsPartitionOf(`app.${RUN}`, 8)).toBe(offsetsPartitionOf(`app.${other}`, 8));
  });
});

describe('run-scoped names on a partition of the run', () => {
  it('puts every group of the run on its partition, keeps topic names hash-neutral and maps every name back', () => {
    const names = new RunNames(RUN, { partitions: 8, partition: 5 });
    const groups = ['app', 'audit', 'app.g0', 'x'].map((g) => names.group(g));
    expect(groups.every((g) => offsetsPartitionOf(g, 8) === 5)).toBe(true);
    expect(new Set(groups).size).toBe(4);
    expect(names.group('app')).toBe(groups[0]);
    expect(names.groups).toEqual(groups);
    expect(groups.every((g) => names.isRunGroup(g))).toBe(true);
    // the topic prefix is untouched: "<run>.<topic>" has the Java hash code of "<topic>"
    expect(javaStringHashCode(names.topic('orders'))).toBe(javaStringHashCode('orders'));
    expect(names.inbound({ groupId: groups[2], message: `Group ${groups[0]} and ${groups[1]} read ${RUN}.orders` })).toEqual({
      groupId: 'app.g0',
      message: 'Group app and audit read orders',
    });
    expect(names.outbound('DescribeGroups', { groups: ['audit', 'x'] })).toEqual({ groups: [groups[1], groups[3]] });
  });
});

describe('leases of __consumer_offsets partitions', () => {
  it('never give one partition of a broker to two runs at once, and take it back on release', () => {
    const broker = 'lease-test:9092';
    const leases = Array.from({ length: 4 }, () => leaseOffsetsPartition(broker, 4));
    expect(new Set(leases.map((l) => l.partition))).toEqual(new Set([0, 1, 2, 3]));
    expect(() => leaseOffsetsPartition(broker, 4)).toThrow(/every one of the 4 __consumer_offsets partitions of lease-test:9092 is held/);
    // another broker has its own partitions
    const elsewhere = leaseOffsetsPartition('other:9092', 4);
    leases[2]!.release();
    leases[2]!.release();
    expect(leaseOffsetsPartition(broker, 4).partition).toBe(leases[2]!.partition);
    elsewhere.release();
  });

  it('draws among the free partitions only', () => {
    const broker = 'draw-test:9092';
    const first = leaseOffsetsPartition(broker, 3, () => 0);
    const second = leaseOffsetsPartition(broker, 3, () => 0);
    const third = leaseOffsetsPartition(broker, 3, (n) => n - 1);
    expect([first.partition, second.partition, third.partition]).toEqual([0, 1, 2]);
  });
});

describe('a DescribeGroups answer in request order', () => {
  it("puts the broker's partition-by-partition answer (GroupCoordinatorService.describeGroups) back in request order, duplicates included", () => {
    const g = (groupId: string, errorCode = 0) => ({ groupId, errorCode });
    // Kafka answered partition 0 (the empty id) first, then the run's partition
    expect(inRequestOrder(['app', '', 'app'], [g('', 69), g('app'), g('app')])).toEqual([g('app'), g('', 69), g('app')]);
    expect(inRequestOrder(['', 'app'], [g('app'), g('', 69)])).toEqual([g('', 69), g('app')]);
    // an entry no requested id names keeps its place at the end
    expect(inRequestOrder(['app'], [g('other'), g('app')])).toEqual([g('app'), g('other')]);
  });
});

describe("the bundled broker's readiness", () => {
  it('describes one group id on each __consumer_offsets partition, so that every shard must have loaded', () => {
    const ids = groupIdPerPartition('sgp-oracle-ready-', 8);
    expect(ids.map((id) => offsetsPartitionOf(id, 8))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(groupIdPerPartition('x', 1)).toEqual(['x0']);
  });
});
