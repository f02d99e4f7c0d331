// Metadata hash of a streams group ([4.4] §4.4 step 6): computed over the required topics present in the
// cluster (source, repartition source and changelog topics).
import type { StreamsTopology, TopicsImage } from '../model/topology.ts';

/** StreamsTopology.requiredTopics: source, repartition source and changelog topic names (sorted, unique). */
export function requiredTopics(topology: StreamsTopology): string[] {
  const names = new Set<string>();
  for (const s of topology.subtopologies) {
    for (const t of s.sourceTopics) names.add(t);
    for (const t of s.repartitionSourceTopics) names.add(t.name);
    for (const t of s.stateChangelogTopics) names.add(t.name);
  }
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Stands in for Kafka's MetadataHash (which also hashes topic ids and partition racks, unavailable here):
 * a deterministic 53-bit hash over (topic name, partition count) of the required topics present in the
 * image, in sorted name order; 0 when none is present. Values differ from a real broker's.
 */
export function computeMetadataHash(topology: StreamsTopology, topics: TopicsImage): number {
  let lo = 0x811c9dc5 | 0;
  let hi = 0x01000193 | 0;
  let any = false;
  const mix = (x: number) => {
    lo = Math.imul(lo ^ x, 0x01000193);
    hi = Math.imul(hi ^ (x + 0x9e3779b9), 0x85ebca6b) ^ (lo >>> 13);
  };
  for (const name of requiredTopics(topology)) {
    const partitions = topics.get(name);
    if (partitions === undefined) continue;
    any = true;
    for (let i = 0; i < name.length; i++) mix(name.charCodeAt(i));
    mix(0xffff0000); // separator: name end
    mix(partitions | 0);
  }
  if (!any) return 0;
  const value = (hi & 0x1fffff) * 0x100000000 + (lo >>> 0);
  return value === 0 ? 1 : value;
}
