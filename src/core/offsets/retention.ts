// The periodic group metadata cleanup (GroupCoordinatorShard.cleanupGroupMetadata): for every group, expire its
// committed offsets (OffsetMetadataManager.cleanupExpiredOffsets), then delete the group if every offset is gone
// and the group may be deleted (GroupMetadataManager.maybeDeleteGroup). All records form one batch.
import type { CoordinatorRecord } from '../log/records.ts';
import type { StreamsGroup } from '../coordinator/group.ts';
import { isReady } from '../model/topology.ts';
import type { Groups } from '../coordinator/replay.ts';
import { groupTableOrder } from '../coordinator/groups.ts';
import { offsetCommitTombstone } from './records.ts';
import type { OffsetAndMetadata } from './state.ts';
import { pushAll } from '../util/arrays.ts';

/** What an edition decides in the cleanup. */
export interface RetentionPolicy {
  /** Group.isSubscribedToTopic: offsets of subscribed topics never expire. */
  isSubscribedToTopic(g: StreamsGroup, topic: string): boolean;
  /** Group.isEmpty as maybeDeleteGroup asks it (ak4: EMPTY). */
  mayDelete(g: StreamsGroup): boolean;
  deleteGroupRecords(g: StreamsGroup): CoordinatorRecord[];
  expiryNarration(g: StreamsGroup): string;
}

/** StreamsGroup.isSubscribedToTopic ([4.4]): an EMPTY group subscribes to nothing; otherwise its source and repartition source topics. */
export function streamsGroupIsSubscribedToTopic(g: StreamsGroup, topic: string): boolean {
  const state = g.state();
  if (state === 'EMPTY' || state === 'DEAD' || g.topology === null) return false;
  if (g.readinessFromConfiguredTopology) {
    // [4.1] the ready configured topology's source and repartition source topics (release switch readinessFromConfiguredTopology)
    const c = g.configuredTopology;
    if (c === null || !isReady(c)) return false;
    return (c.subtopologies ?? []).some((s) => s.sourceTopics.includes(topic) || s.repartitionSourceTopics.has(topic));
  }
  return g.topology.subtopologies.some((s) => s.sourceTopics.includes(topic) || s.repartitionSourceTopics.some((r) => r.name === topic));
}

/** OffsetExpirationConditionImpl with the commit timestamp as base (streams groups): a legacy expire timestamp wins. */
export function isOffsetExpired(o: OffsetAndMetadata, now: number, retentionMs: number): boolean {
  if (o.expireTimestamp !== null) return now >= o.expireTimestamp;
  return now - o.commitTimestamp >= retentionMs;
}

/** When this offset expires (for narration). */
export function expiresAt(o: OffsetAndMetadata, retentionMs: number): number {
  return o.expireTimestamp ?? o.commitTimestamp + retentionMs;
}

export interface CleanupResult {
  records: CoordinatorRecord[];
  expiredOffsets: number;
  deletedGroups: string[];
  narration: string[];
}

/** offsets.retention.minutes in milliseconds. */
export function offsetsRetentionMs(minutes: number): number {
  return minutes * 60 * 1000;
}

/** GroupCoordinatorShard.cleanupGroupMetadata: each group in the order of Kafka's group map (groupIds()). */
export function cleanupGroupMetadata(groups: Groups, now: number, retentionMs: number, policy: RetentionPolicy): CleanupResult {
  const out: CleanupResult = { records: [], expiredOffsets: 0, deletedGroups: [], narration: [] };
  for (const id of groupTableOrder(groups)) {
    const g = groups.get(id)!;
    // cleanupExpiredOffsets: "all expired" = no offsets left after this sweep
    let allExpired = true;
    let expiredHere = 0;
    let subscribedKept = 0;
    let nextExpiry: number | null = null;
    for (const e of g.offsets.entries()) {
      if (policy.isSubscribedToTopic(g, e.topic)) {
        allExpired = false;
        subscribedKept++;
      } else if (isOffsetExpired(e.offset, now, retentionMs)) {
        out.records.push(offsetCommitTombstone(id, e.topic, e.partition));
        expiredHere++;
      } else {
        allExpired = false;
        const at = expiresAt(e.offset, retentionMs);
        nextExpiry = nextExpiry === null ? at : Math.min(nextExpiry, at);
      }
    }
    out.expiredOffsets += expiredHere;
    if (expiredHere > 0)
      out.narration.push(`Group ${id}: ${expiredHere} committed offset(s) are older than the retention (${retentionMs / 60000} min) for topics the group is not subscribed to: offset tombstones.`);
    // maybeDeleteGroup: only when every offset is gone, and only an empty group; its tombstones follow the offset tombstones
    if (allExpired && policy.mayDelete(g)) {
      pushAll(out.records, policy.deleteGroupRecords(g));
      out.deletedGroups.push(id);
      out.narration.push(policy.expiryNarration(g));
    } else if (!allExpired && policy.mayDelete(g)) {
      const why = [
        subscribedKept > 0 ? `${subscribedKept} offset(s) of subscribed topics` : '',
        nextExpiry !== null ? `offsets committed within the retention (the next expires at ${nextExpiry} ms)` : '',
      ]
        .filter((s) => s)
        .join(' and ');
      out.narration.push(`Group ${id} has no members but keeps ${why}: it is not deleted yet.`);
    }
  }
  return out;
}

/**
 * The earliest time a sweep could expire an offset the groups hold now (offsets of subscribed topics never
 * expire), or null. Until then, and until something else changes the groups, every sweep finds nothing.
 */
export function nextOffsetExpiry(groups: Groups, retentionMs: number, policy: Pick<RetentionPolicy, 'isSubscribedToTopic'>): number | null {
  let next: number | null = null;
  for (const g of groups.values()) {
    for (const e of g.offsets.entries()) {
      if (policy.isSubscribedToTopic(g, e.topic)) continue;
      const at = expiresAt(e.offset, retentionMs);
      if (next === null || at < next) next = at;
    }
  }
  return next;
}
