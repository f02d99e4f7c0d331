// TopicConfigurationException: a topic-configuration problem that makes the configured topology
// not ready (reported as a heartbeat status, not an error).
import type { TopicConfigurationProblem } from '../model/topology.ts';
import { STATUS } from '../protocol/messages.ts';

export class TopicConfigurationFailure extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
  toProblem(): TopicConfigurationProblem {
    return { statusCode: this.statusCode, detail: this.message };
  }
}

export const missingSourceTopics = (m: string) => new TopicConfigurationFailure(STATUS.MISSING_SOURCE_TOPICS, m);
export const incorrectlyPartitionedTopics = (m: string) => new TopicConfigurationFailure(STATUS.INCORRECTLY_PARTITIONED_TOPICS, m);
export const missingInternalTopics = (m: string) => new TopicConfigurationFailure(STATUS.MISSING_INTERNAL_TOPICS, m);

/**
 * Summary of topic names for status details ([4.4] InternalTopicManager): at most 3 names joined by ", ",
 * then " and N additional topics"; "<none>" when empty.
 */
export function summarizeTopics(topics: readonly string[]): string {
  if (topics.length === 0) return '<none>';
  const shown = topics.slice(0, 3).join(', ');
  return topics.length > 3 ? `${shown} and ${topics.length - 3} additional topics` : shown;
}
