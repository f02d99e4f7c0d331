// The CLI with a stand-in simulator: argument handling, exit codes and messages.
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../src/cli/cli.ts';
import { decodeLink } from '../../src/core/share/link.ts';
import type { Scenario, Trace } from '../../src/core/scenario/types.ts';
import { sampleTrace, step } from '../scenario/fixtures.ts';
import { cli } from './harness.ts';

const good = '{\n  "title": "t",\n  "steps": [{ "label": "wait", "advance": 1000, "expect": { "error": "NONE" } }]\n}\n';
const bad = '{\n  "steps": [\n    { "advance": -1 },\n    { "send": "StreamsGroupInitialize" }\n  ],\n  "colour": 1\n}\n';
const broken = '{\n  "steps": [\n    { "advance": 1 }\n  ]\n';

/** A stand-in runner: one trace step per scenario step, mismatching `expect.error` unless it is "NONE". */
function fakeRun(s: Scenario): Trace {
  return {
    title: s.title ?? '',
    protocol: s.protocol,
    variant: s.variant,
    topics: {},
    steps: s.steps.map((st, i) =>
      step(i, {
        label: st.label ?? '',
        mismatches: st.expect?.error && st.expect.error !== 'NONE' ? [{ path: `$.steps[${i}].expect.error`, expected: st.expect.error, actual: 'NONE' }] : [],
        errorName: 'NONE',
      }),
    ),
  };
}

const files = { 'good.json': good, 'bad.json': bad, 'broken.json': broken };

describe('sgp (in-process)', () => {
  it('prints help with exit codes', async () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['run', '--help']]) {
      const r = await cli(argv, files, fakeRun);
      expect(r).toEqual({ code: 0, stdout: USAGE, stderr: '' });
    }
    expect(USAGE).toMatch(/0 .*\n.*1 .*\n.*2 /);
    expect(USAGE).toMatch(/3  internal error/);
  });

  it.each([
    [[], /missing command/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [['run'], /needs a scenario FILE/],
    [['run', 'a.json', 'b.json'], /takes one FILE/],
    [['run', 'good.json', '--yaml'], /unknown option "--yaml"/],
    [['check', 'good.json', '--json'], /unknown option "--json" for "sgp check"/],
    [['link', 'good.json', '--step'], /--step needs a step index/],
    [['link', 'good.json', '--step', 'x'], /--step needs a step index/],
  ])('usage error %j exits 2', async (argv, message) => {
    const r = await cli(argv, files, fakeRun);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/sgp --help/);
    expect(r.stdout).toBe('');
  });

  it('reports an unreadable file with exit 2', async () => {
    const r = await cli(['check', 'missing.json'], files, fakeRun);
    expect(r).toMatchObject({ code: 2, stderr: 'missing.json: cannot read: no such file\n' });
    expect((await cli(['run', 'dir/'], files, fakeRun)).stderr).toBe('dir/: cannot read: it is a directory\n');
  });

  it('reports an invalid scenario as FILE:LINE:COLUMN: PATH: message with exit 2', async () => {
    for (const cmd of ['run', 'check', 'link']) {
      const r = await cli([cmd, 'bad.json'], files, fakeRun);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n').filter(Boolean)).toEqual([
        'bad.json:3:18: $.steps[0].advance: advance (ms) must be at least 0, got -1',
        'bad.json:4:15: $.steps[1].send: StreamsGroupInitialize does not exist in protocol "ak4"; it belongs to "kip1071-draft"',
        expect.stringMatching(/^bad\.json:6:3: \$\.colour: Unknown field "colour" in the scenario/),
      ]);
      expect(r.stdout).toBe('');
    }
  });

  it('reports bad JSON at its position', async () => {
    const r = await cli(['check', 'broken.json'], files, fakeRun);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'broken.json:5:1: $: Unexpected end of input at 5:1, expected , or }\n' });
  });

  it('run prints the table, or the trace as JSON', async () => {
    const r = await cli(['run', 'good.json'], files, fakeRun);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^t {2}\[protocol ak4, variant current\]/);
    expect(r.stdout).toMatch(/0  +0  wait/);
    const j = await cli(['run', '--json', 'good.json'], files, fakeRun);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ title: 't', steps: [{ index: 0, label: 'wait' }] });
  });

  it('check exits 0 when every expectation holds', async () => {
    const r = await cli(['check', 'good.json'], files, fakeRun);
    expect(r).toEqual({ code: 0, stdout: 'good.json: ok (1 step, 1 with expectations)\n', stderr: '' });
  });

  it('check exits 1 on a mismatch, printing file, step, path, expected and actual', async () => {
    const failing = good.replace('"NONE"', '"FENCED_MEMBER_EPOCH"');
    const r = await cli(['check', 'f.json'], { 'f.json': failing }, fakeRun);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('f.json: step 0 "wait": $.steps[0].expect.error\n    expected: "FENCED_MEMBER_EPOCH"\n    actual:   "NONE"\nf.json: FAILED (1 mismatch)\n');
  });

  it("check skips a course index beside the examples (the README's static/examples/*.json)", async () => {
    const index = JSON.stringify({ format: 1, examples: [{ file: 'good.json', title: 'Good' }] });
    const r = await cli(['check', 'good.json', 'index.json'], { ...files, 'index.json': index }, fakeRun);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('index.json: skipped (a course index, not a scenario)');
    // a document with steps is checked as a scenario, even with an examples list
    expect((await cli(['check', 'x.json'], { 'x.json': '{"format": 1, "examples": [], "steps": 3}' }, fakeRun)).code).toBe(2);
  });

  it('check over several files exits with the worst code', async () => {
    const failing = good.replace('"NONE"', '"FENCED_MEMBER_EPOCH"');
    const all = { ...files, 'f.json': failing };
    expect((await cli(['check', 'good.json', 'f.json'], all, fakeRun)).code).toBe(1);
    const r = await cli(['check', 'f.json', 'bad.json', 'good.json'], all, fakeRun);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/f\.json: FAILED/);
    expect(r.stdout).toMatch(/good\.json: ok/);
    expect(r.stderr).toMatch(/^bad\.json:3:18:/);
  });

  it('turns a simulator crash into one line and exit 3, without a stack trace', async () => {
    const crash = () => {
      throw new Error('boom\n    at somewhere (x.ts:1:1)');
    };
    const r = await cli(['check', 'good.json'], files, crash);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('good.json: internal error while running the scenario: boom\n');
    const missing = await cli(['run', 'good.json'], files, {
      load: async () => {
        throw new Error('Cannot find module runner.ts');
      },
    });
    expect(missing.code).toBe(3);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  });

  it('link prints a fragment that opens to the same text and step', async () => {
    const r = await cli(['link', 'good.json'], files, fakeRun);
    expect(r.code).toBe(0);
    expect(decodeLink(r.stdout.trim())).toEqual({ ok: true, text: good, step: null, version: 2, unverified: null });
    const s = await cli(['link', '--step=0', 'good.json'], files, fakeRun);
    expect(decodeLink(s.stdout.trim())).toMatchObject({ ok: true, step: 0 });
    const past = await cli(['link', 'good.json', '--step', '5'], files, fakeRun);
    expect(past.code).toBe(2);
    expect(past.stderr).toMatch(/past the last step/);
  });

  it('link does not need the simulator', async () => {
    const r = await cli(['link', 'good.json'], files, {
      load: async () => {
        throw new Error('should not load');
      },
    });
    expect(r.code).toBe(0);
  });

  it('the table of a real-looking trace reaches stdout unchanged', async () => {
    const r = await cli(['run', 'good.json'], files, () => sampleTrace());
    expect(r.stdout).toContain('FAILED  $.steps[1].expect.group.state: expected "Stable", actual "Empty"');
  });
});

describe('sgp check / run under Kafka releases', () => {
  // a stand-in whose answer depends on the release: 4.1 fences, the later releases accept
  const byRelease: (s: Scenario) => Trace = (s) => ({
    ...fakeRun(s),
    kafka: s.kafka,
    steps: s.steps.map((st, i) => {
      const got = s.kafka === '4.1' ? 'FENCED_MEMBER_EPOCH' : 'NONE';
      const want = (s.kafka && st.expect?.byRelease?.[s.kafka]?.error) ?? st.expect?.error;
      return step(i, { label: st.label ?? '', errorName: got, mismatches: want && want !== got ? [{ path: `$.steps[${i}].expect.error`, expected: want, actual: got }] : [] });
    }),
  });
  const doc = (extra: object) => JSON.stringify({ steps: [{ label: 'rejoin', advance: 1, expect: { error: 'NONE', byRelease: { '4.1': { error: 'FENCED_MEMBER_EPOCH' } } } }], ...extra }, null, 2);

  it('runs each of checkReleases, each with its byRelease expectations', async () => {
    const seen: (string | undefined)[] = [];
    const r = await cli(['check', 'r.json'], { 'r.json': doc({ checkReleases: ['4.1', '4.2', '4.4'] }) }, (s) => (seen.push(s.kafka), byRelease(s)));
    expect(r).toEqual({ code: 0, stdout: 'r.json: ok (1 step, 1 with expectations, Kafka 4.1, 4.2, 4.4)\n', stderr: '' });
    expect(seen).toEqual(['4.1', '4.2', '4.4']);
  });

  it('names the release of a mismatch when it checks several', async () => {
    const r = await cli(['check', 'r.json'], { 'r.json': doc({ checkReleases: ['4.1', '4.3'], checkVariants: ['current', 'coordinator-only'] }) }, (s) => {
      const t = byRelease(s);
      // under 4.3 the stand-in disagrees with the shared expectation
      return s.kafka === '4.3' ? { ...t, steps: t.steps.map((x) => ({ ...x, mismatches: [{ path: '$.steps[0].expect.error', expected: 'NONE', actual: 'X' }] })) } : t;
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('r.json [variant current, kafka 4.3]: step 0 "rejoin": $.steps[0].expect.error');
    expect(r.stdout).toContain('r.json [variant coordinator-only, kafka 4.3]: step 0');
    expect(r.stdout).not.toContain('kafka 4.1]');
  });

  it("--kafka R checks under R instead of the scenario's own and its checkReleases", async () => {
    const seen: (string | undefined)[] = [];
    const run = (s: Scenario) => (seen.push(s.kafka), byRelease(s));
    const r = await cli(['check', 'r.json', '--kafka', '4.1', '--kafka=4.3'], { 'r.json': doc({ checkReleases: ['4.2'] }) }, run);
    expect(r.stdout).toBe('r.json: ok (1 step, 1 with expectations, Kafka 4.1, 4.3)\n');
    expect(seen).toEqual(['4.1', '4.3']);
    seen.length = 0;
    expect((await cli(['run', 'r.json', '--kafka', '4.1'], { 'r.json': doc({}) }, run)).code).toBe(0);
    expect(seen).toEqual(['4.1']);
  });

  it.each([
    [['run', 'r.json', '--kafka', '4.0'], /--kafka needs a Kafka release: 4\.1, 4\.2, 4\.3, 4\.4/],
    [['run', 'r.json', '--kafka'], /--kafka needs a Kafka release/],
    [['run', 'r.json', '--kafka', '4.1', '--kafka', '4.2'], /takes one --kafka .*sgp compare/],
    [['link', 'r.json', '--kafka', '4.1'], /unknown option "--kafka" for "sgp link"/],
  ])('usage error %j exits 2', async (argv, message) => {
    const r = await cli(argv, { 'r.json': doc({}) }, byRelease);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('refuses --kafka for the draft protocol, which has no releases', async () => {
    const r = await cli(['check', 'd.json', '--kafka', '4.2'], { 'd.json': '{"protocol": "kip1071-draft"}' }, byRelease);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^d\.json:1:1: \$\.kafka: .*has no releases/);
  });

  it('help lists the releases and the patch each models', () => {
    expect(USAGE).toContain('4.1 (4.1.2), 4.2 (4.2.2), 4.3 (4.3.2), 4.4 (4.4.0)');
    expect(USAGE).toContain('sgp compare FILE --kafka 4.2 --kafka 4.4');
  });
});
