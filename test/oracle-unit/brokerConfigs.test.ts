// The bundled oracle broker's own configs (oracle/harness/broker.ts): what a real broker would do on its own clock, and
// no scenario can align with, is switched off.
import { describe, expect, it } from 'vitest';
import { ORACLE_BROKER_CONFIGS } from '../../oracle/harness/broker.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('oracle broker configs', () => {
  it("never runs Kafka's offsets-retention sweep while a run is under way", () => {
    // GroupCoordinatorShard.scheduleGroupMetadataExpiration sweeps every offsets.retention.check.interval.ms from the
    // shard's load, and cleanupGroupMetadata deletes each empty group with no offsets (Group.shouldExpire): at Kafka's
    // default (10 minutes) a live suite that runs longer than that met tombstones for its groups between two steps
    const interval = Number(ORACLE_BROKER_CONFIGS['offsets.retention.check.interval.ms']);
    expect(interval).toBeGreaterThanOrEqual(DAY_MS);
    // a whole number of milliseconds that the broker's timer adds to its clock without overflow
    expect(Number.isInteger(interval) && interval <= 2 ** 31 - 1).toBe(true);
  });
});
