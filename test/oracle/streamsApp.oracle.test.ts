// A real Kafka Streams 4.4.0 application (three instances: scale-out, a pause past the session timeout, a clean
// shutdown, a crash) against a real broker with its request logger on; its log imports with `sgp import` and replays
// on the simulator with only the divergence oracle/accepted.md accepts; its Topology#describe() imports into the
// topology it sent; its heartbeats have the simulated java profile's shape. About a minute on a quiet machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayRequestLog } from '../../oracle/harness/replay.ts';
import { runStreamsApp, type StreamsAppRun } from '../../oracle/harness/streamsApp.ts';
import { runConfig, streamsGroupLines } from '../../oracle/harness/streamsExample.ts';
import { expectCadence, expectDescribeImportsJoinTopology, expectFullFlow, expectJavaProfileShape, expectOnlyAcceptedDivergences } from './streamsTrace.ts';

let run: StreamsAppRun;
let log: string;
let started = 0;
beforeAll(async () => {
  started = Date.now();
  run = await runStreamsApp();
  log = streamsGroupLines(run.requestLog, run.applicationId);
});
afterAll(() => {
  if (started) process.stderr.write(`streamsApp.oracle: the Kafka Streams run took ${((Date.now() - started) / 1000).toFixed(1)} s (the app's part ${(run?.elapsedMs / 1000).toFixed(1)} s)\n`);
});

describe('a real Kafka Streams 4.4.0 application', () => {
  it('goes through scale-out, UNKNOWN_MEMBER_ID and rejoin, clean leave and crash', () => {
    expectFullFlow(log);
  });

  it('its request log imports and replays with only the accepted divergence', () => {
    const replay = replayRequestLog(log, { groupId: run.applicationId, config: runConfig({ ...run, kafkaVersion: '4.4.0' }) });
    expect(replay.scenario.steps.length).toBeGreaterThan(0);
    expectOnlyAcceptedDivergences(replay);
  });

  it('its Topology#describe() imports into the topology it sent in its join heartbeat', () => {
    expectDescribeImportsJoinTopology(run.describe, log, run.applicationId);
  });

  it("heartbeats at the java profile's cadence: assignments acknowledged at once, else one interval apart", () => {
    expectCadence(log, Number(run.groupConfigs['streams.heartbeat.interval.ms']));
  });

  it('its heartbeats set and null the same fields as the java profile', () => {
    expectJavaProfileShape(log, run.applicationId);
  });
});
