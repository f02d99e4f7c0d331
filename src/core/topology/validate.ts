// Shipped checks on a request topology outside configureTopics ([4.4] §2.1, §2.3, §4.1, §4.2, §4.4 step 4).
import type { Subtopology, TopicInfo } from '../protocol/messages.ts';
import { apiError } from '../protocol/errors.ts';

type TopologyLike = { readonly epoch: number; readonly subtopologies: readonly Subtopology[] };

// §4.2 step 3 (service layer): changelog topics must not set a partition count; first offender in request order.
export function throwIfChangelogPartitionsSet(topology: TopologyLike): void {
  for (const s of topology.subtopologies) {
    for (const t of s.stateChangelogTopics) {
      if (t.partitions !== 0) {
        throw apiError('STREAMS_INVALID_TOPOLOGY', `Changelog topic ${t.name} must have an undefined partition count, but it is set to ${t.partitions}.`);
      }
    }
  }
}

// §4.2 step 2: regular expressions are rejected ([4.4] INVALID_REQUEST).
export function throwIfSourceTopicRegexUsed(topology: TopologyLike): void {
  if (topology.subtopologies.some((s) => s.sourceTopicRegex.length > 0)) {
    throw apiError('INVALID_REQUEST', 'Regular expressions for source topics are not supported yet.');
  }
}

/**
 * KafkaApis.handleStreamsGroupHeartbeat's topic list: per subtopology, sources, repartition sinks, repartition sources,
 * changelogs, then `.distinct` (each name once, where it first appears), so a name the topology repeats is named once.
 */
export function kafkaApisRequiredTopics(topology: TopologyLike): string[] {
  const out = new Set<string>();
  for (const s of topology.subtopologies) {
    for (const t of s.sourceTopics) out.add(t);
    for (const t of s.repartitionSinkTopics) out.add(t);
    for (const t of s.repartitionSourceTopics) out.add(t.name);
    for (const t of s.stateChangelogTopics) out.add(t.name);
  }
  return [...out];
}

/** Kafka's internal topics (Topic.isInternal). */
export const KAFKA_INTERNAL_TOPICS: readonly string[] = ['__consumer_offsets', '__transaction_state', '__share_group_state'];

export function isInternalTopic(name: string): boolean {
  return KAFKA_INTERNAL_TOPICS.includes(name);
}

function isValidNonInternalTopic(name: string): boolean {
  return !isInternalTopic(name) && isValidTopicName(name);
}

/** Topic.isValid: non-empty, not "." or "..", at most 249 chars, only [a-zA-Z0-9._-]. */
export function isValidTopicName(name: string): boolean {
  if (name.length === 0 || name === '.' || name === '..' || name.length > 249) return false;
  return /^[a-zA-Z0-9._-]+$/.test(name);
}

// §4.1 step 3 (KafkaApis): internal topics first, then invalid names; both STREAMS_INVALID_TOPOLOGY.
export function throwIfTopologyTopicsInvalid(topology: TopologyLike): void {
  const names = kafkaApisRequiredTopics(topology);
  // (the usual case, every name valid, is decided without building the lists)
  if (names.every(isValidNonInternalTopic)) return;
  const prohibited = names.filter(isInternalTopic);
  if (prohibited.length > 0) {
    throw apiError('STREAMS_INVALID_TOPOLOGY', `Use of Kafka internal topics ${prohibited.join(',')} in a Kafka Streams topology is prohibited.`);
  }
  const invalid = names.filter((n) => !isValidTopicName(n));
  if (invalid.length > 0) {
    throw apiError('STREAMS_INVALID_TOPOLOGY', `Topic names ${invalid.join(',')} are not valid topic names.`);
  }
}

function topicInfoEqual(a: TopicInfo, b: TopicInfo): boolean {
  return (
    a.name === b.name && a.partitions === b.partitions && a.replicationFactor === b.replicationFactor && listEqual(a.topicConfigs, b.topicConfigs, (x, y) => x.key === y.key && x.value === y.value)
  );
}

function listEqual<T>(a: readonly T[], b: readonly T[], eq: (x: T, y: T) => boolean): boolean {
  return a.length === b.length && a.every((x, i) => eq(x, b[i] as T));
}

const numbersEqual = (x: number, y: number) => x === y;
const stringsEqual = (x: string, y: string) => x === y;

function subtopologyEqual(a: Subtopology, b: Subtopology): boolean {
  return (
    a.subtopologyId === b.subtopologyId &&
    listEqual(a.sourceTopics, b.sourceTopics, stringsEqual) &&
    listEqual(a.sourceTopicRegex, b.sourceTopicRegex, stringsEqual) &&
    listEqual(a.stateChangelogTopics, b.stateChangelogTopics, topicInfoEqual) &&
    listEqual(a.repartitionSinkTopics, b.repartitionSinkTopics, stringsEqual) &&
    listEqual(a.repartitionSourceTopics, b.repartitionSourceTopics, topicInfoEqual) &&
    listEqual(
      a.copartitionGroups,
      b.copartitionGroups,
      (x, y) =>
        listEqual(x.sourceTopics, y.sourceTopics, numbersEqual) &&
        listEqual(x.sourceTopicRegex, y.sourceTopicRegex, numbersEqual) &&
        listEqual(x.repartitionSourceTopics, y.repartitionSourceTopics, numbersEqual),
    )
  );
}

/** §4.4 step 4: field-by-field equality, list order included. */
export function topologiesEqual(a: TopologyLike, b: TopologyLike): boolean {
  return a.epoch === b.epoch && listEqual(a.subtopologies, b.subtopologies, subtopologyEqual);
}

// §4.4 step 4: a different topology at the same or higher epoch.
export function throwIfTopologyUpdated(stored: TopologyLike, requested: TopologyLike): void {
  if (!topologiesEqual(stored, requested)) throw apiError('INVALID_REQUEST', 'Topology updates are not supported yet.');
}
