// `sgp oracle` without a broker: arguments, refusals (with their reasons, exit 2) and an unreachable broker.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseOracleArgs } from '../../src/cli/oracle/command.ts';
import { planOracle } from '../../src/core/oracle/plan.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { cli } from './harness.ts';

const example = (name: string) => readFileSync(`static/examples/${name}`, 'utf8');
const scenarioOf = (text: string) => {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(p.errors[0]!.message);
  return p.scenario;
};

describe('sgp oracle', () => {
  it('parses its arguments', () => {
    expect(parseOracleArgs(['f.json', '--bootstrap', 'kafka.local:9092', '--json', '--time-scale', '10'])).toEqual({
      file: 'f.json',
      bootstrap: { host: 'kafka.local', port: 9092 },
      broker: false,
      json: true,
      timeScale: 10,
    });
    expect(parseOracleArgs(['f.json', '--broker'])).toMatchObject({ broker: true, bootstrap: null });
    expect(parseOracleArgs(['f.json'])).toBe('sgp oracle needs --engine shard, --engine broker (or --broker) or --bootstrap HOST:PORT');
    expect(parseOracleArgs(['f.json', '--engine', 'shard', '--kafka', '4.4.0'])).toMatchObject({ shard: true, broker: false, bootstrap: null });
    expect(parseOracleArgs(['f.json', '--engine', 'broker'])).toMatchObject({ broker: true, bootstrap: null });
    expect(parseOracleArgs(['f.json', '--engine', 'live'])).toContain('shard or broker');
    // a modelled release runs on the shard engine (test/cli/oracleRelease.test.ts); anything else is refused
    expect(parseOracleArgs(['f.json', '--engine', 'shard', '--kafka', '4.3.0'])).toMatchObject({ shard: true, kafka: '4.3.0' });
    expect(parseOracleArgs(['f.json', '--engine', 'shard', '--kafka', '3.9.0'])).toContain('--kafka needs a modelled release');
    expect(parseOracleArgs(['f.json', '--engine', 'shard', '--broker'])).toContain('not two');
    expect(parseOracleArgs(['f.json', '--bootstrap', 'nohost'])).toContain('HOST:PORT');
    expect(parseOracleArgs(['f.json', '--broker', '--time-scale', '0'])).toContain('positive integer');
    expect(parseOracleArgs(['f.json', '--broker', '--bootstrap', 'h:1'])).toContain('not two');
  });

  it('refuses the draft edition, proposals and failovers on a cluster it cannot restart (exit 2, reasons printed)', async () => {
    const files = { 'draft.json': example('draft-initialize.json'), 'variant.json': example('13-kafka-20870-coordinator-only.json'), 'failover.json': example('10-failover-mid-rebalance.json') };
    const draft = await cli(['oracle', 'draft.json', '--bootstrap', '127.0.0.1:9'], files, runScenario);
    expect(draft.code).toBe(2);
    expect(draft.stdout).toContain('has no released broker');
    const variant = await cli(['oracle', 'variant.json', '--bootstrap', '127.0.0.1:9'], files, runScenario);
    expect(variant.stdout).toContain('variant "coordinator-only" is a proposal');
    const failover = await cli(['oracle', 'failover.json', '--bootstrap', '127.0.0.1:9'], files, runScenario);
    expect(failover.stdout).toContain('only the bundled broker (--broker) can do that');
  });

  it('refuses a step that falls on a timer deadline, naming both', () => {
    const plan = planOracle(scenarioOf(example('15-kafka-20870-report-one-role.json')), { canRestart: true, brokerConfigsApplied: true });
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.reasons[0]).toMatch(/session-timeout-g-A .* 0 ms \(scenario time\) from the end of step 7/);
  });

  it('picks the largest time scale that keeps every timer clear, and scales the group configs', () => {
    const plan = planOracle(scenarioOf(example('02-scale-out-revocation.json')), { canRestart: true, brokerConfigsApplied: true });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.plan.timeScale).toBeGreaterThan(1);
    expect(plan.plan.groupConfigs['streams.session.timeout.ms']).toBe(String(45000 / plan.plan.timeScale));
    expect(plan.plan.marginMs).toBeGreaterThanOrEqual(1500);
  });

  it('on a cluster, refuses a run above the partition cap before it connects (exit 2), and --max-partitions raises it', async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
    try {
      const big = JSON.parse(example('01-first-join.json')) as Record<string, unknown>;
      big.topics = [{ name: 'orders', partitions: 9000 }];
      const files = { 'big.json': JSON.stringify(big) };
      const refused = await cli(['oracle', 'big.json', '--bootstrap', `127.0.0.1:${port}`], files, runScenario);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toContain('the run would create up to 18000 partitions on the cluster, above the cap of 1000');
      expect(connections).toBe(0);
      expect(parseOracleArgs(['f.json', '--bootstrap', 'h:1', '--max-partitions', '0'])).toBe('--max-partitions needs a positive integer');
      // raised: the run says what it will create, then connects (and this peer hangs up)
      const raised = await cli(['oracle', 'big.json', '--bootstrap', `127.0.0.1:${port}`, '--max-partitions', '18000'], files, runScenario);
      expect(raised.code).toBe(2);
      expect(raised.stderr).toMatch(/^sgp oracle will create on 127\.0\.0\.1:\d+, as run <run>/);
      expect(raised.stderr).toContain('<run>.orders (9000 partitions) at the start');
      expect(raised.stderr).toContain('at most 18000 partitions in all');
      expect(raised.stderr).toContain('sgp oracle: connection closed by the broker');
      expect(connections).toBe(1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('says so when the broker cannot be reached (exit 2)', async () => {
    // a port that was just free: nothing listens there
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const r = await cli(['oracle', 'f.json', '--bootstrap', `127.0.0.1:${port}`], { 'f.json': example('01-first-join.json') }, runScenario);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/could not connect to 127\.0\.0\.1:\d+/);
  });
});
