// The shard engine's clock base (src/core/oracle/shardClock.ts): instants move by the base both ways, sentinels stay.
import { describe, expect, it } from 'vitest';
import { SHARD_CLOCK_BASE_MS, shiftInstants } from '../../src/core/oracle/shardClock.ts';

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
