// What the shard engine is sent for a scenario (src/core/oracle/shardPlan.ts): every request at its scenario time with
// the client context Kafka stores in a member's metadata, the clock's stops, failovers with their load time, topic
// changes; only proposals (a variant, the draft edition) are refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { planShard, type ShardPlan } from '../../src/core/oracle/shardPlan.ts';
import type { Scenario } from '../../src/core/scenario/types.ts';

const parse = (doc: unknown): Scenario => {
  const p = parseScenario(JSON.stringify(doc));
  if (!p.ok) throw new Error(p.errors[0]!.message);
  return p.scenario;
};
const example = (name: string): Scenario => parse(JSON.parse(readFileSync(join(import.meta.dirname, '../../static/examples', name), 'utf8')));
const plan = (s: Scenario): ShardPlan => {
  const r = planShard(s);
  if (!r.ok) throw new Error(r.reasons.join('; '));
  return r.plan;
};

const base = {
  format: 1,
  config: { 'group.streams.initial.rebalance.delay.ms': 0 },
  topics: [{ name: 'orders', partitions: 2 }],
  topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['orders'] }] },
  clients: { a: { profile: 'java', processId: 'p1', clientId: 'app-a', clientHost: '/10.0.0.7' }, b: { profile: 'java', processId: 'p2' } },
};

describe('planShard', () => {
  it('refuses only proposals: a variant other than current and the draft edition', () => {
    expect(planShard(example('13-kafka-20870-coordinator-only.json'))).toEqual({ ok: false, reasons: ['variant "coordinator-only" is a proposal; Kafka 4.4 runs "current"'] });
    const draft = planShard(example('draft-initialize.json'));
    expect(draft.ok).toBe(false);
    expect(!draft.ok && draft.reasons[0]).toContain('protocol "kip1071-draft" has no released broker');
    // timing a real clock could not reproduce, retention and an initial log all run
    for (const f of ['03-crash-session-timeout.json', '11b-offsets-retention.json', '21-start-from-a-state.json', '22-failover-load.json']) expect(planShard(example(f)).ok).toBe(true);
  });

  it('sends each request with the context Kafka stores: the client spec, the alias, or the raw sender', () => {
    const p = plan(
      parse({
        ...base,
        steps: [
          { client: 'a', do: 'join' },
          { client: 'b', do: 'join' },
          { send: 'StreamsGroupDescribe', data: {} },
          { send: 'OffsetCommit', member: 'a', clientId: 'admin', data: { generationIdOrMemberEpoch: 1, topics: [] } },
        ],
      }),
    );
    const clients = p.steps.map((s) => (s.kind === 'request' ? s.request?.client : null));
    expect(clients).toEqual([
      { clientId: 'app-a', clientHost: '/10.0.0.7' },
      { clientId: 'b', clientHost: '/127.0.0.1' },
      { clientId: 'sgp', clientHost: '/127.0.0.1' },
      { clientId: 'admin', clientHost: '/10.0.0.7' },
    ]);
    const first = p.steps[0]!;
    expect(first.kind === 'request' && first.request).toMatchObject({ api: 'StreamsGroupHeartbeat', version: 1, at: 0, notCoordinator: false });
  });

  it('keeps the clock exact: advances, the heartbeats of a run at their times, a failover and its load time', () => {
    const p = plan(
      parse({
        ...base,
        steps: [
          { client: 'a', do: 'join' },
          { advance: 1234 },
          { run: { ms: 12000 } },
          { failover: { loadMs: 2500 } },
          { topics: { create: [{ name: 'more', partitions: 3 }], delete: ['orders'], partitions: {} } },
        ],
      }),
    );
    expect(p.steps.map((s) => [s.kind, s.time])).toEqual([
      ['request', 0],
      ['advance', 1234],
      ['run', 13234],
      ['failover', 13234],
      ['topics', 13234],
    ]);
    const run = p.steps[2]!;
    if (run.kind !== 'run') throw new Error('not a run');
    expect(run.exchanges.length).toBeGreaterThan(1);
    expect(run.exchanges.every((x, i) => x.at >= 1234 && x.at <= 13234 && (i === 0 || x.at >= run.exchanges[i - 1]!.at))).toBe(true);
    expect(p.steps[3]).toMatchObject({ kind: 'failover', loadMs: 2500 });
    expect(p.steps[4]).toMatchObject({ kind: 'topics', create: [{ name: 'more', partitions: 3 }], delete: ['orders'] });
  });

  it('marks a request sent to the old coordinator (example 22) and passes the scenario configs unscaled', () => {
    const p = plan(example('22-failover-load.json'));
    const old = p.steps.filter((s) => s.kind === 'request' && s.request?.notCoordinator);
    expect(old.length).toBe(1);
    expect(plan(example('11b-offsets-retention.json')).configs).toMatchObject({ 'offsets.retention.minutes': expect.any(String) });
  });

  it("keeps a field the step sent that the simulator's normalised request leaves out (Kafka reads it)", () => {
    const p = plan(parse({ ...base, steps: [{ send: 'DescribeGroups', version: 5, data: { groups: ['app'], includeAuthorizedOperations: true } }] }));
    const s = p.steps[0]!;
    expect(s.kind === 'request' && s.request?.request).toEqual({ groups: ['app'], includeAuthorizedOperations: true });
  });
});
