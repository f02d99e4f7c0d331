// What `sgp oracle --bootstrap` will put on someone else's cluster for a plan, known before it connects: the topics
// it creates (with their partitions), an upper bound on the internal topics Kafka creates for the run's streams groups,
// the marker topics that confirm deletions, the groups and the group configs. The run refuses a plan whose partitions
// pass a cap, and says up front what it will create.
import type { OraclePlan } from './plan.ts';
import { planGroups, planTopologies } from './groups.ts';
import { maxOf } from '../util/arrays.ts';

/** Partitions a run may create on a cluster unless `--max-partitions` raises the cap. */
export const DEFAULT_MAX_PARTITIONS = 1000;

export interface TopicFootprint {
  name: string;
  partitions: number;
  /** When it is created: "at the start" or the step that creates or grows it. */
  when: string;
  /** Partitions added to a topic that exists (CreatePartitions), not a new topic. */
  grows?: boolean;
}

export interface RunFootprint {
  /** Scenario topics the run creates, and partitions its topic steps add. */
  topics: TopicFootprint[];
  /** Changelog and repartition topics Kafka creates for the run's groups, each at most this many partitions. */
  internalTopics: { name: string; partitions: number }[];
  /** One-partition topics created after each topic deletion, to confirm the coordinator has seen it. */
  markerTopics: number;
  groups: string[];
  groupConfigs: Record<string, string>;
  totalPartitions: number;
}

type Obj = Record<string, unknown>;
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter((x): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x)) : []);

/** The footprint of a plan. Internal topics without a fixed partition count are bounded by the largest topic the run can have. */
export function planFootprint(plan: OraclePlan): RunFootprint {
  const topics: TopicFootprint[] = plan.scenario.topics.map((t) => ({ name: t.name, partitions: t.partitions, when: 'at the start' }));
  const current = new Map(plan.scenario.topics.map((t) => [t.name, t.partitions]));
  let largest = maxOf(current.values(), (n) => n, 1);
  let markerTopics = 0;
  for (const s of plan.steps) {
    if (s.kind !== 'topics') continue;
    const when = `at step ${s.index + 1}`;
    for (const c of s.create) {
      topics.push({ name: c.name, partitions: c.partitions, when });
      current.set(c.name, c.partitions);
      largest = Math.max(largest, c.partitions);
    }
    for (const d of s.delete) current.delete(d);
    if (s.delete.length > 0) markerTopics++;
    for (const [name, n] of Object.entries(s.partitions)) {
      const added = n - (current.get(name) ?? 0);
      if (added > 0) topics.push({ name, partitions: added, when, grows: true });
      current.set(name, n);
      largest = Math.max(largest, n);
    }
  }
  // KafkaApis creates the internal topics the coordinator asks for (InternalTopicManager.configureTopics): a fixed
  // count, else a count derived from the source topics, never more than the largest topic
  const declared = new Set(topics.map((t) => t.name));
  const internal = new Map<string, number>();
  for (const topology of planTopologies(plan)) {
    for (const sub of objects(topology.subtopologies)) {
      for (const t of [...objects(sub.stateChangelogTopics), ...objects(sub.repartitionSourceTopics)]) {
        if (typeof t.name !== 'string' || declared.has(t.name)) continue;
        const n = typeof t.partitions === 'number' && t.partitions > 0 ? t.partitions : largest;
        internal.set(t.name, Math.max(internal.get(t.name) ?? 0, n));
      }
    }
  }
  const internalTopics = [...internal].map(([name, partitions]) => ({ name, partitions }));
  const sum = (list: readonly { partitions: number }[]) => list.reduce((a, t) => a + t.partitions, 0);
  return {
    topics,
    internalTopics,
    markerTopics,
    groups: planGroups(plan),
    groupConfigs: plan.groupConfigs,
    totalPartitions: sum(topics) + sum(internalTopics) + markerTopics,
  };
}

/** Why a footprint is refused under `maxPartitions`, or null when it fits. */
export function partitionCapReason(fp: RunFootprint, maxPartitions: number): string | null {
  if (fp.totalPartitions <= maxPartitions) return null;
  const largest = [...fp.topics, ...fp.internalTopics].sort((a, b) => b.partitions - a.partitions).slice(0, 3);
  return (
    `the run would create up to ${fp.totalPartitions} partitions on the cluster, above the cap of ${maxPartitions} ` +
    `(largest: ${largest.map((t) => `${t.name} ${t.partitions}`).join(', ')}); --max-partitions N raises the cap`
  );
}

/** The notice printed before a run on a cluster: every topic with its partitions, every group, every group config. */
export function footprintNotice(fp: RunFootprint, cluster: string): string {
  const lines = [`sgp oracle will create on ${cluster}, as run <run> (sgp- and 8 hex digits), and remove when it ends:`];
  const count = (n: number) => `${n} partition${n === 1 ? '' : 's'}`;
  const topicLine = (t: { name: string; partitions: number }) => `<run>.${t.name} (${count(t.partitions)})`;
  const change = (t: TopicFootprint) => (t.grows ? `${count(t.partitions)} more for <run>.${t.name} ${t.when}` : `${topicLine(t)} ${t.when}`);
  if (fp.topics.length > 0) lines.push(`  topics: ${fp.topics.map(change).join(', ')}`);
  if (fp.internalTopics.length > 0) lines.push(`  internal topics Kafka creates for the groups, at most: ${fp.internalTopics.map(topicLine).join(', ')}`);
  if (fp.markerTopics > 0) lines.push(`  ${fp.markerTopics} marker topic${fp.markerTopics === 1 ? '' : 's'} <run>-markerN (1 partition each), confirming deletions`);
  lines.push(`  groups: ${fp.groups.map((g) => `${g}.<run>`).join(', ')}, and probe groups <run>-probeN (no members left behind)`);
  const configs = Object.entries(fp.groupConfigs);
  lines.push(`  group configs on each group: ${configs.length > 0 ? configs.map(([k, v]) => `${k}=${v}`).join(', ') : 'none'}; streams.heartbeat.interval.ms on probe groups`);
  lines.push(`  at most ${fp.totalPartitions} partitions in all`);
  return `${lines.join('\n')}\n`;
}
