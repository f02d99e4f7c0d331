import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

function run(file: string) {
  const p = parseScenario(readFileSync(`static/examples/${file}`, 'utf8'));
  if (!p.ok) throw new Error(`${file}: ${p.errors[0]?.message}`);
  return runScenario(p.scenario);
}

function runText(doc: unknown) {
  const p = parseScenario(JSON.stringify(doc));
  if (!p.ok) throw new Error(p.errors[0]?.message);
  return runScenario(p.scenario);
}

const BASE = {
  format: 1,
  config: { 'group.streams.initial.rebalance.delay.ms': 0 },
  topics: [{ name: 'in', partitions: 2 }],
  topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
  clients: { a: { profile: 'java', processId: 'p1' } },
};

describe('every step is narrated', () => {
  it('in every example, each step says what happened', () => {
    for (const f of readdirSync('static/examples').filter((x) => x.endsWith('.json') && x !== 'index.json')) {
      for (const s of run(f).steps) expect(s.narration.length, `${f} step ${s.index}`).toBeGreaterThan(0);
    }
  });

  it('says why a no-op heartbeat and an idle clock advance changed nothing', () => {
    const t18 = run('18-kafka-20870-lost-response.json');
    expect(t18.steps[4]!.narration.join(' ')).toMatch(/Nothing changed, because the heartbeat brought the coordinator nothing new/);
    const t = runText({ ...BASE, steps: [{ client: 'a', do: 'join' }, { advance: 10 }] });
    expect(t.steps[1]!.narration).toEqual(['The clock moves 10 ms forward, to 10 ms. Nothing changed, because no timer (session timeout, rebalance timeout, assignment interval, group expiry) was due by then.']);
  });

  it('narrates a raw heartbeat with null lists and never doubles a full stop', () => {
    const t = runText({ ...BASE, steps: [{ send: 'StreamsGroupHeartbeat', data: { memberId: 'zz', memberEpoch: 0, activeTasks: null, standbyTasks: null, warmupTasks: null, topology: null } }] });
    const words = t.steps[0]!.narration.join(' ');
    expect(words.length).toBeGreaterThan(20);
    for (const f of readdirSync('static/examples').filter((x) => x.endsWith('.json') && x !== 'index.json')) {
      for (const s of run(f).steps) for (const n of s.narration) expect(n, `${f} step ${s.index}`).not.toMatch(/[^.]\.\.(\s|$)/);
    }
    expect(words).not.toMatch(/[^.]\.\.(\s|$)/);
  });
});
