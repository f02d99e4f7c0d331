// The release model (src/core/releases/): one record per release line, 4.4 = the shipped coordinator, and the release
// threaded through the runner, the broker, the coordinator and the simulated Java client.
import { describe, expect, it } from 'vitest';
import { KAFKA_RELEASES, RELEASE_PATCH, releaseRules, SHIPPED_RELEASE } from '../../src/core/releases/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';
import { compareScenario } from '../../src/core/compare/compare.ts';

const scenario = (kafka: string | undefined, steps: unknown[]) => {
  const r = parseScenario(
    JSON.stringify({
      ...(kafka ? { kafka } : {}),
      ...(kafka !== '4.1' ? { config: { 'group.streams.initial.rebalance.delay.ms': 0 } } : {}),
      topics: [{ name: 'in', partitions: 2 }],
      topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
      clients: { a: { profile: 'java' } },
      steps,
    }),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
};

describe('the release model', () => {
  it('has one record per release line, at the patch it models; 4.4 is the shipped coordinator', () => {
    for (const k of KAFKA_RELEASES) {
      expect(releaseRules(k).release).toBe(k);
      expect(releaseRules(k).patch).toBe(RELEASE_PATCH[k]);
    }
    expect(releaseRules()).toBe(SHIPPED_RELEASE);
    expect(releaseRules('4.4')).toBe(SHIPPED_RELEASE);
    expect(SHIPPED_RELEASE.absentConfigs).toEqual({});
  });

  it('reaches the coordinator: each operation sees its release', () => {
    for (const k of KAFKA_RELEASES) {
      const runner = new ScenarioRunner(scenario(k, []));
      expect(runner.broker.coordinator.release.release).toBe(k);
      expect(runner.broker.coordinator.context(new Map()).release.release).toBe(k);
      // a clone (the explorer) and a failover keep it
      expect(runner.broker.clone().coordinator.release.release).toBe(k);
      runner.broker.failover();
      expect(runner.broker.coordinator.release.release).toBe(k);
    }
  });

  it("the simulated Java client speaks its release's heartbeat version (4.1–4.3: v0, 4.4: v1)", () => {
    const want = { '4.1': 0, '4.2': 0, '4.3': 0, '4.4': 1 } as const;
    for (const k of KAFKA_RELEASES) {
      const trace = new ScenarioRunner(scenario(k, [{ client: 'a', do: 'join' }])).run();
      expect(trace.steps[0]!.version, k).toBe(want[k]);
      expect(trace.steps[0]!.errorName, k).toBe('NONE');
    }
  });

  it('the broker refuses a heartbeat version the release does not have (UNSUPPORTED_VERSION, at KafkaApis)', () => {
    const runner = new ScenarioRunner(scenario('4.3', []));
    const out = runner.broker.send('StreamsGroupHeartbeat', 1, { groupId: 'g', memberId: 'm', memberEpoch: 0 }, { clientId: 'c', clientHost: '/h' });
    expect(out.errorName).toBe('UNSUPPORTED_VERSION');
    expect(out.rejectedBy).toBe('KafkaApis');
    const d = runner.broker.send('StreamsGroupDescribe', 1, { groupIds: ['g'] }, { clientId: 'c', clientHost: '/h' });
    expect(d.errorName).toBe('UNSUPPORTED_VERSION');
  });

  it('a trace names the release only when the scenario does; compare runs two releases side by side', () => {
    expect(new ScenarioRunner(scenario(undefined, [])).run().kafka).toBeUndefined();
    expect(new ScenarioRunner(scenario('4.2', [])).run().kafka).toBe('4.2');
    const c = compareScenario(scenario(undefined, [{ client: 'a', do: 'join' }]), { kafka: '4.2' }, { kafka: '4.4' });
    expect(c.left.side.kafka).toBe('4.2');
    expect(c.right.side.kafka).toBe('4.4');
    expect(c.left.trace.kafka).toBe('4.2');
    expect(c.left.trace.steps[0]!.version).toBe(0);
    expect(c.right.trace.steps[0]!.version).toBe(1);
  });
});

describe('the per-release summary (README table, UI)', () => {
  it("is the README's table, row for row (release and patch, what differs, ticket)", async () => {
    const { releaseSummary } = await import('../../src/core/releases/index.ts');
    const { readFileSync } = await import('node:fs');
    const lines = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').split('\n');
    const header = lines.findIndex((l) => /^\| release\s+\| what differs/.test(l));
    expect(header, 'the README has the release table').toBeGreaterThan(0);
    const rows: string[][] = [];
    for (let i = header + 2; lines[i]?.startsWith('|'); i++)
      rows.push(
        lines[i]!.slice(1, -1)
          .split(/(?<!\\)\|/)
          .map((c) => c.trim().replace(/\\\|/g, '|')),
      );
    expect(rows).toEqual(releaseSummary().map((r) => [`${r.release} (${r.patch})`, r.what, r.ticket]));
  });

  it('lists what each older release does differently, each with a ticket, oldest first; 4.4 has no row', async () => {
    const { releaseSummary } = await import('../../src/core/releases/index.ts');
    const rows = releaseSummary();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.map((r) => r.release)).toEqual([...rows.map((r) => r.release)].sort());
    expect(rows.some((r) => r.release === '4.4')).toBe(false);
    for (const r of rows) {
      expect(r.what.length, r.what).toBeGreaterThan(20);
      expect(r.ticket, r.what).toMatch(/KAFKA-\d+|KIP-\d+|ticket not identified/);
    }
  });
});
