import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WorkerApi } from '../../workers/api.ts';
import { DEFAULT_SCENARIO } from '../../src/ui/lib/default-scenario.ts';

describe('WorkerApi', () => {
  it('runs a scenario with progress, batch starts and the same trace as the core', async () => {
    const api = new WorkerApi();
    const progress: number[] = [];
    const r = await api.run(DEFAULT_SCENARIO, (done) => void progress.push(done));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.trace.steps).toHaveLength(6);
    expect(progress.at(-1)).toBe(6);
    expect(r.clients).toEqual(['a', 'b']);
    for (const s of r.trace.steps) {
      for (const b of s.batchStarts) expect(s.records.some((x) => x.offset === b)).toBe(true);
      if (s.records.length) expect(s.batchStarts[0]).toBe(s.records[0]!.offset);
    }
    expect(r.trace.steps.at(-1)!.group?.state).toBe('Stable');
    const lines = DEFAULT_SCENARIO.split('\n');
    expect(r.stepLines).toHaveLength(6);
    for (const l of r.stepLines) expect(lines[l - 1]).toMatch(/^\s*\{ "(client|advance|run)"/);
  });

  it('reports parse errors with positions', async () => {
    const r = await new WorkerApi().run('{"format": 1, "steps": [ }');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ line: 1 });
  });

  it('round-trips a share link', () => {
    const api = new WorkerApi();
    const frag = api.encodeLink(DEFAULT_SCENARIO, 3);
    expect(api.decodeLink(frag)).toMatchObject({ ok: true, text: DEFAULT_SCENARIO, step: 3 });
    expect(api.decodeLink('#sgp=1.@@@')).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  it('runs every example in static/examples/index.json', async () => {
    let index: { examples?: { file: string }[] };
    try {
      index = JSON.parse(readFileSync('static/examples/index.json', 'utf8'));
    } catch {
      return; // examples are written by another part of the project
    }
    const api = new WorkerApi();
    for (const e of index.examples ?? []) {
      const r = await api.run(readFileSync(`static/examples/${e.file}`, 'utf8'));
      expect(r.ok, e.file).toBe(true);
    }
  });
});
