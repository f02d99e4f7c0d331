// sgp import and sgp report, in-process.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USAGE, runCli } from '../../src/cli/cli.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { fixture } from './helpers.ts';

const files: Record<string, string> = {
  'broker.log': fixture('kafka-request-log.txt'),
  'empty.log': '[2025-06-01 12:00:00,000] INFO Kafka Server started (kafka.server.KafkaRaftServer)\n',
  'ex02.json': readFileSync(new URL('../../static/examples/02-scale-out-revocation.json', import.meta.url), 'utf8'),
  'ex12.json': readFileSync(new URL('../../static/examples/12-kafka-20870-partial-report.json', import.meta.url), 'utf8'),
  'ex17.json': readFileSync(new URL('../../static/examples/17-kafka-20870-failover-between-reports.json', import.meta.url), 'utf8'),
  'draft.json': readFileSync(new URL('../../static/examples/draft-initialize.json', import.meta.url), 'utf8'),
  'bad.json': '{ "steps": [ { "advance": -1 } ] }',
};

async function sgp(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const written: Record<string, string> = {};
  const code = await runCli(
    argv,
    {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      readFile: async (p) => {
        const t = files[p];
        if (t === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
        return t;
      },
      writeFile: async (p, t) => {
        if (p.startsWith('/nope/')) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { code: 'ENOENT' });
        written[p] = t;
      },
    },
    { loadRunner: async () => runScenario },
  );
  return { code, stdout, stderr, written };
}

describe('sgp import', () => {
  it('prints a valid scenario and summarises what it skipped', async () => {
    const r = await sgp(['import', 'broker.log']);
    expect(r.code).toBe(0);
    const p = parseScenario(r.stdout);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.scenario.steps).toHaveLength(8);
    expect(p.scenario.steps.every((s) => 'send' in s && s.expect?.response !== undefined)).toBe(true);
    expect(r.stderr).toContain('broker.log:1: skipped: api key 3 (METADATA) is not a streams group RPC of protocol ak4\n');
    expect(r.stderr).toContain('broker.log:9: skipped: the JSON is cut off');
    expect(r.stderr).toMatch(/broker\.log: imported 8 requests of group app \(members a=Qx3mE2vTRkuN0bS5YlWc9A, b=f7Hk2LpwSxO1mZ9rTq4uVg\); 5 lines skipped\n$/);
  });

  it('takes --group, --timing, --aliases, --no-expect and --base', async () => {
    const billing = await sgp(['import', 'broker.log', '--group', 'billing', '--no-expect']);
    expect(billing.code).toBe(0);
    expect(JSON.parse(billing.stdout)).toMatchObject({ groupId: 'billing', steps: [{ member: 'a', data: { memberId: 'zzTop000000000000000000' } }] });
    expect(JSON.parse(billing.stdout).steps[0].expect).toBeUndefined();
    const timed = JSON.parse((await sgp(['import', 'broker.log', '--timing=advance', '--aliases', 'thread'])).stdout);
    expect(timed.steps.filter((s: object) => 'advance' in s)).toHaveLength(7);
    expect(timed.steps[0].member).toBe('a1');
    // with the config the log came from, the imported scenario checks clean
    const based = await sgp(['import', 'broker.log', '--base', 'ex02.json', '--timing', 'advance']);
    const scenario = JSON.parse(based.stdout);
    expect(scenario).toMatchObject({ title: 'Scale out: revoke before you get', config: { 'group.streams.initial.rebalance.delay.ms': 0 } });
    const p = parseScenario(based.stdout);
    expect(p.ok && runScenario(p.scenario).steps.flatMap((s) => s.mismatches)).toEqual([]);
  });

  it.each([
    [['import'], /"sgp import" needs a LOGFILE/],
    [['import', 'a.log', 'b.log'], /takes one LOGFILE/],
    [['import', 'broker.log', '--protocol', 'kafka3'], /--protocol needs ak4 or kip1071-draft/],
    [['import', 'broker.log', '--timing', 'later'], /--timing needs advance or ignore/],
    [['import', 'broker.log', '--aliases', 'names'], /--aliases needs letters or thread/],
    [['import', 'broker.log', '--partitions', '0'], /--partitions needs a partition count/],
    [['import', 'broker.log', '--group'], /--group needs a group id/],
    [['import', 'broker.log', '--frobnicate'], /unknown option "--frobnicate" for "sgp import"/],
  ])('usage error %j exits 2', async (argv, message) => {
    const r = await sgp(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('exits 2 for an unreadable file, a log without streams requests and a bad base', async () => {
    expect(await sgp(['import', 'missing.log'])).toMatchObject({ code: 2, stdout: '', stderr: 'missing.log: cannot read: no such file\n' });
    const empty = await sgp(['import', 'empty.log']);
    expect(empty).toMatchObject({ code: 2, stdout: '' });
    expect(empty.stderr).toContain('empty.log: no streams group request to import (1 line skipped)');
    const bad = await sgp(['import', 'broker.log', '--base', 'bad.json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^bad\.json:1:\d+: \$\.steps\[0\]\.advance/);
  });
});

describe('sgp report', () => {
  it("prints the report for the scenario's own variant and its checkVariants", async () => {
    const r = await sgp(['report', 'ex17.json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(files['ex17.json']!);
    const variants = [...new Set([s.variant, ...(s.checkVariants ?? [])])];
    expect(variants.length).toBeGreaterThan(1);
    expect(r.stdout).toMatch(/^# /);
    for (const v of variants) expect(r.stdout).toContain(`## Variant \`${v}\``);
    expect(r.stdout).toContain('```mermaid\nsequenceDiagram\n');
  });

  it('runs the variants given with --variant, and writes --out', async () => {
    const r = await sgp(['report', 'ex12.json', '--variant', 'current', '--variant=A-persist-partial', '--out', 'report.md']);
    // expectations are checked only under the scenario's own variant: A's differences are in the report, not the exit code
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('ex12.json: report written to report.md (current, A-persist-partial)\n');
    expect(r.written['report.md']).toContain('| `A-persist-partial` | ✘ ');
    expect(r.written['report.md']).toBe((await sgp(['report', 'ex12.json', '--variant', 'current', '--variant', 'A-persist-partial'])).stdout);
  });

  it('exits 1 when an expectation of the scenario fails, 2 for bad input', async () => {
    files['wrong.json'] = files['ex02.json']!.replace('"memberEpoch": 3', '"memberEpoch": 33');
    const wrong = await sgp(['report', 'wrong.json']);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('✘ 1 mismatch; first:');
    expect(wrong.stderr).toBe('wrong.json: 1 expectation mismatch under current (see the Expectations section)\n');
    expect((await sgp(['report', 'bad.json'])).code).toBe(2);
    expect((await sgp(['report', 'ex02.json', '--variant', 'E-new'])).stderr).toMatch(/--variant needs one of current, coordinator-only/);
    expect((await sgp(['report', 'draft.json', '--variant', 'A-persist-partial'])).stderr).toBe('sgp: variant "A-persist-partial" is a proposal against protocol ak4; draft.json uses kip1071-draft\n');
    expect((await sgp(['report'])).stderr).toMatch(/"sgp report" needs a scenario FILE/);
    expect((await sgp(['report', 'ex02.json', '--out', '/nope/r.md'])).stderr).toMatch(/^\/nope\/r\.md: cannot write: ENOENT/);
  });

  it('is in the help', async () => {
    expect(USAGE).toContain('sgp import LOGFILE');
    expect(USAGE).toContain('sgp report FILE [--variant V]... [--out report.md]');
    expect((await sgp(['report', '--help'])).stdout).toBe(USAGE);
    expect((await sgp(['import', '--help'])).stdout).toBe(USAGE);
  });
});
