// End to end: the real simulator behind the CLI, and the installed bin run as a process.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, type CliIo, USAGE } from '../../src/cli/cli.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = join(import.meta.dirname, 'scenarios');
const file = (name: string) => join(dir, name);

async function sgp(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), readFile: (p) => readFile(p, 'utf8') };
  const code = await runCli(argv, io, { loadRunner: async () => runScenario });
  return { code, stdout, stderr };
}

function spawnSgp(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, 'bin', 'sgp.mjs'), ...args], { cwd: root, timeout: 30000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('sgp with the real simulator', () => {
  it('check passes a scenario whose expectations hold (exit 0)', async () => {
    const r = await sgp(['check', file('two-members.json')]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/two-members\.json: ok \(4 steps, 4 with expectations\)/);
    expect(r.code).toBe(0);
  });

  it('check fails a wrong expectation with file, step, path, expected and actual (exit 1)', async () => {
    const r = await sgp(['check', file('wrong-epoch.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('wrong-epoch.json: step 0 "a joins": $.steps[0].expect.response.memberEpoch\n    expected: 7\n    actual:   1\n');
  });

  it('check rejects steps for the wrong edition with line:column (exit 2)', async () => {
    const r = await sgp(['check', file('invalid-edition.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid-edition\.json:5:68: \$\.steps\[0\]\.data\.topologyId: Field "topologyId" is a StreamsGroupHeartbeat field of protocol "kip1071-draft"/);
    expect(r.stderr).toMatch(/invalid-edition\.json:6:15: \$\.steps\[1\]\.send: StreamsGroupInitialize does not exist in protocol "ak4"/);
  });

  it('run prints a table and --json a trace that is the same every time', async () => {
    const t = await sgp(['run', file('two-members.json')]);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/^Two members join and settle {2}\[protocol ak4, variant current\]/);
    expect(t.stdout).toMatch(/StreamsGroupHeartbeat v1 +NONE/);
    const a = await sgp(['run', '--json', file('two-members.json')]);
    const b = await sgp(['run', '--json', file('two-members.json')]);
    expect(a.stdout).toBe(b.stdout);
    const trace = JSON.parse(a.stdout);
    expect(trace.steps).toHaveLength(4);
    expect(trace.steps.every((s: { mismatches: unknown[] }) => s.mismatches.length === 0)).toBe(true);
  });

  it('run works for a draft scenario', async () => {
    const r = await sgp(['run', file('draft-initialize.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/protocol kip1071-draft/);
  });
});

describe('the sgp bin as a process', () => {
  it('node bin/sgp.mjs --help prints usage and exits 0', async () => {
    const r = await spawnSgp(['--help']);
    expect(r).toEqual({ code: 0, stdout: USAGE, stderr: '' });
  });

  it('an invalid scenario exits 2 with FILE:LINE:COLUMN and no stack trace', async () => {
    const r = await spawnSgp(['check', 'test/cli/scenarios/invalid-edition.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^test\/cli\/scenarios\/invalid-edition\.json:5:68: /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('check of a passing scenario exits 0; of a failing one exits 1', async () => {
    expect((await spawnSgp(['check', 'test/cli/scenarios/two-members.json'])).code).toBe(0);
    expect((await spawnSgp(['check', 'test/cli/scenarios/wrong-epoch.json'])).code).toBe(1);
  });

  it('a missing file and a usage error exit 2', async () => {
    const missing = await spawnSgp(['run', 'no/such/file.json']);
    expect(missing).toMatchObject({ code: 2, stderr: 'no/such/file.json: cannot read: no such file\n' });
    expect((await spawnSgp(['launch'])).code).toBe(2);
  });
});
