// The engine-agnostic parts of the generated-sequence oracle: the shrinker keeps only what a divergence needs, and
// runSequences counts coverage, shrinks every divergence and reports it by seed, whatever the engine. The engine here
// is the simulator compared with itself, made to differ from a chosen kind of step on.
import { describe, expect, it } from 'vitest';
import { compareWithKafka, type KafkaStepResult, type OracleResult } from '../../src/core/oracle/compare.ts';
import { divergenceSignature, runSequences, type SequenceEngine } from '../../src/core/oracle/sequences.ts';
import { shrinkScenario } from '../../src/core/oracle/shrink.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

type Json = Record<string, unknown>;

/** The simulator against itself; `differs` picks the steps whose "Kafka" response is altered (errorCode 99). */
function selfEngine(differs: (step: Json) => boolean): SequenceEngine & { runs: number } {
  const engine = {
    name: 'self',
    mode: 'exact' as const,
    runs: 0,
    run: async (doc: Json): Promise<OracleResult> => {
      engine.runs++;
      const p = parseScenario(JSON.stringify(doc));
      if (!p.ok) throw new Error(p.errors[0]!.message);
      const trace = runScenario(p.scenario).steps;
      const kafka: KafkaStepResult[] = trace.map((t, i) => ({
        index: t.index,
        label: t.label,
        kind: t.kind === 'run' ? 'run' : 'request',
        response: differs((doc.steps as Json[])[i]!) ? { ...(t.response as Json), errorCode: 99 } : (t.response as Json | null),
        exchanges: t.exchanges.map((x) => ({ member: x.member, response: x.response as Json })),
        records: t.records.map((r) => ({ type: r.type, key: r.key, value: r.value })),
      }));
      const cmp = compareWithKafka(trace, kafka);
      return {
        format: 'sgp-oracle',
        version: 1,
        scenario: 'self.json',
        kafka: { version: 'self', bootstrap: '-', configs: {} },
        timeScale: 1,
        marginMs: 0,
        groupConfigs: {},
        normalisations: cmp.normalisations,
        steps: cmp.steps,
        firstDivergence: cmp.firstDivergence,
        elapsedMs: 0,
        medianRoundTripMs: null,
      };
    },
  };
  return engine;
}

const diffLines = (r: OracleResult): string[] =>
  r.steps.flatMap((s) => s.diffs.map((d) => `step ${s.index + 1} (${s.label}): ${d.path}: playground ${JSON.stringify(d.playground)}, Kafka ${JSON.stringify(d.kafka)}`));

const base = {
  format: 1,
  config: { 'group.streams.initial.rebalance.delay.ms': 0, 'offsets.retention.minutes': 5 },
  topics: [{ name: 'in0', partitions: 2 }],
  topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] },
  clients: { a: { profile: 'java', processId: 'p1' }, b: { profile: 'java', processId: 'p2' }, c: { profile: 'java', processId: 'p3' } },
};

describe('shrinkScenario', () => {
  it('keeps only the steps, clients and configs a divergence needs', async () => {
    const doc: Json = {
      ...base,
      steps: [
        { client: 'a', do: 'join' },
        { client: 'b', do: 'join' },
        { send: 'ListGroups', version: 5, data: {} },
        { client: 'c', do: 'join' },
        { advance: 1000 },
        { send: 'DescribeGroups', version: 6, data: { groups: ['app'] } },
        { client: 'b', do: 'leave' },
      ],
    };
    // diverges when a DescribeGroups follows b's join
    const diverges = async (d: Json) => {
      const steps = d.steps as Json[];
      const join = steps.findIndex((s) => s.client === 'b' && s.do === 'join');
      return join >= 0 && steps.some((s, i) => i > join && s.send === 'DescribeGroups');
    };
    const { doc: minimal, runs } = await shrinkScenario(doc, diverges, { maxRuns: 100 });
    expect(minimal.steps).toEqual([
      { client: 'b', do: 'join' },
      { send: 'DescribeGroups', version: 6, data: { groups: ['app'] } },
    ]);
    expect(Object.keys(minimal.clients as Json)).toEqual(['b']);
    expect(minimal.config).toEqual({});
    expect(runs).toBeLessThanOrEqual(100);
  });

  it('stops at the run budget', async () => {
    let calls = 0;
    const doc: Json = { ...base, steps: Array.from({ length: 12 }, () => ({ client: 'a', do: 'heartbeat' })) };
    await shrinkScenario(doc, async () => (calls++, false), { maxRuns: 5 });
    expect(calls).toBe(5);
  });
});

describe('divergenceSignature', () => {
  it("is the step's action without its alias and the field path with any index", () => {
    expect(divergenceSignature('step 3 (a: join): response.status[1].statusCode: playground 1, Kafka 3')).toBe('join response.status[*].statusCode');
    expect(divergenceSignature('step 12 (raw: OffsetCommit): response.topics[0].partitions[2].errorCode: playground 0, Kafka 3')).toBe('OffsetCommit response.topics[*].partitions[*].errorCode');
    expect(divergenceSignature('step 2 (advance 5000 ms): records.length: playground 2, Kafka 1')).toBe('advance 5000 ms records.length');
    expect(divergenceSignature('something else')).toBe('something else');
  });
});

describe('runSequences', () => {
  it('agrees with itself: coverage counted on both sides, nothing diverges', async () => {
    const engine = selfEngine(() => false);
    const report = await runSequences(engine, { count: 6, steps: 12, seedOffset: 100, concurrency: 2, failoverEvery: 0, unexplained: diffLines, shrinkRuns: 20 });
    expect(report.divergences).toEqual([]);
    expect(report.errors).toEqual([]);
    expect(report.coverage.sequences).toBe(6);
    expect(engine.runs).toBe(6);
    const hb = report.coverage.counts.rpc.get('StreamsGroupHeartbeat v1')!;
    expect(hb.simulator).toBeGreaterThan(0);
    expect(hb.kafka).toBe(hb.simulator);
    expect(report.requests).toBeGreaterThan(0);
  });

  it('shrinks each kind of divergence once, from its lowest seed, to a scenario that still shows it', async () => {
    const engine = selfEngine((s) => s.send === 'ListGroups');
    const report = await runSequences(engine, { count: 8, steps: 16, seedOffset: 0, concurrency: 3, failoverEvery: 0, unexplained: diffLines, shrinkRuns: 40 });
    expect(report.divergences.length).toBeGreaterThan(1);
    const seeds = report.divergences.map((d) => d.seed);
    expect(seeds).toEqual([...seeds].sort((a, b) => a - b));
    const [first, ...rest] = report.divergences;
    expect(first).toMatchObject({ signature: 'ListGroups response.errorCode', shrunk: true, reproduced: true, sameAs: null });
    expect((first!.minimal.steps as Json[]).map((s) => s.send)).toEqual(['ListGroups']);
    expect(first!.diffs).toEqual(['step 1 (raw: ListGroups): response.errorCode: playground 0, Kafka 99']);
    for (const d of rest) expect(d).toMatchObject({ signature: 'ListGroups response.errorCode', shrunk: false, sameAs: first!.seed });
  });

  it('shrinks past candidates the engine cannot run (live seeds 22 and 54: a topic created again, or grown, once a step before it was dropped)', async () => {
    const base = selfEngine((s) => s.send === 'ListGroups');
    let threw = 0;
    const engine: SequenceEngine = {
      name: 'picky',
      mode: 'exact',
      // a shrink candidate that lost its first step cannot run, as on a broker that refuses a step
      run: async (doc) => {
        const steps = doc.steps as Json[];
        if (steps.length < 16 && steps.length > 1) {
          threw++;
          throw new Error('CreateTopics in1: error 36');
        }
        return base.run(doc);
      },
    };
    const report = await runSequences(engine, { count: 8, steps: 16, seedOffset: 0, concurrency: 1, failoverEvery: 0, unexplained: diffLines, shrinkRuns: 40 });
    expect(threw).toBeGreaterThan(0);
    expect(report.errors).toEqual([]);
    const shrunk = report.divergences.filter((d) => d.shrunk);
    expect(shrunk.length).toBe(1);
    expect(shrunk[0]).toMatchObject({ signature: 'ListGroups response.errorCode', reproduced: true });
  });

  it('reports an engine that throws, by seed, and goes on', async () => {
    const engine: SequenceEngine = {
      name: 'broken',
      mode: 'exact',
      run: async (doc) => {
        if ((doc.title as string).includes('sequence 2 ')) throw new Error('connection reset');
        return selfEngine(() => false).run(doc);
      },
    };
    const report = await runSequences(engine, { count: 3, steps: 6, seedOffset: 0, concurrency: 1, failoverEvery: 0, unexplained: diffLines, shrinkRuns: 5 });
    expect(report.errors).toEqual([{ seed: 2, message: 'connection reset' }]);
    expect(report.coverage.sequences).toBe(2);
  });
});
