// Whether a broker is up and its group coordinator has loaded every __consumer_offsets partition: FindCoordinator
// answers NONE (the broker creates the topic on the first one), and a StreamsGroupDescribe of one group id per
// partition no longer answers COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE or NOT_COORDINATOR (each shard
// loads on its own: CoordinatorRuntime.scheduleLoadOperation per partition).
import { KafkaClient, OFFSETS_TOPIC } from '../../src/cli/kafka/client.ts';
import { offsetsPartitionOf } from '../../src/core/oracle/offsetsPartition.ts';

/** Errors.COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR: the shard is not serving yet. */
const NOT_YET = new Set([14, 15, 16]);

/** One group id on each of `partitions` __consumer_offsets partitions (GroupCoordinatorService.partitionFor). */
export function groupIdPerPartition(prefix: string, partitions: number): string[] {
  const ids: (string | undefined)[] = new Array<string | undefined>(partitions).fill(undefined);
  let left = partitions;
  for (let i = 0; left > 0; i++) {
    const id = `${prefix}${i}`;
    const p = offsetsPartitionOf(id, partitions);
    if (ids[p] === undefined) {
      ids[p] = id;
      left--;
    }
  }
  return ids as string[];
}

export async function coordinatorReady(host: string, port: number): Promise<boolean> {
  let client: KafkaClient | undefined;
  try {
    client = await KafkaClient.connect(host, port, 2_000);
    const c = await client.findCoordinator('sgp-oracle-ready');
    if (c.errorCode !== 0) return false;
    const topic = (await client.metadata([OFFSETS_TOPIC])).get(OFFSETS_TOPIC);
    if (topic?.errorCode !== 0 || topic.partitions < 1) return false;
    const described = await client.streamsGroup('StreamsGroupDescribe', 0, { groupIds: groupIdPerPartition('sgp-oracle-ready-', topic.partitions), includeAuthorizedOperations: false });
    const groups = Array.isArray(described.groups) ? (described.groups as Record<string, unknown>[]) : [];
    return groups.length === topic.partitions && groups.every((g) => !NOT_YET.has(g.errorCode as number));
  } catch {
    return false;
  } finally {
    client?.close();
  }
}
