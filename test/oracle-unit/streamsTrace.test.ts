// The committed trace of a real Kafka Streams 4.4.0 application (oracle/traces/, made by
// oracle/scripts/streams-example.ts): it replays with only the accepted divergence, its describe() imports into the
// topology it sent, its heartbeats have the java profile's shape, and static/examples/22-… is what it builds.
// `npm run test:oracle` checks the same against a fresh run (test/oracle/streamsApp.oracle.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayRequestLog } from '../../oracle/harness/replay.ts';
import { buildExample, EXAMPLE_FILE, runConfig, type TraceRun } from '../../oracle/harness/streamsExample.ts';
import { expectCadence, expectDescribeImportsJoinTopology, expectFullFlow, expectJavaProfileShape, expectOnlyAcceptedDivergences } from '../oracle/streamsTrace.ts';

const root = join(import.meta.dirname, '../..');
const log = readFileSync(join(root, 'oracle/traces/word-count.request.log'), 'utf8');
const run = JSON.parse(readFileSync(join(root, 'oracle/traces/word-count.run.json'), 'utf8')) as TraceRun;

describe('the committed Kafka Streams 4.4.0 trace', () => {
  it('goes through scale-out, UNKNOWN_MEMBER_ID and rejoin, clean leave and crash', () => {
    expectFullFlow(log);
  });

  it('replays with only the accepted divergence', () => {
    expectOnlyAcceptedDivergences(replayRequestLog(log, { groupId: run.applicationId, config: runConfig(run) }));
  });

  it("imports describe() into the topology of the client's join heartbeat", () => {
    expectDescribeImportsJoinTopology(run.describe, log, run.applicationId);
  });

  it("heartbeats at the java profile's cadence: assignments acknowledged at once, else one interval apart", () => {
    expectCadence(log, Number(run.groupConfigs['streams.heartbeat.interval.ms']));
  });

  it('has heartbeats shaped like the java profile', () => {
    expectJavaProfileShape(log, run.applicationId);
  });

  it(`builds static/examples/${EXAMPLE_FILE}`, () => {
    const shipped = JSON.parse(readFileSync(join(root, 'static/examples', EXAMPLE_FILE), 'utf8'));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(buildExample(log, run).scenario)));
  });
});
