// Issue 13, defect 4: inputs with hundreds of thousands of items (trace rows, topics, records) are
// handled without a stack overflow.
import { describe, expect, it } from 'vitest';
import { importRequestLog, scenarioFromRequestLog } from '../../src/core/interop/index.ts';
import { formatTrace } from '../../src/core/scenario/format.ts';
import type { Trace, TraceStep } from '../../src/core/scenario/types.ts';

function step(index: number): TraceStep {
  return {
    index,
    label: `step ${index}`,
    time: index,
    kind: 'advance',
    member: null,
    api: null,
    version: null,
    request: null,
    response: null,
    errorName: null,
    records: [],
    timers: [],
    exchanges: [],
    group: null,
    narration: [],
    mismatches: [],
    violations: [],
    durability: null,
  };
}

describe('big inputs', () => {
  it('the trace table of 200,000 steps (Math.max(...rows) overflowed at 125,000)', () => {
    const trace = { title: 'big', protocol: 'ak4', variant: 'current', steps: Array.from({ length: 200_000 }, (_, i) => step(i)), topics: {} } as unknown as Trace;
    const lines = formatTrace(trace).split('\n');
    expect(lines[2]).toMatch(/^ {5}# {2}time ms/);
    expect(lines[4]).toMatch(/^ {5}0 {8}0  step 0 /);
  });

  it('sgp import of a topology with 400,000 source topics (Math.max(0, ...sourceTopics) overflowed)', () => {
    const sourceTopics = Array.from({ length: 400_000 }, (_, i) => `t${i}`);
    const request = {
      groupId: 'app',
      memberId: 'm1',
      memberEpoch: 0,
      rebalanceTimeoutMs: 300000,
      topology: {
        epoch: 0,
        subtopologies: [{ subtopologyId: '0', sourceTopics, stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0, replicationFactor: 0, topicConfigs: [] }], repartitionSourceTopics: [] }],
      },
      activeTasks: [],
      standbyTasks: [],
      warmupTasks: [],
      processId: 'p1',
    };
    const header = { requestApiKey: 88, requestApiVersion: 1, correlationId: 5, clientId: 'c', requestApiKeyName: 'STREAMS_GROUP_HEARTBEAT' };
    const line = `[2025-06-01 12:00:00,000] DEBUG Completed request:${JSON.stringify({ isForwarded: false, requestHeader: header, request, response: { errorCode: 0, memberEpoch: 1 } })} (kafka.request.logger)`;
    expect(importRequestLog(line).steps).toHaveLength(1);
    const { scenario } = scenarioFromRequestLog(line);
    expect(scenario.topics).toHaveLength(400_001);
  });

  it('thread aliases of 5,000 members sharing one client id: t1, t1-2, … (each alias used to search from -2)', () => {
    const header = {
      requestApiKey: 88,
      requestApiVersion: 1,
      correlationId: 5,
      clientId: 'app-3c2d1e0f-5a6b-4c7d-8e9f-0a1b2c3d4e5f-StreamThread-1-consumer',
      requestApiKeyName: 'STREAMS_GROUP_HEARTBEAT',
    };
    const lines = Array.from(
      { length: 5000 },
      (_, i) =>
        `[2025-06-01 12:00:00,000] DEBUG Completed request:${JSON.stringify({ isForwarded: false, requestHeader: header, request: { groupId: 'app', memberId: `m${i}`, memberEpoch: 0, processId: 'p' }, response: { errorCode: 0, memberEpoch: 1 } })} (kafka.request.logger)`,
    );
    const r = importRequestLog(lines.join('\n'), { aliases: 'thread' });
    const aliases = Object.keys(r.members);
    expect(aliases).toHaveLength(5000);
    expect(aliases.slice(0, 3)).toEqual(['t1', 't1-2', 't1-3']);
    expect(aliases.at(-1)).toBe('t1-5000');
  });
});
