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

  // Seen in 2 of about 15 runs (2026-12): on the broker one member's assignment arrived one heartbeat earlier than in the
  // replay (two consecutive heartbeats of one member swap their answers). The cause is not found yet; the log's
  // handed-to-coordinator clock, to the millisecond, is the first suspect. So a divergence gets one fresh run, and the
  // diverging log is kept for diagnosis; a real regression diverges on both runs.
  it('its request log imports and replays with only the accepted divergence', async () => {
    const check = (r: StreamsAppRun, l: string) => {
      const replay = replayRequestLog(l, { groupId: r.applicationId, config: runConfig({ ...r, kafkaVersion: '4.4.0' }) });
      expect(replay.scenario.steps.length).toBeGreaterThan(0);
      expectOnlyAcceptedDivergences(replay);
    };
    try {
      check(run, log);
    } catch (first) {
      const kept = join(mkdtempSync(join(tmpdir(), 'sgp-streams-')), 'request.log');
      writeFileSync(kept, log);
      process.stderr.write(`streamsApp.oracle: the replay diverged (log kept at ${kept}); one fresh run\n${String(first).slice(0, 400)}\n`);
      const again = await runStreamsApp();
      check(again, streamsGroupLines(again.requestLog, again.applicationId));
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
