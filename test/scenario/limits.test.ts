// Issue 13, defect 3: partitions per topic and tasks per group are capped at documented limits
// (src/core/limits.ts); beyond them a scenario is a validation error (exit 2) and the importer skips the line.
import { describe, expect, it } from 'vitest';
import { importRequestLog } from '../../src/core/interop/index.ts';
import { MAX_PARTITIONS_PER_TOPIC, MAX_TASKS_PER_GROUP } from '../../src/core/limits.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';

const errors = (doc: unknown): string[] => {
  const r = parseScenario(typeof doc === 'string' ? doc : JSON.stringify(doc));
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('partition and task limits', () => {
  it('are sizes a real cluster accepts', () => {
    expect(MAX_PARTITIONS_PER_TOPIC).toBe(10_000);
    expect(MAX_TASKS_PER_GROUP).toBe(100_000);
  });

  it('a topic of 2^31-1 or 1e300 partitions is refused; 10,000 is accepted', () => {
    expect(errors({ format: 1, topics: [{ name: 'in', partitions: 2147483647 }] })).toEqual([
      "$.topics[0].partitions: partitions is 2147483647, above the playground's limit of 10,000 partitions per topic",
    ]);
    expect(errors('{"format":1,"topics":[{"name":"in","partitions":1e300}]}')[0]).toMatch(/^\$\.topics\[0\]\.partitions: partitions is 1e300, beyond/);
    expect(errors({ format: 1, topics: [{ name: 'in', partitions: 10_000 }] })).toEqual([]);
  });

  it('topic steps, explore topic changes and declared topology counts are capped too', () => {
    expect(errors({ format: 1, steps: [{ topics: { create: [{ name: 'x', partitions: 1e6 }], partitions: { y: 20_000 } } }] })).toEqual([
      "$.steps[0].topics.create[0].partitions: partitions is 1000000, above the playground's limit of 10,000 partitions per topic",
      '$.steps[0].topics.partitions.y: partitions of "y" is 20000, above the playground\'s limit of 10,000 partitions per topic',
    ]);
    expect(errors({ format: 1, explore: { topicChanges: [{ partitions: { y: 10_001 } }] } })).toHaveLength(1);
    const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'], repartitionSourceTopics: [{ name: 'rep', partitions: 50_000 }] }] };
    expect(errors({ format: 1, topology })).toEqual(["$.topology.subtopologies[0].repartitionSourceTopics[0].partitions: partitions is 50000, above the playground's limit of 10,000"]);
  });

  it("a topology whose tasks exceed 100,000 with the scenario's topics is refused, wherever it is", () => {
    const subs = (n: number) => Array.from({ length: n }, (_, i) => ({ subtopologyId: String(i), sourceTopics: ['big'] }));
    const doc = (n: number, grow = false) => ({
      format: 1,
      topics: [{ name: 'big', partitions: grow ? 1 : 10_000 }],
      topology: { epoch: 0, subtopologies: subs(n) },
      clients: { a: { topology: { epoch: 0, subtopologies: subs(n) } } },
      steps: grow ? [{ topics: { partitions: { big: 10_000 } } }] : [],
    });
    expect(errors(doc(10))).toEqual([]);
    expect(errors(doc(11))).toEqual([
      "$.topology: This topology has up to 110,000 tasks with the scenario's topics, above the playground's limit of 100,000 tasks per group",
      "$.clients.a.topology: This topology has up to 110,000 tasks with the scenario's topics, above the playground's limit of 100,000 tasks per group",
    ]);
    // the largest count a topic ever has counts, not only the initial one
    expect(errors(doc(11, true))).toHaveLength(2);
  });

  it('the importer skips a logged request beyond the limits, with the reason', () => {
    const header = { requestApiKey: 88, requestApiVersion: 1, correlationId: 5, clientId: 'c', requestApiKeyName: 'STREAMS_GROUP_HEARTBEAT' };
    const line = (request: unknown) =>
      `[2025-06-01 12:00:00,000] DEBUG Completed request:${JSON.stringify({ isForwarded: false, requestHeader: header, request, response: { errorCode: 0, memberEpoch: 1 } })} (kafka.request.logger)`;
    const base = { groupId: 'app', memberId: 'm1', memberEpoch: 1, processId: 'p' };
    const topology = {
      epoch: 0,
      subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'], repartitionSourceTopics: [{ name: 'rep', partitions: 2147483647, replicationFactor: 0, topicConfigs: [] }] }],
    };
    const r = importRequestLog(
      [
        line({ ...base, memberEpoch: 0, topology }),
        line({ ...base, activeTasks: [{ subtopologyId: '0', partitions: [0, 20_000] }] }),
        line({ ...base, activeTasks: [{ subtopologyId: '0', partitions: [9_999] }] }),
      ].join('\n'),
    );
    expect(r.skipped).toEqual([
      { line: 1, reason: 'StreamsGroupHeartbeat: the request declares 2147483647 partitions for topic "rep" (repartitionSourceTopics), not a count from 0 to the playground\'s limit of 10,000' },
      { line: 2, reason: 'StreamsGroupHeartbeat: the request names partition 20000 of subtopology "0" (activeTasks), beyond the playground\'s limit of 10,000 partitions per topic' },
    ]);
    expect(r.steps).toHaveLength(1);
  });
});
