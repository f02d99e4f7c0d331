// InternalTopicManager.configureTopics ([4.4] §4.4 step 6, §4.5): derive the configured topology from the
// stored topology and the cluster's topics.
import type { ConfiguredSubtopology, ConfiguredTopology, CreatableTopic, StreamsTopology, TopicsImage } from '../model/topology.ts';
import type { Subtopology, TopicInfo } from '../protocol/messages.ts';
import { setupChangelogTopics } from './changelogTopics.ts';
import { copartitionGroupsOf, enforceCopartitioning } from './copartition.ts';
import { javaHashOrder, javaListString } from './javaHash.ts';
import { incorrectlyPartitionedTopics, missingInternalTopics, missingSourceTopics, summarizeTopics, TopicConfigurationFailure } from './problems.ts';
import { setupRepartitionTopics } from './repartitionTopics.ts';
import { partitionCountProvider, subtopologiesInMapOrder } from './subtopologyOrder.ts';
import type { Int64Json } from '../util/int64.ts';

/** How a status detail lists topics (see ConfigureOptions.detailStyle). */
export type TopicListDetail = 'summarized' | 'full';

export interface ConfigureOptions {
  /**
   * 'summarized' (default, 4.2+ InternalTopicManager.summarizeTopics): topic lists of 3 names + "and N additional
   * topics"; 'full' ([4.1]): every name, the missing internal topics as a Java set's toString ("[a, b]").
   */
  readonly detailStyle?: TopicListDetail;
}

/**
 * Throws ApiError STREAMS_INVALID_TOPOLOGY for invalid topologies and a plain Error for Kafka's internal
 * errors (UNKNOWN_SERVER_ERROR); topic-configuration problems become `problem` (status 1/2/3).
 */
export function configureTopics(topology: StreamsTopology, topics: TopicsImage, metadataHash: Int64Json, options: ConfigureOptions = {}): ConfiguredTopology {
  const style = options.detailStyle ?? 'summarized';
  const subtopologies = subtopologiesInMapOrder(topology);
  const copartitionGroups = subtopologies.map(copartitionGroupsOf);
  try {
    throwOnMissingSourceTopics(subtopologies, topics, style);
    const decided = decidePartitionCounts(subtopologies, copartitionGroups, topics);
    const configured = [...topology.subtopologies].sort((a, b) => compareStrings(a.subtopologyId, b.subtopologyId)).map((s) => configureSubtopology(s, topics, decided));
    const toCreate = missingInternalTopicsOf(configured, subtopologies, topology.subtopologies, topics);
    const remaining = toCreate.order;
    const problem =
      remaining.length === 0 ? null : missingInternalTopics('Internal topics are missing: ' + (style === 'summarized' ? summarizeTopics(remaining) : javaListString(remaining))).toProblem();
    return {
      topologyEpoch: topology.epoch,
      metadataHash,
      subtopologies: configured,
      internalTopicsToBeCreated: [...toCreate.topics.values()].sort((a, b) => compareStrings(a.name, b.name)),
      problem,
    };
  } catch (e) {
    if (!(e instanceof TopicConfigurationFailure)) throw e;
    return {
      topologyEpoch: topology.epoch,
      metadataHash,
      subtopologies: null,
      internalTopicsToBeCreated: [],
      problem: e.toProblem(),
    };
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// §4.5 step 1: any source topic absent from the image → status 1, names sorted.
function throwOnMissingSourceTopics(subtopologies: readonly Subtopology[], topics: TopicsImage, style: string): void {
  const missing = new Set<string>();
  for (const s of subtopologies) for (const t of s.sourceTopics) if (!topics.has(t)) missing.add(t);
  if (missing.size === 0) return;
  const sorted = [...missing].sort(compareStrings);
  throw missingSourceTopics(`Source topics ${style === 'summarized' ? summarizeTopics(sorted) : sorted.join(', ')} are missing.`);
}

// §4.5 steps 2–4: repartition counts, copartitioning, changelog counts.
function decidePartitionCounts(subtopologies: readonly Subtopology[], copartitionGroups: readonly string[][][], topics: TopicsImage): Map<string, number> {
  const decided = new Map<string, number>();
  const provider = partitionCountProvider(topics, decided);
  for (const [k, v] of setupRepartitionTopics(subtopologies, provider)) decided.set(k, v);

  const fixed = javaHashOrder(subtopologies.flatMap((s) => s.repartitionSourceTopics.filter((t) => t.partitions !== 0).map((t) => t.name)));
  const flexible = javaHashOrder(subtopologies.flatMap((s) => s.repartitionSourceTopics.filter((t) => t.partitions === 0).map((t) => t.name)));
  for (const groups of copartitionGroups) {
    for (const group of groups) {
      for (const [k, v] of enforceCopartitioning(group, fixed, flexible, provider)) decided.set(k, v);
    }
  }

  for (const [k, v] of setupChangelogTopics(subtopologies, provider)) decided.set(k, v);
  return decided;
}

function internalTopicCount(t: TopicInfo, decided: ReadonlyMap<string, number>): number {
  if (t.partitions !== 0) return t.partitions;
  const c = decided.get(t.name);
  if (c === undefined) throw new Error(`Number of partitions must be set for topic ${t.name}`);
  return c;
}

/** Name -> count map built like Collectors.toMap: a duplicate name is an internal error. */
function internalTopicMap(list: readonly TopicInfo[], decided: ReadonlyMap<string, number>): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of list) {
    if (m.has(t.name)) throw new Error(`Duplicate key ${t.name}`);
    const keys = new Set<string>();
    for (const c of t.topicConfigs) {
      if (keys.has(c.key)) throw new Error(`Duplicate key ${c.key}`);
      keys.add(c.key);
    }
    m.set(t.name, internalTopicCount(t, decided));
  }
  return m;
}

// §4.5 step 5: numberOfTasks = max over source + repartition source topics; isStateful = has changelogs.
function configureSubtopology(s: Subtopology, topics: TopicsImage, decided: ReadonlyMap<string, number>): ConfiguredSubtopology {
  const provider = partitionCountProvider(topics, decided);
  let numberOfTasks: number | undefined;
  for (const t of [...s.sourceTopics, ...s.repartitionSourceTopics.map((r) => r.name)]) {
    const c = provider(t);
    if (c === undefined) throw new Error(`Number of partitions must be set for topic ${t}`);
    if (numberOfTasks === undefined || c > numberOfTasks) numberOfTasks = c;
  }
  if (numberOfTasks === undefined) throw new Error('Subtopology does not contain any source topics');
  const repartitionSourceTopics = internalTopicMap(s.repartitionSourceTopics, decided);
  const stateChangelogTopics = internalTopicMap(s.stateChangelogTopics, decided);
  return {
    subtopologyId: s.subtopologyId,
    numberOfTasks,
    sourceTopics: [...new Set(s.sourceTopics)],
    repartitionSinkTopics: [...new Set(s.repartitionSinkTopics)],
    repartitionSourceTopics,
    stateChangelogTopics,
    isStateful: stateChangelogTopics.size > 0,
  };
}

// §4.5 step 6: internal topics to create; existing ones must have the required count (status 2).
function missingInternalTopicsOf(
  configured: readonly ConfiguredSubtopology[],
  inMapOrder: readonly Subtopology[],
  requestOrder: readonly Subtopology[],
  topics: TopicsImage,
): { topics: Map<string, CreatableTopic>; order: string[] } {
  const toCreate = new Map<string, CreatableTopic>();
  const insertion: string[] = [];
  const byId = new Map(requestOrder.map((s) => [s.subtopologyId, s] as const));
  for (const c of configured) {
    const s = byId.get(c.subtopologyId) as Subtopology;
    const put = (list: readonly TopicInfo[], counts: ReadonlyMap<string, number>) => {
      for (const name of javaHashOrder(list.map((t) => t.name))) {
        const info = list.find((t) => t.name === name) as TopicInfo;
        insertion.push(name);
        toCreate.set(name, {
          name,
          partitions: counts.get(name) as number,
          replicationFactor: info.replicationFactor !== 0 ? info.replicationFactor : -1,
        });
      }
    };
    put(s.repartitionSourceTopics, c.repartitionSourceTopics);
    put(s.stateChangelogTopics, c.stateChangelogTopics);
  }
  const required = javaHashOrder(inMapOrder.flatMap((s) => [...s.sourceTopics, ...s.repartitionSourceTopics.map((t) => t.name), ...s.stateChangelogTopics.map((t) => t.name)]));
  const removed = new Set<string>();
  for (const topic of required) {
    const found = topics.get(topic);
    if (found === undefined) continue;
    const expected = toCreate.get(topic);
    toCreate.delete(topic);
    removed.add(topic);
    if (expected !== undefined && expected.partitions !== found) {
      throw incorrectlyPartitionedTopics(`Existing topic ${topic} has different number of partitions: expected ${expected.partitions}, found ${found}`);
    }
  }
  return { topics: toCreate, order: javaHashOrder(insertion, removed) };
}
