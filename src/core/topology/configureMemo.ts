// configureTopics is a pure function of the stored topology, the topics image and the metadata hash, and the
// coordinator recomputes it after every failover and metadata refresh: remember results per topology object
// (stored topologies are immutable values) and exact topics content. A throwing call is not remembered.
// With a scope (one run: see CurrentAssignmentInput.rememberIn), per topology content within it instead: a group that
// is created again, or replayed from its record, holds a new topology object with the same content.
import type { ConfiguredTopology, StreamsTopology, TopicsImage } from '../model/topology.ts';
import { slot } from '../util/slot.ts';
import { configureTopics, type TopicListDetail } from './configure.ts';
import type { Int64Json } from '../util/int64.ts';

const byTopology = slot<Map<string, ConfiguredTopology>>();
/** Bounds the results kept per topology (an exploration with topic changes sees few images). */
const MAX_PER_TOPOLOGY = 256;

/** Per scope: results per topology text. */
const byScope = slot<Map<string, Map<string, ConfiguredTopology>>>();
/** Bounds the topologies kept per scope. */
const MAX_TOPOLOGIES = 64;
/** A topology's content as text (JSON: its fields in order), once per topology object. */
const topologyText = slot<string>();

function resultsOf(topology: StreamsTopology, scope: object | undefined): Map<string, ConfiguredTopology> {
  if (scope === undefined) {
    let results = byTopology.get(topology);
    if (!results) byTopology.set(topology, (results = new Map()));
    return results;
  }
  let byText = byScope.get(scope);
  if (!byText) byScope.set(scope, (byText = new Map()));
  const text = topologyText.get(topology) ?? topologyText.set(topology, JSON.stringify(topology));
  let results = byText.get(text);
  if (!results) {
    if (byText.size >= MAX_TOPOLOGIES) byText.clear();
    byText.set(text, (results = new Map()));
  }
  return results;
}

export function configureTopicsMemo(topology: StreamsTopology, topics: TopicsImage, metadataHash: Int64Json, detailStyle: TopicListDetail = 'summarized', scope?: object): ConfiguredTopology {
  let key = `${detailStyle}|${metadataHash}`;
  for (const [name, partitions] of topics) key += `|${name.length}#${name}=${partitions}`;
  const results = resultsOf(topology, scope);
  const hit = results.get(key);
  if (hit !== undefined) return hit;
  const configured = configureTopics(topology, topics, metadataHash, { detailStyle });
  if (results.size >= MAX_PER_TOPOLOGY) results.clear();
  results.set(key, configured);
  return configured;
}
