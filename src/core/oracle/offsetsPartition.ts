// Where Kafka keeps a group: the __consumer_offsets partition whose coordinator shard owns it. `sgp oracle` gives each
// concurrent run on a broker a partition of its own (every group of the run lives there, and no other run's), so a
// read RPC answers from the state this run's own writes committed, as on an idle broker.
import { stringHashCode } from '../util/java.ts';

const INT_MIN = -2147483648;

/**
 * The __consumer_offsets partition of a group: Utils.abs(groupId.hashCode()) % partitions
 * (GroupCoordinatorService.partitionFor; Utils.abs maps Integer.MIN_VALUE to 0).
 */
export function offsetsPartitionOf(groupId: string, partitions: number): number {
  const h = stringHashCode(groupId);
  return (h === INT_MIN ? 0 : Math.abs(h)) % partitions;
}

/** Where a run's groups live: `partition` of the broker's `partitions` __consumer_offsets partitions. */
export interface OffsetsPlacement {
  partitions: number;
  partition: number;
}

/** Tags tried per group before giving up; each lands on a given partition with probability 1/partitions. */
const TAG_BUDGET = 1_000_000;

/**
 * The first of `${head}.g0${tail}`, `${head}.g1${tail}`, … that lives on the placement's partition and is not `taken`
 * (a group id whose hash code Kafka maps there: GroupCoordinatorService.partitionFor). With one partition, `${head}${tail}`.
 */
export function groupIdOnPartition(head: string, tail: string, placement: OffsetsPlacement, taken: (id: string) => boolean = () => false): string {
  const { partitions, partition } = placement;
  if (!Number.isInteger(partitions) || partitions < 1) throw new Error(`__consumer_offsets has 1 or more partitions, not ${partitions}`);
  if (!Number.isInteger(partition) || partition < 0 || partition >= partitions) throw new Error(`partition ${partition} is not one of __consumer_offsets' ${partitions}`);
  if (partitions === 1 && !taken(`${head}${tail}`)) return `${head}${tail}`;
  for (let n = 0; n < TAG_BUDGET; n++) {
    const id = `${head}.g${n}${tail}`;
    if (offsetsPartitionOf(id, partitions) === partition && !taken(id)) return id;
  }
  throw new Error(`no group id "${head}.gN${tail}" lives on __consumer_offsets partition ${partition} of ${partitions}`);
}

type Obj = Record<string, unknown>;

/**
 * A DescribeGroups answer in the order a one-partition broker gives it: the requested ids' entries in request order.
 * Kafka answers DescribeGroups partition by partition (GroupCoordinatorService.describeGroups collects the ids in a
 * HashMap keyed by __consumer_offsets partition, then each partition's ids in request order), so on a broker where a run
 * keeps its groups on a partition of its own, an id the run leaves as it is (the empty id, on partition 0) can come
 * before or after them whatever the request's order. The simulator, like the one-partition broker, keeps one log.
 * `requested`: the ids as the broker got them; entries not matched keep their place at the end.
 */
export function inRequestOrder(requested: readonly string[], described: readonly Obj[]): Obj[] {
  const left = [...described];
  const out: Obj[] = [];
  for (const id of requested) {
    const i = left.findIndex((g) => g.groupId === id);
    if (i >= 0) out.push(left.splice(i, 1)[0]!);
  }
  return out.concat(left);
}
