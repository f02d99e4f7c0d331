// What sgp oracle sends for a scenario (src/core/oracle/plan.ts, names.ts), where the live-broker harness used to differ
// from the simulator: the request context of each request, the rack-aware tags config, and names Kafka refuses.
import { describe, expect, it } from 'vitest';
import { planOracle, type OraclePlan } from '../../src/core/oracle/plan.ts';
import { RunNames } from '../../src/core/oracle/names.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';

type Json = Record<string, unknown>;

const scenario = (over: Json = {}, steps: Json[] = [{ client: 'a', do: 'join' }]): Json => ({
  format: 1,
  protocol: 'ak4',
  variant: 'current',
  groupId: 'app',
  topics: [{ name: 'orders', partitions: 2 }],
  topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['orders'] }] },
  clients: { a: { profile: 'java', processId: 'p1', memberId: 'a' } },
  steps,
  ...over,
});

function plan(doc: Json): { ok: true; plan: OraclePlan } | { ok: false; reasons: string[] } {
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) throw new Error(`${parsed.errors[0]?.path}: ${parsed.errors[0]?.message}`);
  return planOracle(parsed.scenario, { canRestart: true, brokerConfigsApplied: true });
}

function planned(doc: Json): OraclePlan {
  const p = plan(doc);
  if (!p.ok) throw new Error(p.reasons.join('; '));
  return p.plan;
}

describe('the request context sgp oracle sends', () => {
  it("uses a client's clientId for its own steps and its run steps' heartbeats, and a send step's own clientId", () => {
    const p = planned(
      scenario({ clients: { a: { profile: 'java', processId: 'p1', memberId: 'a', clientId: 'app-a-StreamThread-1-consumer' } } }, [
        { client: 'a', do: 'join' },
        { run: { until: 'stable', maxMs: 20000 } },
        { send: 'StreamsGroupDescribe', member: 'a', data: { groupIds: ['app'], includeAuthorizedOperations: false }, clientId: 'admin' },
        { send: 'StreamsGroupDescribe', data: { groupIds: ['app'], includeAuthorizedOperations: false } },
      ]),
    );
    const [join, run, own, raw] = p.steps;
    expect(join?.kind === 'request' && join.request?.clientId).toBe('app-a-StreamThread-1-consumer');
    expect(run?.kind === 'run' && run.exchanges.length > 0 && run.exchanges.every((x) => x.clientId === 'app-a-StreamThread-1-consumer')).toBe(true);
    expect(own?.kind === 'request' && own.request?.clientId).toBe('admin');
    expect(raw?.kind === 'request' && raw.request?.clientId).toBe('sgp');
  });

  it('refuses a heartbeat whose clientHost is not the one the broker will see, and says why', () => {
    const p = plan(scenario({ clients: { a: { profile: 'java', processId: 'p1', memberId: 'a', clientHost: '/10.0.0.7' } } }));
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.reasons).toEqual([expect.stringContaining('clientHost "/10.0.0.7" cannot be reproduced: Kafka stores the address the request came from')]);
    // the default host is the broker's view of sgp oracle's own connection
    expect(plan(scenario({ clients: { a: { profile: 'java', processId: 'p1', memberId: 'a', clientHost: '/127.0.0.1' } } })).ok).toBe(true);
  });
});

describe('group.streams.rack.aware.assignment.tags', () => {
  it('is set as the group config streams.rack.aware.assignment.tags it defaults (GroupMetadataManager.streamsGroupAssignmentConfigs), not passed to the broker', () => {
    const p = planned(scenario({ config: { 'group.streams.rack.aware.assignment.tags': 'zone' } }));
    expect(p.groupConfigs['streams.rack.aware.assignment.tags']).toBe('zone');
    expect(p.brokerConfigs).toEqual({});
    expect(planned(scenario()).groupConfigs).not.toHaveProperty('streams.rack.aware.assignment.tags');
  });
});

describe('names Kafka refuses', () => {
  const n = new RunNames('sgp-1234abcd');
  it('are sent as they are, so Kafka gives them the verdict it gives the scenario; valid names are run-scoped', () => {
    for (const name of ['__consumer_offsets', '.', '..', 'a b', 'x'.repeat(250), '']) expect(n.topic(name)).toBe(name);
    expect(n.topic('orders')).toBe('sgp-1234abcd.orders');
    expect(n.topic('x'.repeat(249))).toBe(`sgp-1234abcd.${'x'.repeat(249)}`);
    expect(n.group(' ')).toBe(' ');
    const out = n.outbound('StreamsGroupHeartbeat', { groupId: 'app', topology: { subtopologies: [{ sourceTopics: ['orders', '__consumer_offsets', '..'] }] } });
    expect((out.topology as { subtopologies: { sourceTopics: string[] }[] }).subtopologies[0]!.sourceTopics).toEqual(['sgp-1234abcd.orders', '__consumer_offsets', '..']);
  });

  it('refuse a scenario whose cluster would need a topic Kafka cannot create, or whose run-scoped name gets too long', () => {
    const bad = plan(scenario({}, [{ client: 'a', do: 'join' }, { topics: { create: [{ name: '..', partitions: 1 }] } }]));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.reasons).toEqual([expect.stringContaining('topic ".." is one Kafka refuses to create')]);
    const long = 'l'.repeat(240);
    const tooLong = plan(scenario({ topics: [{ name: long, partitions: 1 }], topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: [long] }] } }));
    expect(tooLong.ok).toBe(false);
    if (!tooLong.ok) expect(tooLong.reasons.some((r) => r.includes("would pass Kafka's limit of 249"))).toBe(true);
  });

  it('refuse an offsets RPC on a blank group id, which a broker would share between runs', () => {
    const p = plan(
      scenario({}, [
        {
          send: 'OffsetCommit',
          version: 9,
          data: { groupId: '  ', generationIdOrMemberEpoch: -1, memberId: '', groupInstanceId: null, topics: [] },
        },
      ]),
    );
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.reasons).toEqual([expect.stringContaining('group id "  " is blank')]);
  });
});
