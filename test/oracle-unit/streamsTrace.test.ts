// The committed trace of a real Kafka Streams 4.4.0 application (oracle/traces/, made by
// oracle/scripts/streams-example.ts): it replays with only the accepted divergence, its describe() imports into the
// topology it sent, its heartbeats have the java profile's shape, and static/examples/22-… is what it builds.
// `npm run test:oracle` checks the same against a fresh run (test/oracle/streamsApp.oracle.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayRequestLog } from '../../oracle/harness/replay.ts';
import { buildExample, EXAMPLE_FILE, runConfig, type TraceRun } from '../../oracle/harness/streamsExample.ts';
import { expectCadence, expectDescribeImportsJoinTopology, expectFullFlow, expectJavaProfileShape, expectOnlyAcceptedDivergences, LOG_CLOCK_TIE_MS } from '../oracle/streamsTrace.ts';

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

  // The log's clock is exact to a few ms only (timestamps cut to the ms; the coordinator reads its clock after the
  // handover the log records), so two members' requests that close may reach the coordinator in either order. Line 48
  // (a rejoin) moved to 2.7 ms after line 49 (b's heartbeat, which on the broker saw the rejoin) makes b's answers
  // differ; with the tie window the replay takes the order Kafka's answer shows.
  const moved = (ms: number): string => {
    const lines = log.split('\n');
    const m = /^\[(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}),(\d{3})\]/.exec(lines[47]!)!;
    const at = new Date(new Date(`${m[1]}T${m[2]}Z`).getTime() + Number(m[3]) + ms).toISOString();
    lines[47] = `[${at.slice(0, 10)} ${at.slice(11, 19)},${at.slice(20, 23)}]${lines[47]!.slice(m[0].length)}`;
    return lines.join('\n');
  };

  it('replays two requests of different members closer than the tie window in the order Kafka answered them', () => {
    const base = { groupId: run.applicationId, config: runConfig(run) };
    const plain = replayRequestLog(moved(83), base);
    expect(plain.divergent.map((r) => r.index)).toEqual([2, 4, 6, 94, 100]);
    const tied = replayRequestLog(moved(83), base, { tieMs: LOG_CLOCK_TIE_MS });
    expect(tied.ties).toEqual([{ step: 94, label: 'b: StreamsGroupHeartbeat (line 49)', how: 'swapped with the next request', ms: 3 }]);
    expectOnlyAcceptedDivergences(tied);
    // farther apart than the window (here 10 ms), the order is the log's and the divergence stays
    const far = replayRequestLog(moved(83 + 2 * LOG_CLOCK_TIE_MS), base, { tieMs: 10 });
    expect(far.divergent.map((r) => r.index).filter((i) => i > 6).length).toBeGreaterThan(0);
  });

  it('leaves the committed trace as it is: no request needs the tie window', () => {
    expect(replayRequestLog(log, { groupId: run.applicationId, config: runConfig(run) }, { tieMs: LOG_CLOCK_TIE_MS }).ties).toEqual([]);
  });
});
