// Offset commits of the simulated clients (`commitIntervalMs` in a client spec): like Kafka Streams at
// commit.interval.ms, a member commits the input partitions (source and repartition source topics) of its
// active tasks with its current member epoch, using OffsetCommit v9. Only during `run` steps.
import type { SimulatedClient } from '../clients/simulated.ts';
import type { Subtopology } from '../protocol/messages.ts';

/** The OffsetCommit version the simulated clients speak (the newest one that names topics). */
export const CLIENT_COMMIT_VERSION = 9;

/** The subtopologies of a client's topology (ak4: {epoch, subtopologies}; draft: the list itself). */
function subtopologiesOf(topology: unknown): Subtopology[] {
  if (Array.isArray(topology)) return topology as Subtopology[];
  if (typeof topology === 'object' && topology !== null && Array.isArray((topology as { subtopologies?: unknown }).subtopologies)) return (topology as { subtopologies: Subtopology[] }).subtopologies;
  return [];
}

/** Input topics of a subtopology: its source topics, then its repartition source topics. */
export function inputTopics(s: Subtopology): string[] {
  return [...(s.sourceTopics ?? []), ...(s.repartitionSourceTopics ?? []).map((r) => r.name)];
}

/** When each committing client commits next, and how many commits it made (the offsets it commits grow with them). */
export class CommitSchedule {
  private readonly nextAt = new Map<string, number>();
  private readonly count = new Map<string, number>();

  /** The earliest commit due among the live clients that commit (scheduling a first commit one interval from now). */
  nextDue(clients: readonly SimulatedClient[], now: number): { client: SimulatedClient; at: number } | null {
    let best: { client: SimulatedClient; at: number } | null = null;
    for (const c of clients) {
      const interval = c.spec.commitIntervalMs;
      if (interval === undefined || !c.live) continue;
      let at = this.nextAt.get(c.alias);
      if (at === undefined) this.nextAt.set(c.alias, (at = now + interval));
      if (!best || at < best.at || (at === best.at && c.alias < best.client.alias)) best = { client: c, at };
    }
    return best;
  }

  /** The commit the client sends now (null when it has no active task to commit); schedules the next one. */
  request(c: SimulatedClient, now: number): Record<string, unknown> | null {
    this.nextAt.set(c.alias, now + (c.spec.commitIntervalMs ?? 0));
    if (c.status !== 'member' || c.owned.active.size === 0) return null;
    const n = (this.count.get(c.alias) ?? 0) + 1;
    this.count.set(c.alias, n);
    const byTopic = new Map<string, number[]>();
    for (const s of subtopologiesOf(c.topology)) {
      const ps = c.owned.active.get(s.subtopologyId);
      if (!ps) continue;
      for (const t of inputTopics(s))
        byTopic.set(
          t,
          [...new Set([...(byTopic.get(t) ?? []), ...ps])].sort((a, b) => a - b),
        );
    }
    if (byTopic.size === 0) return null;
    return {
      groupId: c.groupId,
      generationIdOrMemberEpoch: c.memberEpoch,
      memberId: c.memberId,
      groupInstanceId: c.instanceId,
      // each commit moves every partition 100 records further (a deterministic stand-in for progress)
      topics: [...byTopic.keys()]
        .sort()
        .map((name) => ({ name, partitions: byTopic.get(name)!.map((p) => ({ partitionIndex: p, committedOffset: n * 100, committedLeaderEpoch: -1, committedMetadata: '' })) })),
    };
  }

  clone(): CommitSchedule {
    const s = new CommitSchedule();
    for (const [k, v] of this.nextAt) s.nextAt.set(k, v);
    for (const [k, v] of this.count) s.count.set(k, v);
    return s;
  }
}
