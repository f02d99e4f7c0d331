// The shard engine's clock base (src/core/oracle/shardClock.ts): instants move by the base both ways, sentinels stay.
import { describe, expect, it } from 'vitest';
import { SHARD_CLOCK_BASE_MS, shiftInitialLog, shiftInstants } from '../../src/core/oracle/shardClock.ts';

describe('shiftInstants', () => {
  it('moves every *Timestamp field into Kafka by the base, time 0 included (GroupMetadataManager.canComputeNextTargetAssignment reads 0 as never assigned)', () => {
    const value = { assignmentEpoch: 3, assignmentTimestamp: 0, partitions: [{ commitTimestamp: 40, expireTimestamp: -1, offset: 7 }] };
    expect(shiftInstants(value, SHARD_CLOCK_BASE_MS)).toEqual({
      assignmentEpoch: 3,
      assignmentTimestamp: SHARD_CLOCK_BASE_MS,
      partitions: [{ commitTimestamp: SHARD_CLOCK_BASE_MS + 40, expireTimestamp: -1, offset: 7 }],
    });
  });

  it("moves Kafka's instants back to the scenario's clock and keeps the values below the base (sentinels Kafka kept)", () => {
    const kafka = { type: 'OffsetCommit', value: { commitTimestamp: SHARD_CLOCK_BASE_MS + 5000, expireTimestamp: -1, currentStateTimestampMs: SHARD_CLOCK_BASE_MS } };
    expect(shiftInstants(kafka, -SHARD_CLOCK_BASE_MS)).toEqual({ type: 'OffsetCommit', value: { commitTimestamp: 5000, expireTimestamp: -1, currentStateTimestampMs: 0 } });
  });

  it('leaves durations and other numbers alone', () => {
    const value = { rebalanceTimeoutMs: 300000, retentionTimeMs: 1000, heartbeatIntervalMs: 5000, memberEpoch: 2 };
    expect(shiftInstants(value, SHARD_CLOCK_BASE_MS)).toEqual(value);
  });
});

describe('shiftInitialLog', () => {
  const member = (memberId: string, value: Record<string, unknown> | null) => ({ type: 'StreamsGroupMemberMetadata', key: { groupId: 'app', memberId }, value });
  const target = (assignmentTimestamp: number) => ({ type: 'StreamsGroupTargetAssignmentMetadata', key: { groupId: 'app' }, value: { assignmentEpoch: 4, assignmentTimestamp } });

  it("keeps the 0 the last member's leave wrote (GroupMetadataManager.canComputeNextTargetAssignment: never assigned) and moves an assignment made at time 0 with members", () => {
    const out = shiftInitialLog([member('m', { processId: 'p' }), target(0), member('m', null), target(0), target(20)]);
    expect(out.map((r) => (r.value as { assignmentTimestamp?: number } | null)?.assignmentTimestamp)).toEqual([undefined, SHARD_CLOCK_BASE_MS, undefined, 0, SHARD_CLOCK_BASE_MS + 20]);
  });
});
