// ChangelogTopics.setup ([4.4] §4.5 step 4): changelog count = max over the subtopology's source and
// repartition source topics.
import type { Subtopology } from '../protocol/messages.ts';
import { apiError } from '../protocol/errors.ts';
import type { PartitionCountProvider } from './subtopologyOrder.ts';

export function setupChangelogTopics(subtopologies: readonly Subtopology[], partitionCount: PartitionCountProvider): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of subtopologies) {
    const max = maxInputPartitions(s, partitionCount);
    if (max === undefined) throw apiError('STREAMS_INVALID_TOPOLOGY', `No source topics found for subtopology ${s.subtopologyId}`);
    for (const t of s.stateChangelogTopics) counts.set(t.name, max);
  }
  return counts;
}

/** Max count over source + repartition source topics; undefined when the subtopology has none. */
export function maxInputPartitions(s: Subtopology, partitionCount: PartitionCountProvider): number | undefined {
  let max: number | undefined;
  for (const t of [...s.sourceTopics, ...s.repartitionSourceTopics.map((r) => r.name)]) {
    const c = partitionCount(t);
    if (c === undefined) throw new Error(`No partition count for source topic ${t}`);
    if (max === undefined || c > max) max = c;
  }
  return max;
}
