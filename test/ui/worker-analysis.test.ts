// The worker API behind the analysis panels: compare, explore, wire bytes, request-log import, KIP report.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WorkerApi } from '../../workers/api.ts';
import { DEFAULT_SCENARIO } from '../../src/ui/lib/default-scenario.ts';

const ex = (f: string) => readFileSync(`static/examples/${f}`, 'utf8');
const api = new WorkerApi();

describe('WorkerApi analysis methods', () => {
  it('compares example 15 under current and A-persist-partial: first divergence at step 4', () => {
    const c = api.compare(ex('15-kafka-20870-report-one-role.json'), { variant: 'current' }, { variant: 'A-persist-partial' });
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.firstDivergence).toBe(4);
    expect(c.left.steps).toHaveLength(c.right.steps.length);
    expect(c.differences[4]!.find((d) => d.aspect === 'error')).toMatchObject({ left: 'INVALID_REQUEST', right: 'NONE' });
    expect(api.compare('{', { variant: 'current' }, { variant: 'current' })).toMatchObject({ ok: false });
  });

  it('explores example 12 with progress and returns the violation as a scenario and a link', () => {
    const progress: number[] = [];
    const r = api.explore(ex('12-kafka-20870-partial-report.json'), { bfs: false, depth: 40, walks: 200, seed: 1, maxStates: 200000, fromStep: null }, (p) => void progress.push(p.states));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(progress.length).toBeGreaterThan(0);
    const v = r.violations.find((x) => x.invariant === 'live-member-kept')!;
    expect(v.description).toMatch(/never expelled/);
    expect(v.link).toMatch(/^#sgp=2\./);
    expect(api.parse(v.scenarioText)).toEqual({ ok: true });
  });

  it('encodes a step with its null lists as 0x00 and decodes the hex back', async () => {
    const run = await api.run(ex('15-kafka-20870-report-one-role.json'));
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    const s = run.details![4]!;
    const w = api.stepWire(s.api!, s.version!, 'ak4', s.request, s.response);
    expect(w.request?.ok && w.response?.ok).toBe(true);
    if (!w.request?.ok) return;
    const standby = w.request.value.annotations.find((a) => a.path === 'standbyTasks')!;
    expect(standby).toMatchObject({ display: 'null', note: '0x00 = null', length: 1 });
    expect(w.request.value.hex.split(' ')[standby.offset]).toBe('00');
    const d = api.decodeHex('StreamsGroupHeartbeatRequest', s.version!, 'ak4', w.request.value.hex);
    expect(d.ok && d.json.standbyTasks).toBe(null);
    expect(api.decodeHex('StreamsGroupHeartbeatRequest', 0, 'ak4', 'zz')).toMatchObject({ ok: false, message: expect.stringMatching(/not a hex digit/) });
    expect(api.decodeHex('StreamsGroupHeartbeatRequest', 0, 'ak4', '')).toMatchObject({ ok: false });
    const t = api.decodeHex('StreamsGroupHeartbeatRequest', 0, 'ak4', '05 41');
    expect(t).toMatchObject({ ok: false, offset: 1, path: 'groupId' });
    // the group RPCs have schemas (generated from Kafka 4.4.0); a kind the edition lacks, and a removed version, are errors
    expect(api.stepWire('OffsetCommit', 9, 'ak4', {}, null).request).toMatchObject({ ok: true, value: { kind: 'OffsetCommitRequest' } });
    expect(api.stepWire('StreamsGroupInitialize', 0, 'ak4', {}, null).request).toMatchObject({ ok: false, message: expect.stringContaining('does not exist in the ak4 edition') });
    expect(api.stepWire('OffsetCommit', 1, 'ak4', {}, null).request).toMatchObject({ ok: false, message: expect.stringContaining('KIP-896') });
    expect(api.wireKinds('kip1071-draft').some((k) => k.kind === 'StreamsGroupInitializeRequest')).toBe(true);
  });

  it('imports request-log lines as a new scenario or appends them, listing skipped lines', () => {
    const lines = readFileSync('test/interop/fixtures/kafka-request-log.txt', 'utf8').split('\n').slice(0, 4).join('\n');
    const r = api.importLog(lines, null);
    expect(r).toMatchObject({ ok: true, steps: 2 });
    expect(r.skipped.map((s) => s.line)).toEqual([1, 2]);
    const appended = api.importLog(lines, DEFAULT_SCENARIO);
    expect(appended.ok).toBe(true);
    expect((JSON.parse(appended.text!) as { steps: unknown[] }).steps).toHaveLength(6 + 2);
    expect(api.importLog('nothing here', null)).toMatchObject({ ok: false, skipped: [{ line: 1 }] });
  });

  it('renders the KIP report under the scenario variant and its checkVariants', () => {
    const r = api.report(ex('15-kafka-20870-report-one-role.json'), null);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.variants).toContain('A-persist-partial');
    expect(r.markdown).toContain('```mermaid');
    const only = api.report(ex('15-kafka-20870-report-one-role.json'), ['current']);
    expect(only.ok && only.variants).toEqual(['current']);
  });
});
