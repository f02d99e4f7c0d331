// The Compare panel's reader of `sgp oracle --json` results, and the oracle's comparison (no broker needed).
import { describe, expect, it } from 'vitest';
import { readOracleResult } from '../../src/core/oracle/result.ts';
import { compareWithKafka, type KafkaStepResult } from '../../src/core/oracle/compare.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { readFileSync } from 'node:fs';

const scenario = () => {
  const p = parseScenario(readFileSync('static/examples/01-first-join.json', 'utf8'));
  if (!p.ok) throw new Error('example 01 does not parse');
  return p.scenario;
};

describe('oracle comparison', () => {
  const trace = runScenario(scenario());
  const kafkaOf = (mutate: (s: KafkaStepResult[]) => void): KafkaStepResult[] => {
    const steps = trace.steps.map((t) => ({
      index: t.index,
      label: t.label,
      kind: t.kind,
      response: structuredClone(t.response) as Record<string, unknown> | null,
      exchanges: [],
      records: t.records.map((r) => ({ type: r.type, key: structuredClone(r.key), value: structuredClone(r.value) })),
    }));
    mutate(steps);
    return steps;
  };

  it('agrees with itself, and numbers metadata hashes and wall-clock timestamps away', () => {
    const k = kafkaOf((s) => {
      for (const step of s)
        for (const r of step.records) {
          if (r.value && 'metadataHash' in r.value) r.value.metadataHash = '-8703205610117697801';
          if (r.value && 'assignmentTimestamp' in r.value) r.value.assignmentTimestamp = 1_764_000_000_000;
        }
    });
    expect(compareWithKafka(trace.steps, k).firstDivergence).toBeNull();
  });

  it('names the first divergence and every differing field', () => {
    const k = kafkaOf((s) => {
      (s[0]!.response as Record<string, unknown>).memberEpoch = 1;
      s[0]!.records.pop();
    });
    const c = compareWithKafka(trace.steps, k);
    expect(c.firstDivergence).toBe(0);
    expect(c.steps[0]!.diffs.map((d) => d.path)).toEqual(['response.memberEpoch', 'records.length']);
    expect(c.steps[0]!.diffs[0]).toMatchObject({ playground: trace.steps[0]!.response && (trace.steps[0]!.response as Record<string, unknown>).memberEpoch, kafka: 1 });
  });

  it('a zero Kafka timestamp must be zero in the playground too', () => {
    const k = kafkaOf((s) => {
      for (const step of s) for (const r of step.records) if (r.value && 'assignmentTimestamp' in r.value) r.value.assignmentTimestamp = 0;
    });
    const simHasNonZero = trace.steps.some((t) => t.records.some((r) => r.value && typeof r.value.assignmentTimestamp === 'number' && r.value.assignmentTimestamp !== 0));
    expect(compareWithKafka(trace.steps, k).firstDivergence === null).toBe(!simHasNonZero);
  });
});

describe('readOracleResult', () => {
  const trace = runScenario(scenario());
  const good = {
    format: 'sgp-oracle',
    version: 1,
    scenario: '01-first-join.json',
    kafka: { version: '4.4.0', bootstrap: '127.0.0.1:9092', configs: {} },
    timeScale: 10,
    marginMs: 2000,
    groupConfigs: {},
    ...compareWithKafka(
      trace.steps,
      trace.steps.map((t) => ({ index: t.index, label: t.label, kind: t.kind, response: t.response as Record<string, unknown>, exchanges: [], records: t.records })),
    ),
    elapsedMs: 1,
    medianRoundTripMs: 1,
  };

  it('reads what sgp oracle --json writes', () => {
    const r = readOracleResult(JSON.stringify(good));
    expect(r.ok).toBe(true);
  });

  it('refuses other files with the reason', () => {
    expect(readOracleResult('<html>')).toMatchObject({ ok: false, message: expect.stringContaining('not JSON') });
    expect(readOracleResult('{"format":1,"steps":[]}')).toMatchObject({ ok: false, message: expect.stringContaining('not an oracle result') });
    expect(readOracleResult(JSON.stringify({ ...good, version: 2 }))).toMatchObject({ ok: false, message: expect.stringContaining('version 2') });
    expect(readOracleResult(JSON.stringify({ ...good, steps: [{ index: 0 }] }))).toMatchObject({ ok: false, message: expect.stringContaining('$.steps[0]') });
    expect(readOracleResult(JSON.stringify({ ...good, __proto__: null, steps: 'x' }))).toMatchObject({ ok: false });
  });
});
