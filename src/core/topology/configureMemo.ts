// configureTopics is a pure function of the stored topology, the topics image and the metadata hash, and the
// coordinator recomputes it after every failover and metadata refresh: remember results per topology object
// (stored topologies are immutable values) and exact topics content. A throwing call is not remembered.
import type { ConfiguredTopology, StreamsTopology, TopicsImage } from '../model/topology.ts';
import { slot } from '../util/slot.ts';
import { configureTopics, type TopicListDetail } from './configure.ts';
import type { Int64Json } from '../util/int64.ts';

const byTopology = slot<Map<string, ConfiguredTopology>>();
/** Bounds the results kept per topology (an exploration with topic changes sees few images). */
const MAX_PER_TOPOLOGY = 256;

export function configureTopicsMemo(topology: StreamsTopology, topics: TopicsImage, metadataHash: Int64Json, detailStyle: TopicListDetail = 'summarized'): ConfiguredTopology {
  let key = `${detailStyle}|${metadataHash}`;
  for (const [name, partitions] of topics) key += `|${name.length}#${name}=${partitions}`;
  let results = byTopology.get(topology);
  const hit = results?.get(key);
  if (hit !== undefined) return hit;
  const configured = configureTopics(topology, topics, metadataHash, { detailStyle });
  if (!results) byTopology.set(topology, (results = new Map()));
  if (results.size >= MAX_PER_TOPOLOGY) results.clear();
  results.set(key, configured);
  return configured;
}
