// A real Kafka Streams 4.4.0 application (three instances: scale-out, a pause past the session timeout, a clean
// shutdown, a crash) against a real broker with its request logger on; its log imports with `sgp import` and replays
// on the simulator with only the divergence oracle/accepted.md accepts; its Topology#describe() imports into the
// topology it sent; its heartbeats have the simulated java profile's shape. About a minute on a quiet machine.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayRequestLog } from '../../oracle/harness/replay.ts';
import { runStreamsApp, type StreamsAppRun } from '../../oracle/harness/streamsApp.ts';
import { runConfig, streamsGroupLines } from '../../oracle/harness/streamsExample.ts';
import { expectCadence, expectDescribeImportsJoinTopology, expectFullFlow, expectJavaProfileShape, expectOnlyAcceptedDivergences, LOG_CLOCK_TIE_MS } from './streamsTrace.ts';

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

  // Once seen in 2 of about 15 runs: two consecutive heartbeats of one member swapped their answers. The log's clock is
  // exact to a few ms only (timestamps cut to the ms; the coordinator reads its clock after the handover the log
  // records), so where a request lies that close to another member's request or to a timer deadline (the session
  // timeout, an assignment interval equal to the heartbeat interval), the log does not fix the coordinator's order.
  // The replay takes the order Kafka's answers show within LOG_CLOCK_TIE_MS, lists each such choice, and fails on any
  // divergence that no order within it explains; a failing log is kept for diagnosis. No second run.
  it('its request log imports and replays with only the accepted divergence', () => {
    const replay = replayRequestLog(log, { groupId: run.applicationId, config: runConfig({ ...run, kafkaVersion: '4.4.0' }) }, { tieMs: LOG_CLOCK_TIE_MS });
    for (const t of replay.ties) process.stderr.write(`streamsApp.oracle: step ${t.step} (${t.label}) ${t.how} (${t.ms} ms): the order Kafka's answer shows\n`);
    try {
      expect(replay.scenario.steps.length).toBeGreaterThan(0);
      expectOnlyAcceptedDivergences(replay);
      expect(replay.ties.length, 'requests replayed in the other order than the log clock').toBeLessThanOrEqual(4);
    } catch (e) {
      const kept = join(mkdtempSync(join(tmpdir(), 'sgp-streams-')), 'request.log');
      writeFileSync(kept, log);
      process.stderr.write(`streamsApp.oracle: the replay diverged (log kept at ${kept})\n`);
      throw e;
    }
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
