// CopartitionedTopicsEnforcer.enforce ([4.4] §4.5 step 3): copartition groups must agree on partition counts.
import type { Subtopology } from '../protocol/messages.ts';
import { apiError } from '../protocol/errors.ts';
import { javaHashOrder, javaListString, javaSortedMapString } from './javaHash.ts';
import { incorrectlyPartitionedTopics } from './problems.ts';
import type { PartitionCountProvider } from './subtopologyOrder.ts';

/** Copartition groups resolved to topic-name sets (Java HashSet order); a bad index is an internal error. */
export function copartitionGroupsOf(s: Subtopology): string[][] {
  return s.copartitionGroups.map((g) => {
    const names: string[] = [];
    for (const i of g.sourceTopics) {
      const n = s.sourceTopics[i];
      if (n === undefined) throw new Error(`Index ${i} out of bounds for length ${s.sourceTopics.length}`);
      names.push(n);
    }
    for (const i of g.repartitionSourceTopics) {
      const t = s.repartitionSourceTopics[i];
      if (t === undefined) throw new Error(`Index ${i} out of bounds for length ${s.repartitionSourceTopics.length}`);
      names.push(t.name);
    }
    return javaHashOrder(names);
  });
}

function countOrFail(partitionCount: PartitionCountProvider, topic: string): number {
  const c = partitionCount(topic);
  if (c === undefined) throw new Error(`Number of partitions is not set for topic: ${topic}`);
  return c;
}

/**
 * Enforces one copartition group. `fixed`/`flexible` are the topology-wide repartition topic sets (Java
 * HashSet order). Returns the counts decided for the group's repartition topics.
 */
export function enforceCopartitioning(group: readonly string[], fixed: readonly string[], flexible: readonly string[], partitionCount: PartitionCountProvider): Map<string, number> {
  const result = new Map<string, number>();
  if (group.length === 0) return result;
  const fixedSet = new Set(fixed);
  const flexibleSet = new Set(flexible);
  const repartition = new Map<string, number>();
  const external = new Map<string, number>();
  for (const t of group) if (fixedSet.has(t) || flexibleSet.has(t)) repartition.set(t, countOrFail(partitionCount, t));
  for (const t of group) if (!repartition.has(t)) external.set(t, countOrFail(partitionCount, t));

  let n: number;
  if (external.size === 0) {
    if (fixed.length > 0) {
      // Quirk kept from Kafka: the topology-wide fixed set is compared, not the group's own fixed topics.
      const first = countOrFail(partitionCount, fixed[0] as string);
      for (const t of fixed) {
        if (countOrFail(partitionCount, t) !== first) {
          throw incorrectlyPartitionedTopics(`Following topics do not have the same number of partitions: [${javaSortedMapString(repartition)}]`);
        }
      }
      n = first;
    } else {
      n = 0;
      for (const c of repartition.values()) n = Math.max(n, c);
      if (n === 0) {
        throw apiError('STREAMS_INVALID_TOPOLOGY', 'All topics in the copartition group had undefined partition number: ' + javaListString(javaHashOrder(repartition.keys())));
      }
    }
  } else {
    const values = [...external.values()];
    n = values[0] as number;
    if (values.some((v) => v !== n)) {
      throw incorrectlyPartitionedTopics(`Following topics do not have the same number of partitions: [${javaSortedMapString(external)}]`);
    }
  }

  for (const [t, c] of repartition) {
    result.set(t, n);
    if (fixedSet.has(t) && c !== n) {
      throw incorrectlyPartitionedTopics(`Number of partitions [${c}] of repartition topic [${t}] doesn't match number of partitions [${n}] of the source topic.`);
    }
  }
  return result;
}
