// Metadata hash of a streams group ([4.4] §4.4 step 6): computed over the required topics present in the
// cluster (source, repartition source and changelog topics).
import type { StreamsTopology, TopicsImage } from '../model/topology.ts';
import { slot } from '../util/slot.ts';

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
  const h = new TwoLanes();
  let any = false;
  for (const name of requiredTopicsOf(topology)) {
    const partitions = topics.get(name);
    if (partitions === undefined) continue;
    any = true;
    for (let i = 0; i < name.length; i++) h.mix(name.charCodeAt(i));
    h.mix(0xffff0000); // separator: name end
    h.mix(partitions | 0);
  }
  if (!any) return 0;
  const value = (h.hi & 0x1fffff) * 0x100000000 + (h.lo >>> 0);
  return value === 0 ? 1 : value;
}

class TwoLanes {
  lo = 0x811c9dc5 | 0;
  hi = 0x01000193 | 0;

  mix(x: number): void {
    this.lo = Math.imul(this.lo ^ x, 0x01000193);
    this.hi = Math.imul(this.hi ^ (x + 0x9e3779b9), 0x85ebca6b) ^ (this.lo >>> 13);
  }
}

/** requiredTopics, remembered per stored topology (an immutable value). */
function requiredTopicsOf(topology: StreamsTopology): readonly string[] {
  return required.get(topology) ?? required.set(topology, requiredTopics(topology));
}

const required = slot<readonly string[]>();
