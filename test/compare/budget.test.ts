// `sgp compare` honours the run budget's wall-time and heap limits (issue 22 item 3), as `sgp run` and `sgp explore`
// do: past a limit it prints the steps both runs made and exits 2 naming the limit.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareCommand, parseCompareArgs } from '../../src/cli/compare.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import type { RunProbe } from '../../src/core/scenario/budget.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { cli } from '../cli/harness.ts';

function exampleText(config: Record<string, number>): string {
  const doc = JSON.parse(readFileSync('static/examples/15-kafka-20870-report-one-role.json', 'utf8')) as { config?: Record<string, unknown> };
  doc.config = { ...doc.config, ...config };
  return JSON.stringify(doc);
}

describe('sgp compare stops at the run budget', () => {
  it('past playground.run.max.heap.mb: the steps run so far and the limit named', () => {
    const p = parseScenario(exampleText({ 'playground.run.max.heap.mb': 256 }));
    if (!p.ok) throw new Error(p.errors[0]!.message);
    const args = parseCompareArgs(['f.json', '--variant', 'A-persist-partial']);
    if (typeof args === 'string') throw new Error(args);
    let reads = 0;
    const probe: RunProbe = { elapsedMs: () => 0, heapBytes: () => ++reads * 100 * 1024 * 1024 };
    const r = compareCommand(p.scenario, args, probe);
    expect(r.stopped).toContain('more than 256 MB of heap, the limit "playground.run.max.heap.mb"');
    expect(r.text).toContain('compare ak4/current  vs  ak4/A-persist-partial');
  });

  it('exits 2 with the limit named when a budget stops the runs (here the step count)', async () => {
    const res = await cli(['compare', 'f.json', '--variant', 'A-persist-partial'], { 'f.json': exampleText({ 'playground.run.max.steps': 2 }) }, runScenario);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('f.json: The run stopped: it used more than 2 steps');
    expect(res.stdout).toContain('compare ak4/current  vs  ak4/A-persist-partial');
  });

  it('within the budget: no reason, and the CLI exits 1 on the divergence as before', async () => {
    const res = await cli(['compare', 'f.json', '--variant', 'A-persist-partial'], { 'f.json': exampleText({}) }, runScenario);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('');
  });
});
