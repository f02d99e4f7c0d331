// Checks shared by the live Kafka Streams run (streamsApp.oracle.test.ts) and the committed trace
// (test/oracle-unit/streamsTrace.test.ts): the replay's divergences are only the accepted one, and the real client's
// heartbeats have the shape of the simulated `java` profile's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { SimulatedClient } from '../../src/core/clients/simulated.ts';
import { parseLogLine } from '../../src/core/interop/logline.ts';
import { normalizeHeartbeatRequest } from '../../src/core/protocol/normalize.ts';
import { importDescribe } from '../../src/ui/lib/describe-import.ts';
import type { LogReplay } from '../../oracle/harness/replay.ts';

type Obj = Record<string, unknown>;

const accepted = readFileSync(join(import.meta.dirname, '../../oracle/accepted.md'), 'utf8');
const section = accepted.slice(accepted.indexOf('## Real Kafka Streams client'));
/** The replay divergences oracle/accepted.md accepts in its "Real Kafka Streams client" section. */
export const ACCEPTED_REPLAY = [...section.matchAll(/^- replay `([^`]+)`:/gm)].map((m) => m[1]!);

/** The streams group heartbeats of a request log, in log order. */
export function heartbeats(log: string): { request: Obj; response: Obj }[] {
  const out: { request: Obj; response: Obj }[] = [];
  for (const line of log.split('\n')) {
    const p = parseLogLine(line);
    if (p.ok && p.apiKey === 88) out.push({ request: p.request as Obj, response: p.response as Obj });
  }
  return out;
}

/**
 * How far apart, in ms, a replay may take two requests of different members, or a request and a timer deadline, in
 * the other order than the request log's clock says (oracle/harness/replay.ts): the log's timestamps are cut to the
 * millisecond, the coordinator reads its clock after the handover the log records, and on a loaded machine its timers
 * fire late (a session timeout processed 67 ms after its deadline on the log's clock, at load 33 on 2 cores). A
 * quarter of the run's 1 s heartbeat interval; Kafka's answers decide the order within it.
 */
export const LOG_CLOCK_TIE_MS = 250;

/**
 * Every divergence of the replay is the accepted one: internal topics appear late on the real broker, so only the
 * responses up to the first one that assigns tasks may differ (oracle/accepted.md, "Real Kafka Streams client").
 */
export function expectOnlyAcceptedDivergences(replay: LogReplay): void {
  expect(ACCEPTED_REPLAY).toEqual(['internal topics appear late']);
  const firstAssignment = replay.rows.find((r) => {
    const a = (r.kafka.response as Obj | null)?.activeTasks;
    return Array.isArray(a) && a.length > 0;
  });
  expect(firstAssignment, 'the real broker assigned tasks').toBeDefined();
  const late = replay.divergent.filter((r) => r.index > firstAssignment!.index);
  expect(late.map((r) => ({ step: r.index, label: r.label, diffs: r.diffs.slice(0, 4) }))).toEqual([]);
  // each early one is the accepted kind, however long the broker took to create the topics (a count would depend on
  // the machine's load): Kafka's coordinator still misses the internal topics (status 3) or has not yet assigned, or
  // the playground, one epoch ahead, fences the real client (FENCED_MEMBER_EPOCH)
  const acceptedKind = (r: (typeof replay.divergent)[number]) => {
    const kafka = r.kafka.response as Obj | null;
    const playground = r.playground.response as Obj | null;
    const kafkaStatus = ((kafka?.status as { statusCode: number }[] | null) ?? []).map((st) => st.statusCode);
    return kafkaStatus.includes(3) || kafkaStatus.includes(5) || playground?.errorCode === 110 || r.index === firstAssignment!.index;
  };
  expect(replay.divergent.filter((r) => !acceptedKind(r)).map((r) => ({ step: r.index, label: r.label, diffs: r.diffs.slice(0, 4) }))).toEqual([]);
  expect(replay.rows.length).toBeGreaterThan(30);
}

/** The run went through every phase: three members, UNKNOWN_MEMBER_ID and a rejoin, leaves with epoch -1. */
export function expectFullFlow(log: string): void {
  const hbs = heartbeats(log);
  const members = new Set(hbs.map((h) => h.request.memberId));
  expect(members.size).toBe(3);
  const unknown = hbs.findIndex((h) => h.response.errorCode === 25);
  expect(unknown, 'a heartbeat answered UNKNOWN_MEMBER_ID').toBeGreaterThan(0);
  // after UNKNOWN_MEMBER_ID the real client rejoins with the same member id and epoch 0, like the java profile
  const rejoin = hbs.slice(unknown + 1).find((h) => h.request.memberId === hbs[unknown]!.request.memberId);
  expect(rejoin?.request.memberEpoch).toBe(0);
  expect(rejoin?.request.topology).not.toBeNull();
  expect(hbs.filter((h) => h.request.memberEpoch === -1).length).toBe(2);
}

const shape = (v: unknown): string => (v === null || v === undefined ? 'null' : Array.isArray(v) ? (v.length === 0 ? '[]' : '[…]') : typeof v);

/** The real client's join and steady heartbeats set and null the same fields as the simulated java profile's. */
export function expectJavaProfileShape(log: string, applicationId: string): void {
  const hbs = heartbeats(log);
  const join = hbs.find((h) => h.request.memberEpoch === 0)!.request;
  const steady = hbs.find((h) => typeof h.request.memberEpoch === 'number' && (h.request.memberEpoch as number) > 0 && h.request.activeTasks === null)!.request;
  const client = new SimulatedClient('a', { profile: 'java' } as never, applicationId, join.topology);
  const simJoin = client.nextRequest('join').data;
  // the fields the profile leaves out are sent at the schema's defaults
  const simJoinFull = normalizeHeartbeatRequest(simJoin) as unknown as Obj;
  const fields = Object.keys(join).filter((k) => !['groupId', 'memberId', 'topology', 'processId'].includes(k));
  expect(Object.fromEntries(fields.map((k) => [k, shape(simJoinFull[k])]))).toEqual(Object.fromEntries(fields.map((k) => [k, shape(join[k])])));
  expect(simJoin.rebalanceTimeoutMs).toBe(join.rebalanceTimeoutMs);
  expect(simJoin.endpointInformationEpoch).toBe(join.endpointInformationEpoch);
  // a steady heartbeat: the java profile after its join was answered and acknowledged
  client.onResponse(simJoin, 'NONE', { memberId: 'a', memberEpoch: 1, heartbeatIntervalMs: 1000, activeTasks: [], standbyTasks: [], warmupTasks: [] }, 0);
  client.nextRequest('heartbeat');
  client.onResponse({ memberEpoch: 1 }, 'NONE', { memberId: 'a', memberEpoch: 1, heartbeatIntervalMs: 1000, activeTasks: null, standbyTasks: null, warmupTasks: null }, 100);
  const simSteady = client.nextRequest('heartbeat').data;
  const steadyFields = Object.keys(steady).filter((k) => !['groupId', 'memberId', 'memberEpoch'].includes(k));
  const simSteadyFull = normalizeHeartbeatRequest(simSteady) as unknown as Obj;
  expect(Object.fromEntries(steadyFields.map((k) => [k, shape(simSteadyFull[k])]))).toEqual(Object.fromEntries(steadyFields.map((k) => [k, shape(steady[k])])));
}

/** Topology#describe() imports into exactly the topology the real client sent in its join heartbeat. */
export function expectDescribeImportsJoinTopology(describe: string, log: string, applicationId: string): void {
  const join = heartbeats(log).find((h) => h.request.memberEpoch === 0)!.request;
  const imported = importDescribe(describe, applicationId);
  expect(imported.ok && imported.value.subtopologies).toEqual((join.topology as Obj).subtopologies);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * The real client's cadence is the java profile's: a new assignment is acknowledged at once (well within half an
 * interval, median), otherwise the next heartbeat goes one heartbeat interval after the previous response (median
 * within 20 %). Gaps are from a response's completion to the next request's arrival (timestamp − totalTimeMs).
 */
export function expectCadence(log: string, heartbeatIntervalMs: number): { ackMedianMs: number; steadyMedianMs: number } {
  const last = new Map<string, { doneMs: number; assigned: boolean }>();
  const ack: number[] = [];
  const steady: number[] = [];
  for (const line of log.split('\n')) {
    const p = parseLogLine(line);
    const total = /"totalTimeMs":([\d.]+)/.exec(line);
    if (!p.ok || p.apiKey !== 88 || p.timestampMs === null || !total) continue;
    const req = p.request as Obj;
    const res = p.response as Obj;
    const member = String(req.memberId);
    const prev = last.get(member);
    if (prev && (req.memberEpoch as number) > 0) (prev.assigned ? ack : steady).push(p.timestampMs - Number(total[1]) - prev.doneMs);
    last.set(member, { doneMs: p.timestampMs, assigned: Array.isArray(res.activeTasks) });
  }
  const out = { ackMedianMs: median(ack), steadyMedianMs: median(steady) };
  expect(ack.length).toBeGreaterThan(5);
  // bounds that tell the two cadences apart on a loaded machine too (a real client reconciles on its own CPU time: the
  // median acknowledgement took 183 ms in the committed trace and 695 ms in a live run at load 48 on 2 cores): an
  // acknowledgement that waited for the interval would take at least the interval; a steady heartbeat never comes
  // before it, nor a second interval later
  expect(out.ackMedianMs).toBeLessThan(heartbeatIntervalMs);
  expect(out.steadyMedianMs).toBeGreaterThan(heartbeatIntervalMs * 0.8);
  expect(out.steadyMedianMs).toBeLessThan(heartbeatIntervalMs * 1.5);
  return out;
}
