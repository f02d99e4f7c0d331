import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EAGER_STEPS, WorkerApi } from '../../workers/api.ts';
import { DEFAULT_SCENARIO } from '../../src/ui/lib/default-scenario.ts';
import { INITIAL_STEP, initialStep } from '../../src/ui/lib/initial-step.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

describe('WorkerApi', () => {
  it('runs a scenario with progress, batch starts and the same trace as the core', async () => {
    const api = new WorkerApi();
    const progress: number[] = [];
    const r = await api.run(DEFAULT_SCENARIO, (done) => void progress.push(done));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.trace.steps).toHaveLength(6);
    expect(r.details).toHaveLength(6);
    expect(progress.at(-1)).toBe(6);
    expect(r.clients).toEqual(['a', 'b']);
    for (const s of r.details!) {
      for (const b of s.batchStarts) expect(s.records.some((x) => x.offset === b)).toBe(true);
      if (s.records.length) expect(s.batchStarts[0]).toBe(s.records[0]!.offset);
    }
    expect(r.details!.at(-1)!.group?.state).toBe('Stable');
    expect(r.trace.steps.at(-1)!.state).toBe('Stable');
    // the worker keeps the trace: the same steps by range
    expect(api.stepDetails(r.trace.id, 2, 4)).toEqual(r.details!.slice(2, 4));
    const lines = DEFAULT_SCENARIO.split('\n');
    expect(r.stepLines).toHaveLength(6);
    for (const l of r.stepLines) expect(lines[l - 1]).toMatch(/^\s*\{ "(client|advance|run)"/);
  });

  it('keeps a big trace in the worker: summaries up front, steps, the log and previous heartbeats on demand', async () => {
    const clients = { a: { profile: 'java', processId: 'p1' }, b: { profile: 'java', processId: 'p2' } };
    const steps: unknown[] = [
      { client: 'a', do: 'join' },
      { client: 'b', do: 'join' },
    ];
    while (steps.length < EAGER_STEPS + 10) steps.push({ client: steps.length % 2 ? 'b' : 'a', do: 'heartbeat' });
    const text = JSON.stringify({
      format: 1,
      config: { 'group.streams.initial.rebalance.delay.ms': 0 },
      topics: [{ name: 'in', partitions: 4 }],
      topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
      clients,
      steps,
    });
    const api = new WorkerApi();
    const r = await api.run(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.details).toBeNull();
    expect(r.trace.steps).toHaveLength(steps.length);
    const id = r.trace.id;
    const [s100] = api.stepDetails(id, 100, 101)!;
    expect(s100!.index).toBe(100);
    expect(r.trace.steps[100]).toMatchObject({ index: 100, label: s100!.label, state: s100!.group?.state });
    // a's heartbeat before step 100 (a even step) is at step 98
    expect(api.previousHeartbeat(id, 100, 'a')).toMatchObject({ step: 98 });
    expect(api.previousHeartbeat(id, 0, 'a')).toBeNull();
    const all = r.trace.steps.reduce((n, s) => n + s.records, 0);
    const page = api.logPage(id, steps.length - 1, '', false, 0, 5)!;
    expect(page.total).toBe(all);
    expect(page.rows).toHaveLength(Math.min(5, all));
    expect(page.rows[0]!.offset).toBe(0);
    const early = api.logPage(id, 0, '', false, 0, 1000)!;
    expect(early.rows.every((x) => x.step === 0)).toBe(true);
    expect(early.firstOfStep).toBe(0);
    expect(api.logPage(id, steps.length - 1, '', true, 0, 1e6)!.total).toBeLessThan(all);
    expect(api.logValue(id, 0)).not.toBeNull();
    // a newer run replaces it
    await api.run(DEFAULT_SCENARIO);
    expect(api.stepDetails(id, 0, 1)).toBeNull();
    expect(api.logPage(id, 0, '', false, 0, 1)).toBeNull();
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

  it('carries the state an initialLog loads (step "initial", -1): the group, the narration and the log\'s first rows', async () => {
    const api = new WorkerApi();
    const text = readFileSync('static/examples/21-start-from-a-state.json', 'utf8');
    const r = await api.run(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const initial = r.trace.initial!;
    expect(initial.records.map((x) => x.offset)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(initial.group).toMatchObject({ state: 'Reconciling', groupEpoch: 11 });
    expect(initial.narration[0]).toContain('starts from a log of 9 record(s)');
    // the log after "initial" is the loaded records; after step 0 they come first, then the step's own
    const before = api.logPage(r.trace.id, INITIAL_STEP, '', false, 0, 100)!;
    expect(before.rows.map((x) => [x.offset, x.step])).toEqual(initial.records.map((x) => [x.offset, INITIAL_STEP]));
    expect(before.firstOfStep).toBe(0);
    expect(before.rows[0]!.batchStart).toBe(true);
    const after0 = api.logPage(r.trace.id, 0, '', false, 0, 100)!;
    expect(after0.total).toBe(9 + r.details![0]!.records.length);
    expect(after0.firstOfStep).toBe(9);
    // the view of it the page shows: a step that sends nothing, with the loaded records and group
    const step = initialStep(initial);
    expect(step).toMatchObject({ index: INITIAL_STEP, label: 'initial', api: null, request: null, group: initial.group, records: initial.records, batchStarts: [0] });
    // the core's own trace has the same initial state (the worker adds nothing to it)
    const parsed = parseScenario(text);
    expect(parsed.ok && runScenario(parsed.scenario).initial).toEqual(initial);
    // no initialLog, no initial state
    const plain = await api.run(DEFAULT_SCENARIO);
    expect(plain.ok && plain.trace.initial).toBeUndefined();
  });
});
