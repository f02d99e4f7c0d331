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
    expect(t.steps[1]!.narration).toEqual([
      'The clock moves 10 ms forward, to 10 ms. Nothing changed, because no timer (session timeout, rebalance timeout, assignment interval, group expiry) was due by then.',
    ]);
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

describe('run until stable', () => {
  it('after a partition change, runs the clients until the group has noticed it and settled', () => {
    const t = runText({
      ...BASE,
      clients: { a: { profile: 'java', processId: 'p1' }, b: { profile: 'java', processId: 'p2' } },
      steps: [{ client: 'a', do: 'join' }, { client: 'b', do: 'join' }, { run: { until: 'stable' } }, { topics: { partitions: { in: 4 } } }, { run: { until: 'stable' } }],
    });
    const last = t.steps[4]!;
    expect(last.exchanges.length).toBeGreaterThan(0);
    expect(last.narration.join(' ')).not.toMatch(/stable after 0 ms/);
    expect(last.group?.state).toBe('Stable');
    expect(last.group?.groupEpoch).toBeGreaterThan(t.steps[2]!.group!.groupEpoch);
    // every task of the 4 partitions is assigned
    const active = Object.values(last.group!.members).flatMap((m) => m.assigned.active['0'] ?? []);
    expect(active.sort()).toEqual([0, 1, 2, 3]);
  });

  it('says why it stopped when the group did not settle in time', () => {
    const t = runText({
      ...BASE,
      steps: [{ client: 'a', do: 'join' }, { run: { ms: 6000 } }, { topics: { partitions: { in: 4 } } }, { run: { until: 'stable', maxMs: 10 } }],
    });
    expect(t.steps[3]!.narration.join(' ')).toMatch(/did not become stable within 10 ms: the coordinator has not yet seen the topic change/);
  });
});
