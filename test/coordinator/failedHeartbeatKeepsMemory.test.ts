// A heartbeat that fails after it changed the group in memory: Kafka's CoordinatorRuntime (CoordinatorWriteEvent)
// completes the request with the exception and reverts nothing (only a failed append reverts the snapshot registry),
// so what GroupMetadataManager.streamsGroupHeartbeat set before it threw stays, here StreamsGroup.configuredTopology
// (setConfiguredTopology runs before throwIfRequestContainsInvalidTasks). The delayed target assignment
// (computeDelayedTargetAssignment) then finds a configured topology and assigns.
import { describe, expect, it } from 'vitest';
import { Harness, recordsOf, shape } from '../conformance/harness.ts';

describe('a failed heartbeat keeps the configured topology it computed (CoordinatorRuntime reverts nothing)', () => {
  it('INVALID_REQUEST after configuring: the initial rebalance delay still ends with a target assignment', () => {
    const h = new Harness({ config: { 'group.streams.initial.rebalance.delay.ms': 3000 } });
    const j = h.join('A', 'pA');
    expect(j.error).toBe('NONE');
    // the join created the group: the configured topology it computed went with the transient group object
    expect(h.group!.configuredTopology).toBeNull();
    const size = h.logSize();
    const bad = h.beat('A', j.res.memberEpoch as number, { active: { '7': [0] } });
    expect(bad.error).toBe('INVALID_REQUEST');
    expect(h.logSize()).toBe(size);
    expect(h.group!.configuredTopology).not.toBeNull();
    expect(shape(recordsOf(h.advance(3000)))).toEqual(['StreamsGroupTargetAssignmentMember:A', 'StreamsGroupTargetAssignmentMetadata']);
  });
});

describe('StreamsGroup.hasMetadataExpired after a heartbeat that bumped and then failed (setMetadataRefreshDeadline)', () => {
  it('the refresh deadline names the epoch of the bump: expired until another bump reaches that epoch, then the hash is not recomputed', () => {
    const h = new Harness({
      topics: [
        ['in0', 4],
        ['app-0-changelog', 4],
      ],
    });
    const b = h.join('B', 'pB');
    expect(b.error).toBe('NONE');
    const epoch = h.group!.groupEpoch;
    // the changelog no longer matches: configuring fails, and the configured topology has no subtopologies
    h.broker.changeTopics({ partitions: { 'app-0-changelog': 5 } });
    // A's join bumps the epoch (new member, new metadata hash), then fails building partitionsByUserEndpoint
    const a = h.join('A', 'pA', undefined, { userEndpoint: { host: 'h', port: 1 } });
    expect(a.error).toBe('UNKNOWN_SERVER_ERROR');
    expect(h.group!.groupEpoch).toBe(epoch);
    expect(h.group!.metadataRefreshEpoch).toBe(epoch + 1);
    expect(h.group!.hasMetadataExpired()).toBe(true);
    // B's session expires: its fencing bumps the group epoch to the one the deadline names
    h.advance(45000);
    expect(h.group!.groupEpoch).toBe(epoch + 1);
    expect(h.group!.hasMetadataExpired()).toBe(false);
    // so the next join keeps the stored metadata hash (the one before the topic change)
    const hash = h.group!.metadataHash;
    const c = h.join('C', 'pC');
    expect(c.error).toBe('NONE');
    const meta = c.records.find((r) => r.type === 'StreamsGroupMetadata');
    expect(meta?.value?.metadataHash).toBe(hash);
  });
});
