// sgp oracle's side-by-side table summarises each step by its error, epoch and records. OffsetCommit answers per
// partition (OffsetCommitResponse has no top-level ErrorCode), so its summary reads the partitions' errors.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { compareWithKafka, type KafkaStepResult } from '../../src/core/oracle/compare.ts';
import { formatOracleResult } from '../../src/core/oracle/report.ts';

const scenario = {
  format: 1,
  groupId: 'app',
  topics: [{ name: 'orders', partitions: 2 }],
  topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['orders'] }] },
  clients: { a: { profile: 'java', processId: 'p1' } },
  steps: [
    { label: 'a joins', client: 'a', do: 'join' },
    {
      label: 'a commits at a wrong epoch',
      send: 'OffsetCommit',
      member: 'a',
      data: { generationIdOrMemberEpoch: 7, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] },
    },
    {
      label: 'a commits at its epoch',
      send: 'OffsetCommit',
      member: 'a',
      data: { generationIdOrMemberEpoch: 1, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] },
    },
  ],
};

describe('sgp oracle step summary', () => {
  const parsed = parseScenario(JSON.stringify(scenario));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const trace = runScenario(parsed.scenario).steps;
  const kafka: KafkaStepResult[] = trace.map((t) => ({
    index: t.index,
    label: t.label,
    kind: t.kind,
    response: t.response as Record<string, unknown> | null,
    exchanges: [],
    records: t.records.map((r) => ({ type: r.type, key: r.key, value: r.value }) as never),
  }));
  const { steps } = compareWithKafka(trace, kafka);

  it('joins first (the commits below reach a real member)', () => {
    expect(steps[0]!.playground.summary).toMatchObject({ error: 'NONE', memberEpoch: 1 });
  });

  it("names an OffsetCommit's partition error (StreamsGroup.validateOffsetCommit: STALE_MEMBER_EPOCH)", () => {
    expect(steps[1]!.playground.summary.error).toBe('STALE_MEMBER_EPOCH');
    expect(steps[1]!.kafka.summary.error).toBe('STALE_MEMBER_EPOCH');
  });

  it('reads NONE for an accepted commit, not "(no request)"', () => {
    expect(steps[2]!.playground.summary.error).toBe('NONE');
    const text = formatOracleResult({
      scenario: 'x.json',
      kafka: { version: '4.4.0', bootstrap: 'b:1' },
      refused: null,
      timeScale: 1,
      marginMs: 2000,
      groupConfigs: {},
      normalisations: [],
      steps,
      firstDivergence: null,
    } as never);
    expect(text).not.toContain('(no request)');
  });
});
