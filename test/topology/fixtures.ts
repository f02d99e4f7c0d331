// Small builders for topology tests.
import type { StreamsTopology } from '../../src/core/model/topology.ts';
import type { Subtopology, TopicInfo } from '../../src/core/protocol/messages.ts';

export function topic(name: string, partitions = 0, replicationFactor = 0): TopicInfo {
  return { name, partitions, replicationFactor, topicConfigs: [] };
}

export function sub(id: string, parts: Partial<Omit<Subtopology, 'subtopologyId'>> = {}): Subtopology {
  return {
    subtopologyId: id,
    sourceTopics: [],
    sourceTopicRegex: [],
    stateChangelogTopics: [],
    repartitionSinkTopics: [],
    repartitionSourceTopics: [],
    copartitionGroups: [],
    ...parts,
  };
}

export function topo(...subtopologies: Subtopology[]): StreamsTopology {
  return { epoch: 3, subtopologies };
}

export function image(entries: Record<string, number>): ReadonlyMap<string, number> {
  return new Map(Object.entries(entries));
}

export function copart(sourceTopics: number[], repartitionSourceTopics: number[] = []) {
  return { sourceTopics, sourceTopicRegex: [], repartitionSourceTopics };
}

/** Runs fn and returns the thrown value (fails if nothing is thrown). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}
