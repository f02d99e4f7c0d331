// Topics by topic id (OffsetCommit and OffsetFetch v10): the simulated cluster's ids are derived from the topic names
// (util/uuid.ts topicIdOf, the same id the OffsetCommit records carry), and resolved back like Kafka's metadata cache.
import { topicIdOf } from '../util/uuid.ts';

/** Uuid.ZERO_UUID as Kafka's JSON prints it: the default TopicId, which names no topic. */
export const ZERO_UUID = 'AAAAAAAAAAAAAAAAAAAAAA';

/** MetadataCache.getTopicName: the cluster's topic with this id, or null (the zero id and unknown ids name none). */
export function topicNameOfId(topics: Iterable<string>, id: string): string | null {
  if (id === ZERO_UUID) return null;
  for (const name of topics) if (topicIdOf(name) === id) return name;
  return null;
}

/** MetadataCache.getTopicId: the topic's id, or the zero id for a topic the cluster does not have. */
export function topicIdInCluster(topics: ReadonlyMap<string, number>, name: string): string {
  return topics.has(name) ? topicIdOf(name) : ZERO_UUID;
}

/** The cluster's topic ids for a narration: `orders = <id>, …` (or that it has no topics). */
export function clusterTopicIds(topics: Iterable<string>): string {
  const all = [...topics].map((n) => `${n} = ${topicIdOf(n)}`);
  return all.length > 0 ? `the cluster's topic ids: ${all.join(', ')}` : 'the cluster has no topics';
}
