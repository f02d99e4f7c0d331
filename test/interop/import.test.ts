// Request log -> steps and scenarios: what is imported, what is skipped and why, aliases, timing, expectations.
import { describe, expect, it } from 'vitest';
import { importRequestLog, scenarioFromRequestLog, letterAlias, type ImportedStep } from '../../src/core/interop/index.ts';
import type { SendStep } from '../../src/core/scenario/types.ts';
import { fixture, valid } from './helpers.ts';

const log = fixture('kafka-request-log.txt');
const A = 'Qx3mE2vTRkuN0bS5YlWc9A';
const B = 'f7Hk2LpwSxO1mZ9rTq4uVg';
const sends = (steps: ImportedStep[]) => steps.filter((s): s is SendStep => 'send' in s);

/** A heartbeat line in the logger's exact form (draft or ak4 keys as given). */
function line(o: { ts?: string; key?: number; name?: string; version?: number; clientId?: string; request: unknown; response: unknown }): string {
  const header = { requestApiKey: o.key ?? 88, requestApiVersion: o.version ?? 1, correlationId: 5, clientId: o.clientId ?? 'c', requestApiKeyName: o.name ?? 'STREAMS_GROUP_HEARTBEAT' };
  return `[${o.ts ?? '2025-06-01 12:00:00,000'}] DEBUG Completed request:${JSON.stringify({ isForwarded: false, requestHeader: header, request: o.request, response: o.response, connection: '127.0.0.1:9092-127.0.0.1:50000-0', totalTimeMs: 1.5 })} (kafka.request.logger)`;
}

describe('importRequestLog', () => {
  it('imports the streams group requests of the fixture and skips the rest with reasons', () => {
    const r = importRequestLog(log);
    expect(r.groupId).toBe('app');
    expect(sends(r.steps).map((s) => [s.send, s.member ?? null])).toEqual([
      ['StreamsGroupHeartbeat', 'a'],
      ['StreamsGroupHeartbeat', 'b'],
      ['StreamsGroupHeartbeat', 'a'],
      ['StreamsGroupHeartbeat', 'a'],
      ['StreamsGroupHeartbeat', 'b'],
      ['StreamsGroupHeartbeat', 'b'],
      ['StreamsGroupHeartbeat', 'a'],
      ['StreamsGroupDescribe', null],
    ]);
    expect(r.skipped.map((s) => s.line)).toEqual([1, 2, 5, 6, 9]);
    expect(r.skipped[0]!.reason).toBe('api key 3 (METADATA) is not a streams group RPC of protocol ak4');
    expect(r.skipped[1]!.reason).toMatch(/FIND_COORDINATOR/);
    expect(r.skipped[2]!.reason).toMatch(/not a request-logger line/);
    expect(r.skipped[3]!.reason).toMatch(/group "billing", not "app" \(the first group in the log; choose another with --group\)/);
    expect(r.skipped[4]!.reason).toMatch(/cut off/);
    expect(r.members).toEqual({ a: A, b: B });
    expect(r.sourceLines.filter((l) => l !== null)).toEqual([3, 4, 7, 8, 11, 12, 13, 14]);
  });

  it('keeps the request as logged: member id, version, and null ≠ [] in the owned-task lists', () => {
    const all = sends(importRequestLog(log).steps);
    const [join, hb] = [all[0], all[6]];
    expect(join).toMatchObject({ send: 'StreamsGroupHeartbeat', version: 1, member: 'a', label: 'a: StreamsGroupHeartbeat (line 3)' });
    expect(join!.data).toMatchObject({ groupId: 'app', memberId: A, memberEpoch: 0, activeTasks: [], standbyTasks: [], warmupTasks: [], processId: 'p1' });
    expect(hb!.data).toMatchObject({ memberId: A, activeTasks: null, standbyTasks: null, warmupTasks: null });
    // other nulls are the schema defaults and are left out
    expect('instanceId' in join!.data).toBe(false);
    expect('taskOffsets' in join!.data).toBe(false);
    expect(Object.keys(join!)).toEqual(['label', 'send', 'version', 'member', 'data']);
  });

  it('imports another group with options.group', () => {
    const r = importRequestLog(log, { group: 'billing' });
    expect(sends(r.steps)).toHaveLength(1);
    expect(r.members).toEqual({ a: 'zzTop000000000000000000' });
    expect(r.skipped.find((s) => s.line === 3)!.reason).toBe('StreamsGroupHeartbeat is for group "app", not "billing"');
  });

  it('turns clock gaps into advance steps with timing "advance"', () => {
    const r = importRequestLog(log, { timing: 'advance' });
    const advances = r.steps.filter((s) => 'advance' in s).map((s) => (s as { advance: number }).advance);
    expect(advances).toEqual([9, 6, 7, 9, 6000, 4, 12]);
    expect(r.steps.reduce((n, s) => n + ('advance' in s ? s.advance : 0), 0)).toBe(6170 - 123);
    expect(importRequestLog(log).steps.some((s) => 'advance' in s)).toBe(false);
  });

  it('with clock "handled", orders and times requests by when the broker handed them to the coordinator', () => {
    // logged at completion: a slow join (2000 ms, 1900 of them waiting on the coordinator's write) completes after a
    // heartbeat that reached the coordinator 1 s after it; both completed in the same millisecond as a third one
    const timed = (ts: string, member: string, epoch: number, total: number, queue: number, local: number) =>
      line({ ts, request: { groupId: 'g', memberId: member, memberEpoch: epoch }, response: { errorCode: 0, memberId: member, memberEpoch: 1 } }).replace(
        '"totalTimeMs":1.5',
        `"totalTimeMs":${total},"requestQueueTimeMs":${queue},"localTimeMs":${local}`,
      );
    const text = [timed('2025-06-01 12:00:02,000', 'x', 0, 2000, 40, 60), timed('2025-06-01 12:00:02,000', 'y', 1, 3.5, 0.5, 1), timed('2025-06-01 12:00:02,000', 'z', 1, 1000.4, 0.2, 0.2)].join('\n');
    const handled = importRequestLog(text, { timing: 'advance', clock: 'handled' });
    // handed over at 00,100 (x), 01,000 (z: waited 1000 ms after) and 01,998 (y)
    expect(handled.steps.map((s) => ('advance' in s ? s.advance : (s as SendStep).member))).toEqual(['a', 900, 'b', 998, 'c']);
    expect(handled.members).toEqual({ a: 'x', b: 'z', c: 'y' });
    expect(handled.sourceLines).toEqual([1, null, 3, null, 2]);
    // the log's order and no time between them by default
    const completed = importRequestLog(text, { timing: 'advance' });
    expect(completed.members).toEqual({ a: 'x', b: 'y', c: 'z' });
    expect(completed.steps.some((s) => 'advance' in s)).toBe(false);
  });

  it('warns about timestamps that go backwards, without moving the clock back', () => {
    const hb = (ts: string) => line({ ts, request: { groupId: 'g', memberId: 'm', memberEpoch: 1 }, response: { errorCode: 0, memberId: 'm', memberEpoch: 1 } });
    const r = importRequestLog([hb('2025-06-01 12:00:01,000'), hb('2025-06-01 12:00:00,500'), hb('2025-06-01 12:00:02,000')].join('\n'), { timing: 'advance' });
    expect(r.steps.filter((s) => 'advance' in s)).toEqual([{ advance: 1000 }]);
    expect(r.warnings).toEqual([{ line: 2, message: "the timestamp is 500 ms before the previous request's; no time passes" }]);
  });

  it('expects the logged errorCode and memberEpoch (and describe group epochs) with expectResponses', () => {
    const steps = sends(importRequestLog(log, { expectResponses: true }).steps);
    expect(steps.map((s) => s.expect)).toEqual([
      { response: { errorCode: 0, memberEpoch: 2 } },
      { response: { errorCode: 0, memberEpoch: 3 } },
      { response: { errorCode: 0, memberEpoch: 2 } },
      { response: { errorCode: 0, memberEpoch: 3 } },
      { response: { errorCode: 0, memberEpoch: 3 } },
      { response: { errorCode: 0, memberEpoch: 3 } },
      { response: { errorCode: 0, memberEpoch: 3 } },
      { response: { groups: [{ errorCode: 0, groupEpoch: 3 }] } },
    ]);
    expect(sends(importRequestLog(log).steps).every((s) => s.expect === undefined)).toBe(true);
  });

  it('assigns aliases a, b, … z, aa, … in order of appearance, or from the thread suffix of the clientId', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(letterAlias)).toEqual(['a', 'b', 'z', 'aa', 'ab', 'az', 'ba', 'zz', 'aaa']);
    // two processes (clientId prefixes), thread 1 each: a1, b1
    expect(importRequestLog(log, { aliases: 'thread' }).members).toEqual({ a1: A, b1: B });
    // one process with two threads: t1, t2; a client id without a thread suffix: m1; a second member on the same thread: t1-2
    const hb = (member: string, clientId: string) => line({ clientId, request: { groupId: 'g', memberId: member, memberEpoch: 0 }, response: { errorCode: 0, memberId: member, memberEpoch: 1 } });
    const text = [hb('m-1', 'app-p-StreamThread-1-consumer'), hb('m-2', 'app-p-StreamThread-2-consumer'), hb('m-3', 'custom'), hb('m-4', 'app-p-StreamThread-1-consumer')].join('\n');
    expect(importRequestLog(text, { aliases: 'thread' }).members).toEqual({ t1: 'm-1', t2: 'm-2', m1: 'm-3', 't1-2': 'm-4' });
    expect(importRequestLog(text).members).toEqual({ a: 'm-1', b: 'm-2', c: 'm-3', d: 'm-4' });
  });

  it('uses the draft api keys for kip1071-draft and drops broker-generated member ids after the join', () => {
    const generated = 'brokerGen0000000000000';
    const text = [
      line({
        key: 89,
        version: 0,
        request: { groupId: 'g', memberId: '', memberEpoch: 0, topologyId: 't1', activeTasks: [], standbyTasks: [], warmupTasks: [] },
        response: { errorCode: 0, memberId: generated, memberEpoch: 1, shouldInitializeTopology: true },
      }),
      line({ key: 88, version: 0, name: 'STREAMS_GROUP_INITIALIZE', request: { groupId: 'g', topologyId: 't1', topology: [] }, response: { errorCode: 0 } }),
      line({ key: 89, version: 0, request: { groupId: 'g', memberId: generated, memberEpoch: 1 }, response: { errorCode: 0, memberId: generated, memberEpoch: 1 } }),
      line({ key: 90, version: 0, name: 'STREAMS_GROUP_DESCRIBE', request: { groupIds: ['g'], includeAuthorizedOperations: false }, response: { groups: [] } }),
    ].join('\n');
    const r = importRequestLog(text, { protocol: 'kip1071-draft' });
    const s = sends(r.steps);
    expect(s.map((x) => [x.send, x.member])).toEqual([
      ['StreamsGroupHeartbeat', 'a'],
      ['StreamsGroupInitialize', 'a'],
      ['StreamsGroupHeartbeat', 'a'],
      ['StreamsGroupDescribe', 'a'],
    ]);
    expect(s[0]!.data.memberId).toBe('');
    expect('memberId' in s[2]!.data).toBe(false); // the runner fills in the id the simulated broker generated
    expect(r.members).toEqual({ a: generated });
    // the same log read as ak4: 89 is StreamsGroupDescribe there, and the names do not match
    const wrong = importRequestLog(text, { protocol: 'ak4' });
    expect(wrong.steps).toEqual([]);
    expect(wrong.skipped[0]!.reason).toBe('api key 89 is StreamsGroupDescribe in protocol ak4, but the line names it STREAMS_GROUP_HEARTBEAT (wrong protocol?)');
    expect(wrong.skipped[3]!.reason).toMatch(/api key 90 \(STREAMS_GROUP_DESCRIBE\) is not a streams group RPC of protocol ak4; is the log from protocol "kip1071-draft"\?/);
  });

  it('skips versions the protocol does not have and drops unknown fields with a warning', () => {
    const text = [
      line({ version: 7, request: { groupId: 'g', memberId: 'm', memberEpoch: 0 }, response: { errorCode: 0 } }),
      line({ request: { groupId: 'g', memberId: 'm', memberEpoch: 0, futureField: 1 }, response: { errorCode: 0, memberId: 'm', memberEpoch: 1 } }),
      line({ request: '', response: '' }),
    ].join('\n');
    const r = importRequestLog(text);
    expect(r.skipped).toEqual([
      { line: 1, reason: 'StreamsGroupHeartbeat v7 is not known in protocol ak4 (versions 0–1)' },
      { line: 3, reason: 'StreamsGroupHeartbeat: the broker logged no request body' },
    ]);
    expect(r.warnings).toEqual([{ line: 2, message: 'dropped field "futureField": not in StreamsGroupHeartbeat v1 (ak4)' }]);
    expect(sends(r.steps)[0]!.data).toEqual({ groupId: 'g', memberId: 'm', memberEpoch: 0 });
  });

  it('never throws on garbage and lists nothing for blank lines', () => {
    const r = importRequestLog('\n\n   \n\u0000\u0001{{{{\nCompleted request:\nCompleted request:{"requestHeader":\n');
    expect(r.steps).toEqual([]);
    expect(r.groupId).toBeNull();
    expect(r.skipped.map((s) => s.line)).toEqual([4, 5, 6]);
  });
});

describe('scenarioFromRequestLog', () => {
  it('builds a valid format-1 scenario with topics inferred from the logged topology and tasks', () => {
    const { scenario, result } = scenarioFromRequestLog(log, {}, { expectResponses: true });
    const v = valid(scenario);
    expect(v).toMatchObject({ format: 1, protocol: 'ak4', variant: 'current', groupId: 'app', title: 'Imported request log (group app)', clients: {} });
    // orders: tasks 0_0…0_3 were logged -> 4 partitions; its changelog as many
    expect(v.topics).toEqual([
      { name: 'app-0-changelog', partitions: 4 },
      { name: 'orders', partitions: 4 },
    ]);
    expect(v.steps).toHaveLength(result.steps.length);
    expect(scenario.notes).toContain('8 requests of group `app`. 5 lines were skipped.');
    expect(scenario.notes).toContain(`**a** = \`${A}\``);
  });

  it('takes the base for everything it gives, and the default partition count when no task is logged', () => {
    const hb = line({
      request: {
        groupId: 'g',
        memberId: 'm',
        memberEpoch: 0,
        topology: {
          epoch: 0,
          subtopologies: [
            {
              subtopologyId: 's',
              sourceTopics: ['in'],
              sourceTopicRegex: [],
              stateChangelogTopics: [],
              repartitionSinkTopics: [],
              repartitionSourceTopics: [{ name: 'g-rep', partitions: 0, replicationFactor: 0, topicConfigs: [] }],
              copartitionGroups: [],
            },
          ],
        },
      },
      response: { errorCode: 0, memberId: 'm', memberEpoch: 1 },
    });
    expect(scenarioFromRequestLog(hb, {}, { defaultPartitions: 6 }).scenario.topics).toEqual([
      { name: 'g-rep', partitions: 6 },
      { name: 'in', partitions: 6 },
    ]);
    // a response that reports missing internal topics: the broker created them during the log
    const missing = line({
      request: JSON.parse(hb.slice(hb.indexOf('"request":') + 10, hb.indexOf(',"response"'))),
      response: { errorCode: 0, memberId: 'm', memberEpoch: 1, status: [{ statusCode: 3, statusDetail: 'Internal topics are missing: [g-rep]' }] },
    });
    expect(scenarioFromRequestLog(missing).scenario.topics).toEqual([{ name: 'in', partitions: 4 }]);
    const based = scenarioFromRequestLog(hb, {
      title: 'T',
      notes: 'N',
      config: { 'group.streams.session.timeout.ms': 30000 },
      topics: [{ name: 'in', partitions: 2 }],
      checkVariants: ['current', 'A-persist-partial'],
    });
    expect(valid(based.scenario)).toMatchObject({
      title: 'T',
      notes: 'N',
      config: { 'group.streams.session.timeout.ms': 30000 },
      topics: [{ name: 'in', partitions: 2 }],
      checkVariants: ['current', 'A-persist-partial'],
    });
  });

  it('is deterministic', () => {
    const a = JSON.stringify(scenarioFromRequestLog(log, {}, { timing: 'advance', expectResponses: true }));
    expect(JSON.stringify(scenarioFromRequestLog(log, {}, { timing: 'advance', expectResponses: true }))).toBe(a);
  });
});
