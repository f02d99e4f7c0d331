// What sgp prints cannot drive the terminal, and --json prints a trace of any size (issue 22 item 4).
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonTerminalSafe, terminalSafe, writeJson, writeLines } from '../../src/cli/output.ts';
import { runCli } from '../../src/cli/cli.ts';
import { formatTrace } from '../../src/core/scenario/format.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { busyHeartbeats } from '../../bench/memory.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { cli } from './harness.ts';

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const ESC = '\u001b';
/** Cursor movement and screen clearing, OSC 0 (window title), OSC 52 (clipboard write), a C1 CSI, DEL, a bell. */
const HOSTILE = `${ESC}[2J${ESC}[H${ESC}]0;owned\u0007${ESC}]52;c;ZWNobyBvd25lZA==\u0007\u009b31m\u007f\r\nnext line\tx`;

function hostileScenario(): string {
  const doc = JSON.parse(readFileSync('static/examples/01-first-join.json', 'utf8')) as Record<string, unknown> & { steps: Record<string, unknown>[] };
  doc.title = `title ${HOSTILE}`;
  doc.groupId = `group ${HOSTILE}`;
  doc.steps = [
    { client: 'a', do: 'join', label: `label ${HOSTILE}` },
    { send: 'StreamsGroupHeartbeat', version: 1, member: `m ${HOSTILE}`, data: { memberId: `id ${HOSTILE}`, memberEpoch: 3 } },
  ];
  return JSON.stringify(doc);
}

describe('control characters from a scenario never reach the terminal raw', () => {
  it('terminalSafe shows C0 (but newline and tab), DEL and C1 as \\xNN', () => {
    expect(terminalSafe(`a${ESC}]52;c;x\u0007b\u009bc\u007fd\n\te`)).toBe('a\\x1b]52;c;x\\x07b\\x9bc\\x7fd\n\te');
    expect(jsonTerminalSafe(JSON.stringify('a\u009bb\u007f'))).toBe('"a\\u009bb\\u007f"');
    expect(JSON.parse(jsonTerminalSafe(JSON.stringify({ k: 'a\u0085\u009b' })))).toEqual({ k: 'a\u0085\u009b' });
  });

  it.each([
    ['run'],
    ['check'],
    ['report'],
    ['run', '--json'],
    ['compare', '--variant', 'current'],
    ['compare', '--variant', 'current', '--json'],
    ['explore', '--walks', '2', '--depth', '2'],
    ['explore', '--walks', '2', '--depth', '2', '--json'],
    ['link'],
    // says up front what it would create (the group id among it), then fails to connect: nothing listens on port 1
    ['oracle', '--bootstrap', '127.0.0.1:1'],
    ['oracle', '--bootstrap', '127.0.0.1:1', '--json'],
  ])('sgp %s prints none (stdout and stderr)', async (...argv) => {
    const r = await cli([argv[0]!, 'f.json', ...argv.slice(1)], { 'f.json': hostileScenario() }, runScenario);
    expect(argv[0] === 'oracle' ? [2] : [0, 1]).toContain(r.code);
    // where the output shows the scenario's names, they are there, escaped
    if (['run', 'report', 'compare', 'oracle'].includes(argv[0]!)) expect(r.stdout + r.stderr).toMatch(/\\x1b|\\u001b/);
    expect(r.stdout).not.toMatch(CONTROL);
    expect(r.stderr).not.toMatch(CONTROL);
  });

  it('sgp run keeps one table line per step when names hold line breaks', async () => {
    const r = await cli(['run', 'f.json'], { 'f.json': hostileScenario() }, runScenario);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^title \\x1b\[2J.*\\r\\nnext line\\tx {2}\[protocol ak4/);
    expect(lines.filter((l) => /^\s*\d+\s+\d+\s+label /.test(l))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('next line'))).toBe(false);
  });

  it('sgp check and compare keep each message and table row on its line when a label or alias holds a line break', async () => {
    const doc = JSON.parse(readFileSync('static/examples/01-first-join.json', 'utf8')) as Record<string, unknown>;
    const alias = 'a\nBROKEN alias';
    doc.clients = { [alias]: { profile: 'java', processId: 'p1' } };
    doc.steps = [{ client: alias, do: 'join', label: 'join\nBROKEN label\r\nBROKEN too', expect: { response: { memberEpoch: 99 } } }, { advance: 1000 }];
    const files = { 'f.json': JSON.stringify(doc) };
    for (const argv of [['check'], ['compare', '--kafka', '4.3', '--kafka', '4.4'], ['compare', '--variant', 'current']]) {
      const r = await cli([argv[0]!, 'f.json', ...argv.slice(1)], files, runScenario);
      const out = r.stdout + r.stderr;
      expect(out, argv.join(' ')).toContain('join\\nBROKEN label\\r\\nBROKEN too');
      expect(
        out.split('\n').filter((l) => l.startsWith('BROKEN')),
        argv.join(' '),
      ).toEqual([]);
    }
  });

  it('sgp run --json prints the trace itself (escapes keep the values)', async () => {
    const text = hostileScenario();
    const r = await cli(['run', 'f.json', '--json'], { 'f.json': text }, runScenario);
    const trace = JSON.parse(r.stdout) as { title: string; steps: { label: string }[] };
    expect(trace.title).toBe(`title ${HOSTILE}`);
    expect(trace.steps[0]!.label).toBe(`label ${HOSTILE}`);
  });
});

describe('writeJson: JSON.stringify(value, null, 2) in bounded chunks', () => {
  it('writes the same text as JSON.stringify for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        let out = '';
        writeJson(value, (c) => void (out += c));
        expect(out).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 500, seed: 22 },
    );
    const sparse = { a: undefined, b: [undefined, () => 1, 1], c: { d: undefined } };
    let out = '';
    writeJson(sparse, (c) => void (out += c));
    expect(out).toBe(JSON.stringify(sparse, null, 2));
  });

  it('never hands the writer a chunk much above 64 KiB, however large the trace', () => {
    const steps = Array.from({ length: 3 }, (_, i) => ({ index: i, exchanges: Array.from({ length: 100_000 }, (_, j) => ({ at: j, member: 'm', errorName: 'NONE', response: { memberEpoch: j } })) }));
    let largest = 0;
    let total = 0;
    writeJson({ title: 't', steps }, (c) => {
      largest = Math.max(largest, c.length);
      total += c.length;
    });
    expect(total).toBeGreaterThan(30_000_000);
    expect(largest).toBeLessThan(70_000);
  });
});

describe('sgp run prints the table in bounded chunks (issue 22 item 3: its output no longer doubles the peak memory)', () => {
  it('writeLines writes each line and a newline, in chunks of about 64 KiB', () => {
    const chunks: string[] = [];
    writeLines(
      Array.from({ length: 20_000 }, (_, i) => `line ${i}`),
      (c) => void chunks.push(c),
    );
    expect(chunks.join('')).toBe(Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join(''));
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(70_000);
  });

  it('the same text as formatTrace, for a run of 20,000 heartbeats', async () => {
    const text = JSON.stringify(busyHeartbeats(10, { runs: 1, config: {} }));
    const chunks: string[] = [];
    const io = { stdout: (t: string) => void chunks.push(t), stderr: () => undefined, readFile: async () => text };
    expect(await runCli(['run', 'busy.json'], io, { loadRunner: async () => (sc) => runScenario(sc) })).toBe(0);
    const parsed = parseScenario(text);
    if (!parsed.ok) throw new Error('the scenario parses');
    expect(chunks.join('')).toBe(formatTrace(runScenario(parsed.scenario)));
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(70_000);
  });
});
