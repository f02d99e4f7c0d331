// PartitionsByUserEndpoint (EndpointToPartitionsManager): which input partitions each IQ endpoint serves.
import type { StreamsGroupMember } from '../model/member.ts';
import type { ConfiguredTopology } from '../model/topology.ts';
import type { EndpointToPartitions, TopicPartition } from '../protocol/messages.ts';
import type { StreamsGroup } from './group.ts';
import { memberIdOrder } from './targetAssignment.ts';

function topicPartitions(tasks: ReadonlyMap<string, Iterable<number>>, configured: ConfiguredTopology | null): TopicPartition[] {
  const byTopic = new Map<string, Set<number>>();
  for (const [s, ps] of tasks) {
    const sub = configured?.subtopologies?.find((x) => x.subtopologyId === s);
    if (!sub) continue;
    // a task s_p reads partition p of every source and repartition source topic of s
    for (const topic of [...sub.sourceTopics, ...sub.repartitionSourceTopics.keys()]) {
      let set = byTopic.get(topic);
      if (!set) byTopic.set(topic, (set = new Set()));
      for (const p of ps) set.add(p);
    }
  }
  return [...byTopic.keys()].sort().map((topic) => ({ topic, partitions: [...byTopic.get(topic)!].sort((a, b) => a - b) }));
}

function entry(m: StreamsGroupMember, configured: ConfiguredTopology | null): EndpointToPartitions | null {
  if (!m.userEndpoint) return null;
  const active = new Map<string, Iterable<number>>([...m.assignedTasks.active].map(([s, ps]) => [s, ps.keys()]));
  return {
    userEndpoint: { host: m.userEndpoint.host, port: m.userEndpoint.port },
    activePartitions: topicPartitions(active, configured),
    standbyPartitions: topicPartitions(m.assignedTasks.standby, configured),
  };
}

/** Other members first (member map order), this member last; members without an endpoint are skipped. */
export function endpointToPartitions(group: StreamsGroup, updated: StreamsGroupMember, configured: ConfiguredTopology | null): EndpointToPartitions[] {
  const out: EndpointToPartitions[] = [];
  // no other member has an endpoint: nothing to list before this one (and no member order to compute)
  const others = group.membersWithEndpoint - (group.members.get(updated.memberId)?.userEndpoint ? 1 : 0);
  if (others > 0)
    for (const id of memberIdOrder([...group.members.keys()])) {
      if (id === updated.memberId) continue;
      const e = entry(group.members.get(id)!, configured);
      if (e) out.push(e);
    }
  const own = entry(updated, configured);
  if (own) out.push(own);
  return out;
}
