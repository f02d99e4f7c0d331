// kip1071-draft edition: task counts (§1.3, §7.2), the Initialize internal-topic existence check (§5.4),
// and the seed's Initialize topic handling built on the draft's topic library (§5.7).
import type { CreatableTopic, TopicsImage } from '../model/topology.ts';
import type { Subtopology, TopicInfo } from '../protocol/messages.ts';
import { apiError } from '../protocol/errors.ts';
import { javaHashOrder, javaListString, javaSortedMapString } from './javaHash.ts';
import { isInternalTopic, isValidTopicName } from './validate.ts';
import { compileTopicRegex } from './topicRegex.ts';

// §7.2 TopologyMetadata.numPartitions: partition count of the FIRST source topic, -1 if absent.
export function draftNumTasks(subtopology: Subtopology, topics: TopicsImage): number {
  const first = subtopology.sourceTopics[0];
  // ⚠ branch: an empty list throws (index out of range); the coordinator maps it to UNKNOWN_SERVER_ERROR.
  if (first === undefined) throw new Error('Index 0 out of bounds for length 0');
  return topics.get(first) ?? -1;
}

/**
 * Seed ("also returned if the source topic regular expression matched no topics"): the topics a source-topic regex
 * subscribes — every existing non-internal topic whose whole name it matches (Java's Pattern.matcher(t).matches()),
 * sorted, matched in linear time (topicRegex.ts). The refusal when the text is not a regular expression, or uses a
 * construct the playground does not match (a backreference, a lookaround, ...).
 */
export function draftRegexTopics(regex: string, topics: TopicsImage): string[] | { refused: string } {
  const compiled = compileTopicRegex(regex);
  if (!compiled.ok) return { refused: compiled.kind === 'invalid' ? 'is not a valid regular expression' : `uses ${compiled.reason}, which the playground does not match` };
  return [...topics.keys()].filter((t) => !isInternalTopic(t) && compiled.matches(t)).sort();
}

function regexTopicsOrNone(regex: string, topics: TopicsImage): string[] {
  const matched = draftRegexTopics(regex, topics);
  return Array.isArray(matched) ? matched : [];
}

/** Seed: each subtopology's source topics followed by the topics its regexes match (no duplicates); unchanged without regexes. */
export function withRegexSourceTopics(subtopologies: readonly Subtopology[], topics: TopicsImage): readonly Subtopology[] {
  if (subtopologies.every((s) => s.sourceTopicRegex.length === 0)) return subtopologies;
  return subtopologies.map((s) => {
    if (s.sourceTopicRegex.length === 0) return s;
    const sources = [...s.sourceTopics];
    for (const r of s.sourceTopicRegex) for (const t of regexTopicsOrNone(r, topics)) if (!sources.includes(t)) sources.push(t);
    return { ...s, sourceTopics: sources };
  });
}

/** Seed, StreamsGroupInitialize: every regex must be valid and match a topic (STREAMS_MISSING_SOURCE_TOPICS otherwise). */
function throwIfRegexMatchesNothing(subtopologies: readonly Subtopology[], topics: TopicsImage): void {
  for (const s of subtopologies) {
    for (const r of s.sourceTopicRegex) {
      const matched = draftRegexTopics(r, topics);
      if (!Array.isArray(matched)) throw apiError('STREAMS_INVALID_TOPOLOGY', `Source topic regular expression ${r} of subtopology ${s.subtopologyId} ${matched.refused}.`);
      if (matched.length === 0) throw apiError('STREAMS_MISSING_SOURCE_TOPICS', `Source topic regular expression ${r} of subtopology ${s.subtopologyId} matched no topics.`);
    }
  }
}

// §5.4: every changelog and repartition source topic must exist; names sorted ([SIM]).
export function draftCheckInternalTopicsExist(subtopologies: readonly Subtopology[], topics: TopicsImage): void {
  const missing = new Set<string>();
  for (const s of subtopologies) {
    for (const t of [...s.stateChangelogTopics, ...s.repartitionSourceTopics]) if (!topics.has(t.name)) missing.add(t.name);
  }
  if (missing.size === 0) return;
  const names = [...missing].sort();
  throw apiError('STREAMS_INVALID_TOPOLOGY', `Internal topics ${names.join(', ')} do not exist.`);
}

export const DRAFT_REPARTITION_FAILED_MESSAGE =
  'Failed to compute number of partitions for all repartition topics, make sure all user input topics are created and all pattern subscriptions match at least one topic in the cluster';

/** ConfiguredInternalTopic of the draft library: count known if set in the record ("enforced") or decided. */
interface InternalTopic {
  readonly name: string;
  readonly enforced: boolean;
  count: number | undefined;
  readonly replicationFactor: number;
}

function toInternal(t: TopicInfo): InternalTopic {
  if (!isValidTopicName(t.name)) throw new Error(`Topic name ${t.name} is illegal`);
  if (t.partitions < 0) throw new Error(`Number of partitions must be at least 1.`);
  return { name: t.name, enforced: t.partitions !== 0, count: t.partitions !== 0 ? t.partitions : undefined, replicationFactor: t.replicationFactor };
}

/**
 * Seed behaviour of StreamsGroupInitialize ("creates all required internal topics"): the §5.7 library
 * decides every internal topic's count; returns the topics to create, or throws STREAMS_MISSING_SOURCE_TOPICS,
 * STREAMS_INVALID_TOPOLOGY or STREAMS_INCONSISTENT_INTERNAL_TOPICS (names; the caller maps them to the
 * draft's numbers). Existing internal topics with another partition count are inconsistent (seed; [SIM]
 * message borrowed from the shipped broker). Plain Errors stand for the library's internal exceptions.
 */
export function draftInitializeTopics(topologySubtopologies: readonly Subtopology[], topics: TopicsImage): { toCreate: CreatableTopic[] } {
  throwIfRegexMatchesNothing(topologySubtopologies, topics);
  const withRegexes = withRegexSourceTopics(topologySubtopologies, topics);
  const order = javaHashOrder(withRegexes.map((s) => s.subtopologyId));
  const subtopologies = order.map((id) => withRegexes.find((s) => s.subtopologyId === id) as Subtopology);
  const repartition = new Map<string, InternalTopic>();
  const changelog = new Map<string, InternalTopic>();
  for (const s of subtopologies) {
    for (const t of s.sourceTopics) if (!isValidTopicName(t)) throw new Error(`Topic name ${t} is illegal`);
    for (const t of s.repartitionSourceTopics) if (!repartition.has(t.name)) repartition.set(t.name, toInternal(t));
    for (const t of s.stateChangelogTopics) if (!changelog.has(t.name)) changelog.set(t.name, toInternal(t));
  }
  const partitionCount = (topic: string): number | undefined => topics.get(topic) ?? repartition.get(topic)?.count ?? changelog.get(topic)?.count;

  setupDraftRepartitionTopics(subtopologies, repartition, partitionCount);
  if (repartition.size > 0) {
    for (const s of subtopologies) for (const g of draftCopartitionGroups(s)) enforceDraftCopartitioning(g, repartition, partitionCount);
  }
  setupDraftChangelogTopics(subtopologies, changelog, partitionCount);

  const toCreate: CreatableTopic[] = [];
  for (const t of [...repartition.values(), ...changelog.values()]) {
    const existing = topics.get(t.name);
    if (existing === undefined) {
      if (t.count === undefined) throw new Error(`Number of partitions must be set for topic ${t.name}`);
      if (!toCreate.some((c) => c.name === t.name)) {
        toCreate.push({ name: t.name, partitions: t.count, replicationFactor: t.replicationFactor !== 0 ? t.replicationFactor : -1 });
      }
    } else if (t.count !== undefined && existing !== t.count) {
      throw apiError('STREAMS_INCONSISTENT_INTERNAL_TOPICS', `Existing topic ${t.name} has different number of partitions: expected ${t.count}, found ${existing}`);
    }
  }
  toCreate.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { toCreate };
}

// §5.7 step 1: missing external sources, then fixed-point derivation of repartition source counts.
function setupDraftRepartitionTopics(subtopologies: readonly Subtopology[], repartition: Map<string, InternalTopic>, partitionCount: (t: string) => number | undefined): void {
  const missing = new Set<string>();
  for (const s of subtopologies) {
    for (const t of s.sourceTopics) if (!repartition.has(t) && partitionCount(t) === undefined) missing.add(t);
  }
  if (missing.size > 0) {
    throw apiError('STREAMS_MISSING_SOURCE_TOPICS', `Missing source topics: ${[...missing].sort().join(', ')}`);
  }
  let needed: boolean;
  do {
    needed = false;
    let progress = false;
    for (const s of subtopologies) {
      for (const r of s.repartitionSourceTopics) {
        const topic = repartition.get(r.name) as InternalTopic;
        if (topic.count !== undefined) continue;
        let best: number | undefined;
        for (const upstream of subtopologies) {
          if (!upstream.repartitionSinkTopics.includes(r.name)) continue;
          for (const src of upstream.sourceTopics) {
            const c = repartition.has(src) ? repartition.get(src)?.count : partitionCount(src);
            if (c !== undefined && (best === undefined || c > best)) best = c;
          }
        }
        if (best === undefined) needed = true;
        else {
          topic.count = best;
          progress = true;
        }
      }
    }
    if (!progress && needed) throw apiError('STREAMS_MISSING_SOURCE_TOPICS', DRAFT_REPARTITION_FAILED_MESSAGE);
  } while (needed);
}

function draftCopartitionGroups(s: Subtopology): string[][] {
  return s.copartitionGroups.map((g) =>
    javaHashOrder([
      ...g.sourceTopics.map((i) => s.sourceTopics[i] ?? fail(`Index ${i} out of bounds for length ${s.sourceTopics.length}`)),
      ...g.repartitionSourceTopics.map((i) => s.repartitionSourceTopics[i]?.name ?? fail(`Index ${i} out of bounds for length ${s.repartitionSourceTopics.length}`)),
    ]),
  );
}

function fail(message: string): never {
  throw new Error(message);
}

// §5.7 step 2: CopartitionedTopicsEnforcer of the draft branch.
function enforceDraftCopartitioning(group: readonly string[], repartition: Map<string, InternalTopic>, partitionCount: (t: string) => number | undefined): void {
  if (group.length === 0) return;
  const internal = group.filter((t) => repartition.has(t)).map((t) => repartition.get(t) as InternalTopic);
  const external = new Map<string, number>();
  for (const t of group) {
    if (repartition.has(t)) continue;
    const c = partitionCount(t);
    if (c === undefined) throw apiError('STREAMS_INVALID_TOPOLOGY', `Topic not found: ${t}`);
    external.set(t, c);
  }
  const countsOf = () => new Map(internal.map((t) => [t.name, t.count ?? 0] as const));
  let n: number;
  if (external.size === 0) {
    const enforced = internal.filter((t) => t.enforced);
    if (enforced.length > 0) {
      n = enforced[0]?.count as number;
      if (enforced.some((t) => t.count !== n)) {
        throw apiError('STREAMS_INCONSISTENT_INTERNAL_TOPICS', `Following topics do not have the same number of partitions: [${javaSortedMapString(countsOf())}]`);
      }
    } else {
      n = 0;
      for (const t of internal) n = Math.max(n, t.count ?? 0);
      if (n === 0) {
        throw apiError('STREAMS_INVALID_TOPOLOGY', 'All topics in the copartition group had undefined partition number: ' + javaListString(internal.map((t) => t.name)));
      }
    }
  } else {
    const values = [...external.values()];
    n = values[0] as number;
    if (values.some((v) => v !== n)) {
      throw apiError('STREAMS_INCONSISTENT_INTERNAL_TOPICS', `Topics not co-partitioned: [${javaSortedMapString(external)}]`);
    }
  }
  for (const t of internal) {
    if (!t.enforced) t.count = n;
    if (t.count !== n) {
      throw apiError('STREAMS_INCONSISTENT_INTERNAL_TOPICS', `Number of partitions [${t.count}] of repartition topic [${t.name}] doesn't match number of partitions [${n}] of the source topic.`);
    }
  }
}

// §5.7 step 3: non-source changelog topics get the max count over the subtopology's source topics.
function setupDraftChangelogTopics(subtopologies: readonly Subtopology[], changelog: Map<string, InternalTopic>, partitionCount: (t: string) => number | undefined): void {
  for (const s of subtopologies) {
    let max: number | undefined;
    for (const t of s.sourceTopics) {
      const c = partitionCount(t);
      if (c === undefined) throw apiError('STREAMS_MISSING_SOURCE_TOPICS', `No partition count for source topic ${t}`);
      if (max === undefined || c > max) max = c;
    }
    if (max === undefined) throw apiError('STREAMS_INVALID_TOPOLOGY', `No source topics found for subtopology ${s.subtopologyId}`);
    const sources = new Set(s.sourceTopics);
    for (const t of s.stateChangelogTopics) {
      if (sources.has(t.name)) continue;
      const topic = changelog.get(t.name) as InternalTopic;
      topic.count = max;
    }
  }
}
