// Compare: one scenario under two variants; the first divergence and what differs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareScenario, diffJson, formatComparison, resolveSide, sideNames } from '../../src/core/compare/compare.ts';
import { parseCompareArgs, sides } from '../../src/cli/compare.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runCli } from '../../src/cli/cli.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

function load(file: string) {
  const r = parseScenario(readFileSync(`static/examples/${file}`, 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

describe('compareScenario', () => {
  it('finds the first divergence of KAFKA-20870 §4.3 between current and option A: HB1', () => {
    const c = compareScenario(load('16-kafka-20870-two-roles.json'), { variant: 'current' }, { variant: 'A-persist-partial' });
    expect(c.firstDivergence).toBe(5);
    const d = c.differences[5]!;
    expect(d.find((x) => x.aspect === 'error')).toEqual({ aspect: 'error', path: '$', left: 'INVALID_REQUEST', right: 'NONE' });
    expect(d.some((x) => x.aspect === 'records')).toBe(true);
    expect(d.some((x) => x.aspect === 'group' && x.path === '$.members.C.pendingRevocation.active.1')).toBe(true);
    // the steps before agree
    for (let i = 0; i < 5; i++) expect(c.differences[i]).toEqual([]);
  });

  it('reports agreement for the baseline, which every variant handles alike', () => {
    const c = compareScenario(load('14-kafka-20870-baseline.json'), { variant: 'current' }, { variant: 'A-persist-partial' });
    expect(c.firstDivergence).toBeNull();
    expect(formatComparison(c)).toContain('The two runs agree at every step.');
  });

  it('shows B losing in-memory progress on failover where A does not (§4.4)', () => {
    const c = compareScenario(load('17-kafka-20870-failover-between-reports.json'), { variant: 'A-persist-partial' }, { variant: 'B-accumulate' });
    expect(c.firstDivergence).toBe(5); // HB1 writes a record under A only
    const hb2 = c.differences[7]!;
    expect(hb2.find((x) => x.aspect === 'group' && x.path === '$.members.C.state')).toMatchObject({ left: 'STABLE', right: 'UNREVOKED_TASKS' });
  });

  it('diffJson lists paths, not whole objects', () => {
    const out: { path: string; left: unknown; right: unknown }[] = [];
    diffJson({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 3] }, d: true }, '$', out);
    expect(out).toEqual([
      { path: '$.b.c[1]', left: 2, right: 3 },
      { path: '$.d', left: undefined, right: true },
    ]);
  });

  it('is deterministic: the same comparison twice gives the same result', () => {
    const s = load('15-kafka-20870-report-one-role.json');
    expect(JSON.stringify(compareScenario(s, { variant: 'current' }, { variant: 'coordinator-only' }))).toBe(
      JSON.stringify(compareScenario(s, { variant: 'current' }, { variant: 'coordinator-only' })),
    );
  });
});

describe('sgp compare', () => {
  const io = () => {
    const out = { stdout: '', stderr: '' };
    return { out, io: { stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t), readFile: async (p: string) => readFileSync(p, 'utf8') } };
  };
  const deps = { loadRunner: async () => runScenario };

  it('exits 1 and marks the divergence when the variants differ', async () => {
    const { out, io: x } = io();
    const code = await runCli(['compare', 'static/examples/15-kafka-20870-report-one-role.json', '--variant', 'current', '--variant', 'A-persist-partial'], x, deps);
    expect(code).toBe(1);
    expect(out.stdout).toMatch(/>> 4 {2}A reports only its active list/);
    expect(out.stdout).toContain('First divergence at step 4');
  });

  it('sgp compare FILE --kafka 4.2 --kafka 4.4: lesson 27 under two releases, with its first divergence', async () => {
    const { out, io: x } = io();
    const code = await runCli(['compare', 'static/examples/27-what-changed-4.1-to-4.4.json', '--kafka', '4.2', '--kafka', '4.4'], x, deps);
    expect(code).toBe(1);
    expect(out.stdout).toMatch(/compare Kafka 4\.2 +vs +Kafka 4\.4/);
    expect(out.stdout).toMatch(/>> 0 {2}a joins +NONE 4rec Assigning 2\/0 +NONE 4rec Assigning 2\/1/);
    expect(out.stdout).toMatch(/b, a static member, joins +INVALID_REQUEST .* NONE /);
    expect(out.stdout).toContain('First divergence at step 0 "a joins"');
    expect(out.stdout).toContain('group $.assignmentEpoch: 0  vs  1');
  });

  it('exits 0 when they agree, and 2 on a bad command line', async () => {
    const a = io();
    expect(await runCli(['compare', 'static/examples/14-kafka-20870-baseline.json', '--variant', 'current', '--variant', 'C-reject-partial'], a.io, deps)).toBe(0);
    const b = io();
    expect(await runCli(['compare', 'static/examples/14-kafka-20870-baseline.json', '--variant', 'Z'], b.io, deps)).toBe(2);
    expect(b.out.stderr).toContain('--variant needs one of');
  });
});

describe('compare two Kafka releases', () => {
  it('a side names its release; the draft edition has none', () => {
    const s = load('02-scale-out-revocation.json');
    expect(resolveSide(s, { kafka: '4.2' })).toEqual({ variant: 'current', protocol: 'ak4', kafka: '4.2' });
    expect(resolveSide({ ...s, kafka: '4.3' }, {})).toEqual({ variant: 'current', protocol: 'ak4', kafka: '4.3' });
    expect(resolveSide(s, { protocol: 'kip1071-draft' }).kafka).toBeNull();
  });

  it('runs each side under its release, and names the sides by what differs', () => {
    const c = compareScenario(load('02-scale-out-revocation.json'), { kafka: '4.2' }, { kafka: '4.4' });
    expect([c.left.trace.kafka, c.right.trace.kafka]).toEqual(['4.2', '4.4']);
    expect(formatComparison(c)).toMatch(/^compare Kafka 4\.2 {2}vs {2}Kafka 4\.4\n/);
    const a = { variant: 'current', protocol: 'ak4', kafka: '4.4' } as const;
    expect(sideNames(a, { ...a, variant: 'A-persist-partial' })).toEqual(['ak4/current', 'ak4/A-persist-partial']);
    expect(sideNames(a, { ...a, kafka: '4.1' })).toEqual(['Kafka 4.4', 'Kafka 4.1']);
    expect(sideNames(a, { ...a, variant: 'A-persist-partial', kafka: '4.1' })).toEqual(['ak4/current Kafka 4.4', 'ak4/A-persist-partial Kafka 4.1']);
    expect(sideNames(a, { variant: 'current', protocol: 'kip1071-draft', kafka: null })).toEqual(['ak4/current Kafka 4.4', 'kip1071-draft/current']);
  });

  it("sgp compare --kafka A --kafka B: two releases; one alone is paired with the scenario's own", () => {
    const two = parseCompareArgs(['f.json', '--kafka', '4.2', '--kafka=4.4']);
    if (typeof two === 'string') throw new Error(two);
    expect(sides(two)).toEqual([{ kafka: '4.2' }, { kafka: '4.4' }]);
    const one = parseCompareArgs(['f.json', '--kafka', '4.1']);
    if (typeof one === 'string') throw new Error(one);
    expect(sides(one)).toEqual([{}, { kafka: '4.1' }]);
    expect(parseCompareArgs(['f.json', '--kafka', '4.0'])).toMatch(/--kafka needs a Kafka release: 4\.1, 4\.2, 4\.3, 4\.4/);
    expect(parseCompareArgs(['f.json', '--kafka', '4.1', '--kafka', '4.2', '--kafka', '4.3'])).toMatch(/compares two runs/);
  });
});
