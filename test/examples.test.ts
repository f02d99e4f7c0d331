// The teaching examples in static/examples: each is a valid scenario whose every `expect` holds (`sgp check`),
// has at least one expectation and at least one step that pins the records; index.json lists them in course order.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/cli.ts';
import { runScenario } from '../src/core/scenario/runner.ts';

const DIR = join(import.meta.dirname, '..', 'static', 'examples');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json') && f !== 'index.json')
  .sort();

async function check(file: string): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCli(['check', join(DIR, file)], { stdout: (t) => (out += t), stderr: (t) => (out += t), readFile: (p) => readFile(p, 'utf8') }, { loadRunner: async () => runScenario });
  return { code, out };
}

describe('static/examples', () => {
  it('has at least 12 examples', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });
  for (const file of files) {
    it(`${file}: sgp check exits 0`, async () => {
      const { code, out } = await check(file);
      expect(out).toContain(': ok (');
      expect(code).toBe(0);
    });
    it(`${file}: has a title, Markdown notes, labels, an expect block and a step that expects records`, () => {
      const doc = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as {
        format: number;
        title: string;
        notes: string;
        steps: { label?: string; expect?: { records?: unknown; recordTypes?: unknown } }[];
      };
      expect(doc.format).toBe(1);
      expect(doc.title.length).toBeGreaterThan(0);
      expect(doc.notes.length).toBeGreaterThan(100);
      expect(doc.steps.some((s) => s.expect !== undefined)).toBe(true);
      expect(doc.steps.some((s) => s.expect?.records !== undefined || s.expect?.recordTypes !== undefined)).toBe(true);
      expect(doc.steps.some((s) => typeof s.label === 'string')).toBe(true);
    });
  }
  it('index.json lists every example once, in course (file) order, with title and summary', () => {
    const idx = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { examples: { file: string; title: string; summary: string }[] };
    expect(idx.examples.map((e) => e.file)).toEqual(files);
    for (const e of idx.examples) {
      const doc = JSON.parse(readFileSync(join(DIR, e.file), 'utf8')) as { title: string };
      expect(e.title).toBe(doc.title);
      expect(e.summary.length).toBeGreaterThan(10);
    }
  });
});
