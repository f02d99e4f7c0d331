// Which __consumer_offsets partition each `sgp oracle` run in this process uses on a broker. Kafka answers a read RPC
// (StreamsGroupDescribe, DescribeGroups, ListGroups, OffsetFetch) from a shard's state as of its last committed write
// (CoordinatorRuntime.scheduleReadOperation), whichever group wrote it; a run that shares a shard with another run
// would see its soft state committed at moments the other run decides. A lease gives a run a partition no other run
// of this process holds on the same broker until the run has cleaned up, so only the run's own writes commit there.
import { randomInt } from 'node:crypto';

/** Partitions leased, per broker ("host:port"). */
const leased = new Map<string, Set<number>>();

export interface OffsetsLease {
  readonly partition: number;
  /** Gives the partition back (idempotent). */
  release(): void;
}

/**
 * A partition of the broker's `partitions` that no run of this process holds, drawn at random among the free ones (so
 * that runs in other processes sharing a user's cluster seldom meet). Throws when every partition is held: more
 * concurrent runs than __consumer_offsets partitions.
 */
export function leaseOffsetsPartition(broker: string, partitions: number, draw: (n: number) => number = randomInt): OffsetsLease {
  let held = leased.get(broker);
  if (!held) leased.set(broker, (held = new Set()));
  const free: number[] = [];
  for (let p = 0; p < partitions; p++) if (!held.has(p)) free.push(p);
  if (free.length === 0) {
    throw new Error(
      `every one of the ${partitions} __consumer_offsets partitions of ${broker} is held by a run of this process: run fewer at once, or give the broker more partitions (offsets.topic.num.partitions)`,
    );
  }
  const partition = free[draw(free.length)]!;
  held.add(partition);
  let released = false;
  return {
    partition,
    release() {
      if (released) return;
      released = true;
      held.delete(partition);
    },
  };
}
