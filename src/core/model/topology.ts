// The group's stored topology and the configured topology derived from it and the cluster's topics.
import type { Subtopology } from '../protocol/messages.ts';
import type { Int64Json } from '../util/int64.ts';

/** StreamsTopology: what StreamsGroupTopology persists (ak4: epoch + subtopologies). */
export interface StreamsTopology {
  readonly epoch: number;
  readonly subtopologies: readonly Subtopology[];
}

/** The cluster's topics: name -> partition count. */
export type TopicsImage = ReadonlyMap<string, number>;

export interface ConfiguredSubtopology {
  readonly subtopologyId: string;
  readonly numberOfTasks: number;
  readonly sourceTopics: readonly string[];
  readonly repartitionSinkTopics: readonly string[];
  /** name -> resolved partition count */
  readonly repartitionSourceTopics: ReadonlyMap<string, number>;
  readonly stateChangelogTopics: ReadonlyMap<string, number>;
  readonly isStateful: boolean;
}

export interface CreatableTopic {
  readonly name: string;
  readonly partitions: number;
  readonly replicationFactor: number;
}

/** A topic-configuration problem reported as a heartbeat status (not an error). */
export interface TopicConfigurationProblem {
  readonly statusCode: number; // 1 MISSING_SOURCE_TOPICS, 2 INCORRECTLY_PARTITIONED_TOPICS, 3 MISSING_INTERNAL_TOPICS
  readonly detail: string;
}

/** ConfiguredTopology: ready iff no problem. `subtopologies` sorted by id when ready. */
export interface ConfiguredTopology {
  readonly topologyEpoch: number;
  readonly metadataHash: Int64Json;
  readonly subtopologies: readonly ConfiguredSubtopology[] | null;
  readonly internalTopicsToBeCreated: readonly CreatableTopic[];
  readonly problem: TopicConfigurationProblem | null;
}

export function isReady(c: ConfiguredTopology): boolean {
  return c.problem === null;
}
