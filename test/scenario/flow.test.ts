import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { BROKER_LANE, COORDINATOR_LANE, LOG_LANE, stepFlow } from '../../src/core/scenario/flow.ts';

function run(file: string) {
  const p = parseScenario(readFileSync(`static/examples/${file}`, 'utf8'));
  if (!p.ok) throw new Error(p.errors[0]?.message);
  return runScenario(p.scenario);
}

describe('message flow', () => {
  const t = run('18-kafka-20870-lost-response.json');

  it('draws a request that writes records: request, records to the log, response', () => {
    const e = stepFlow(t.steps[0]!);
    expect(e.map((x) => x.kind)).toEqual(['request', 'response', 'records']);
    expect(e[0]).toMatchObject({ from: 'A', to: COORDINATOR_LANE, member: 'A' });
    expect(e[1]).toMatchObject({ from: COORDINATOR_LANE, to: 'A', label: expect.stringMatching(/^NONE/) });
    expect(e[2]).toMatchObject({ from: COORDINATOR_LANE, to: LOG_LANE });
  });

  it('marks a rejection at the layer that made it, with the reason', () => {
    const fenced = stepFlow(t.steps[5]!);
    expect(t.steps[5]!.rejectedBy).toBe('coordinator');
    expect(fenced.find((x) => x.kind === 'rejection')).toMatchObject({
      from: COORDINATOR_LANE,
      label: 'FENCED_MEMBER_EPOCH',
      detail: expect.stringMatching(/^coordinator: The streams group member has a smaller member epoch/),
    });
    const partial = stepFlow(t.steps[6]!);
    expect(t.steps[6]!.rejectedBy).toBe('service layer');
    // a request the service layer turns away never reaches the coordinator
    expect(partial.map((x) => [x.kind, x.from, x.to])).toEqual([
      ['request', 'A', BROKER_LANE],
      ['rejection', BROKER_LANE, BROKER_LANE],
      ['response', BROKER_LANE, 'A'],
    ]);
    expect(partial[1]!.detail).toMatch(/^service layer: /);
  });

  it('shows timer firings and the heartbeats of a run step in time order', () => {
    const t3 = run('03-crash-session-timeout.json');
    const all = t3.steps.flatMap(stepFlow);
    expect(all.some((x) => x.kind === 'timer' && /session/i.test(x.label + x.detail))).toBe(true);
    for (const s of t3.steps) {
      const at = stepFlow(s).map((x) => x.at);
      expect(
        [...at].sort((a, b) => a - b),
        `step ${s.index}`,
      ).toEqual(at);
    }
  });
});
