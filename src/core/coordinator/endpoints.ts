// PartitionsByUserEndpoint (StreamsGroup.buildEndpointToPartitions, EndpointToPartitionsManager): which input
// partitions each IQ endpoint serves.
import type { StreamsGroupMember } from '../model/member.ts';
import type { ConfiguredTopology, TopicsImage } from '../model/topology.ts';
import type { EndpointToPartitions, TopicPartition } from '../protocol/messages.ts';
import { hashMapOrder, stringHashCode } from '../util/java.ts';
import type { StreamsGroup } from './group.ts';
import { memberTableOrder } from './targetAssignment.ts';

/**
 * EndpointToPartitionsManager.topicPartitions: per subtopology of the task map, per topic of a HashSet of its source
 * and repartition source topics, one entry with the task partitions that exist in the topic (sorted; none: no entry).
 * Subtopologies in java.util.HashMap order (the standby-and-warm-up map is one; the active map is an unmodifiable map
 * whose order Kafka randomises per JVM run, taken here in the same HashMap order). Throws when a topic is missing.
 */
function topicPartitions(tasks: ReadonlyMap<string, Iterable<number>>, configured: ConfiguredTopology | null, topics: TopicsImage, firstPartitions = false): TopicPartition[] {
  const out: TopicPartition[] = [];
  for (const s of hashMapOrder([...tasks.keys()], stringHashCode)) {
    const sub = configured?.subtopologies?.find((x) => x.subtopologyId === s);
    if (!sub) continue;
    // new HashSet<>(sourceTopics) (capacity max(n / .75 + 1, 16)), then addAll(repartitionSourceTopics.keySet())
    const names = [...sub.sourceTopics, ...sub.repartitionSourceTopics.keys()];
    const capacity = Math.max(Math.floor(sub.sourceTopics.length / 0.75) + 1, 16);
    const taskPartitions = [...new Set(tasks.get(s)!)].sort((a, b) => a - b);
    for (const topic of hashMapOrder(names, stringHashCode, capacity)) {
      const count = topics.get(topic);
      // [4.4] EndpointToPartitionsManager.topicPartitionListForTask: a source or repartition source topic missing from
      // the image (an internal topic deleted) throws IllegalStateException (UNKNOWN_SERVER_ERROR for the heartbeat)
      if (count === undefined) throw new Error(`Topic ${topic} not found in metadata image`);
      if (firstPartitions) {
        // [4.1] topicPartitionListForTask: every topic gets an entry, the task partitions cut to the topic's first `count` of them
        out.push({ topic, partitions: count < taskPartitions.length ? taskPartitions.slice(0, count) : taskPartitions });
        continue;
      }
      // a task s_p reads partition p of every source and repartition source topic of s, where the topic has it
      const partitions = taskPartitions.filter((p) => p < count);
      if (partitions.length > 0) out.push({ topic, partitions });
    }
  }
  return out;
}

function entry(m: StreamsGroupMember, configured: ConfiguredTopology | null, topics: TopicsImage): EndpointToPartitions | null {
  if (!m.userEndpoint) return null;
  const active = new Map<string, Iterable<number>>([...m.assignedTasks.active].map(([s, ps]) => [s, ps.keys()]));
  // TasksTupleWithEpochs.standbyAndWarmupTasks: standby and warm-up tasks merged per subtopology
  const standby = new Map<string, Set<number>>();
  for (const role of [m.assignedTasks.standby, m.assignedTasks.warmup]) {
    for (const [s, ps] of role) {
      const set = standby.get(s) ?? new Set<number>();
      for (const p of ps) set.add(p);
      standby.set(s, set);
    }
  }
  return {
    userEndpoint: { host: m.userEndpoint.host, port: m.userEndpoint.port },
    activePartitions: topicPartitions(active, configured, topics),
    standbyPartitions: topicPartitions(standby, configured, topics),
  };
}

/**
 * StreamsGroup.buildEndpointToPartitions: the other members in the order of the group's member map (a TimelineHashMap,
 * state before this heartbeat), the heartbeating member and a static member it replaces left out; then the
 * heartbeating member last (`ownFrom`: the member object its entry is computed from). Members without an endpoint are skipped.
 */
export function endpointToPartitions(
  group: StreamsGroup,
  updated: StreamsGroupMember,
  replacedMemberId: string | null,
  configured: ConfiguredTopology | null,
  topics: TopicsImage,
  ownFrom: StreamsGroupMember = updated,
): EndpointToPartitions[] {
  const out: EndpointToPartitions[] = [];
  // no other member has an endpoint: nothing to list before this one (and no member order to compute)
  const others = group.membersWithEndpoint - (group.members.get(updated.memberId)?.userEndpoint ? 1 : 0);
  if (others > 0)
    for (const id of memberTableOrder(group)) {
      if (id === updated.memberId || id === replacedMemberId) continue;
      const e = entry(group.members.get(id)!, configured, topics);
      if (e) out.push(e);
    }
  // the heartbeating member's entry: from its updated state, or ([4.2]/[4.3]) the stored state its cached entry was computed from
  const own = entry(ownFrom, configured, topics);
  if (own) out.push(own);
  return out;
}

/**
 * [4.1] GroupMetadataManager.maybeBuildEndpointToPartitions: the members of the group's member map (state before this
 * heartbeat, so a member this heartbeat creates is not listed) in its order, each with its stored endpoint and, for
 * the heartbeating member, its updated assignment; standby tasks only; null when no member has an endpoint.
 */
export function endpointToPartitionsFromMemberMap(group: StreamsGroup, updated: StreamsGroupMember, configured: ConfiguredTopology | null, topics: TopicsImage): EndpointToPartitions[] | null {
  if (group.membersWithEndpoint === 0) return null;
  const out: EndpointToPartitions[] = [];
  for (const id of memberTableOrder(group)) {
    const stored = group.members.get(id)!;
    if (!stored.userEndpoint) continue;
    // EndpointToPartitionsManager.endpointToPartitions reads configuredTopology().subtopologies().get()
    if (configured?.subtopologies == null) throw new Error('No value present');
    const m = id === updated.memberId ? updated : stored;
    const active = new Map<string, Iterable<number>>([...m.assignedTasks.active].map(([s, ps]) => [s, ps.keys()]));
    const standby: ReadonlyMap<string, Iterable<number>> = m.assignedTasks.standby;
    out.push({
      userEndpoint: { host: stored.userEndpoint.host, port: stored.userEndpoint.port },
      activePartitions: topicPartitions(active, configured, topics, true),
      standbyPartitions: topicPartitions(standby, configured, topics, true),
    });
  }
  return out.length === 0 ? null : out;
}
