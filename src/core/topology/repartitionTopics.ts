// RepartitionTopics.setup ([4.4] §4.5 step 2): fixed-point derivation of repartition topic partition counts.
import type { Subtopology } from '../protocol/messages.ts';
import { apiError } from '../protocol/errors.ts';
import type { PartitionCountProvider } from './subtopologyOrder.ts';

export const REPARTITION_LOOP_MESSAGE = 'Failed to compute number of partitions for all repartition topics. There may be loops in the topology that cannot be resolved.';
export const REPARTITION_NEVER_SUNK_MESSAGE = 'Failed to compute number of partitions for all repartition topics, because a repartition source topic is never used as a sink topic.';

/** Returns name -> count for every repartition topic (fixed ones and derived sinks). Subtopologies in map order. */
export function setupRepartitionTopics(subtopologies: readonly Subtopology[], partitionCount: PartitionCountProvider): Map<string, number> {
  // Precondition of the class: every external source topic has a count (an internal error otherwise).
  const missing = new Set<string>();
  for (const s of subtopologies) {
    const repartitionNames = new Set(s.repartitionSourceTopics.map((t) => t.name));
    for (const t of s.sourceTopics) if (!repartitionNames.has(t) && partitionCount(t) === undefined) missing.add(t);
  }
  if (missing.size > 0) throw new Error(`Missing source topics: ${[...missing].join(', ')}`);

  const counts = new Map<string, number>();
  for (const s of subtopologies) for (const t of s.repartitionSourceTopics) if (t.partitions !== 0) counts.set(t.name, t.partitions);

  let needed: boolean;
  do {
    needed = false;
    let progress = false;
    for (const s of subtopologies) {
      for (const sink of s.repartitionSinkTopics) {
        if (counts.has(sink)) continue;
        const n = sinkCandidate(s, counts, partitionCount);
        if (n === undefined) needed = true;
        else {
          counts.set(sink, n);
          progress = true;
        }
      }
    }
    if (!progress && needed) throw apiError('STREAMS_INVALID_TOPOLOGY', REPARTITION_LOOP_MESSAGE);
  } while (needed);

  for (const s of subtopologies) {
    if (s.repartitionSourceTopics.some((t) => !counts.has(t.name))) {
      throw apiError('STREAMS_INVALID_TOPOLOGY', REPARTITION_NEVER_SUNK_MESSAGE);
    }
  }
  return counts;
}

/** Max over the subtopology's repartition sources known so far and its source topics' counts. */
function sinkCandidate(s: Subtopology, counts: ReadonlyMap<string, number>, partitionCount: PartitionCountProvider): number | undefined {
  let best: number | undefined;
  for (const t of s.repartitionSourceTopics) {
    const c = counts.get(t.name);
    if (c !== undefined && (best === undefined || c > best)) best = c;
  }
  for (const t of s.sourceTopics) {
    const c = partitionCount(t);
    if (c !== undefined && (best === undefined || c > best)) best = c;
  }
  return best;
}
