// StreamsTopology.subtopologies is a Java HashMap keyed by subtopology id (Collectors.toMap over the
// record's list); the topic classes iterate it in that map's order.
import type { StreamsTopology } from '../model/topology.ts';
import type { Subtopology } from '../protocol/messages.ts';
import { javaHashOrder } from './javaHash.ts';

/** Subtopologies in Java HashMap order; duplicate ids fail like Collectors.toMap (UNKNOWN_SERVER_ERROR). */
export function subtopologiesInMapOrder(topology: StreamsTopology): Subtopology[] {
  const byId = new Map<string, Subtopology>();
  for (const s of topology.subtopologies) {
    if (byId.has(s.subtopologyId)) throw new Error(`Duplicate key ${s.subtopologyId}`);
    byId.set(s.subtopologyId, s);
  }
  return javaHashOrder(byId.keys()).map((id) => byId.get(id) as Subtopology);
}

/** A topic's partition count: the cluster's if it exists, else a count decided for an internal topic. */
export type PartitionCountProvider = (topic: string) => number | undefined;

export function partitionCountProvider(topics: ReadonlyMap<string, number>, decided: ReadonlyMap<string, number>): PartitionCountProvider {
  return (topic) => topics.get(topic) ?? decided.get(topic);
}
