// Request context per client (issue 11 item 13): client.id and host, which Kafka stores in the member's metadata
// (StreamsGroupMemberMetadataValue.ClientId/ClientHost) and compares like the other metadata (ak4-shipped §4.4 step 3).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario } from '../../src/core/scenario/types.ts';

const TOPOLOGY = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] };
const join = (memberId: string, extra: Record<string, unknown> = {}) => ({
  memberId,
  memberEpoch: 0,
  rebalanceTimeoutMs: 300000,
  topology: TOPOLOGY,
  processId: 'p1',
  activeTasks: [],
  standbyTasks: [],
  warmupTasks: [],
  ...extra,
});

function scenario(doc: Record<string, unknown>): Scenario {
  const r = parseScenario(JSON.stringify({ format: 1, protocol: 'ak4', config: { 'group.streams.initial.rebalance.delay.ms': 0 }, groupId: 'app', topics: [{ name: 'in0', partitions: 2 }], ...doc }));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

describe('request context', () => {
  it('a send step sets client id and host; they are stored in the member metadata and described', () => {
    const t = runScenario(
      scenario({
        clients: {},
        steps: [
          { send: 'StreamsGroupHeartbeat', clientId: 'app-1-StreamThread-1', clientHost: '/10.0.0.7', data: join('A') },
          { send: 'StreamsGroupDescribe', data: {} },
        ],
      }),
    );
    expect(t.steps[0]!.records.find((r) => r.type === 'StreamsGroupMemberMetadata')!.value).toMatchObject({ clientId: 'app-1-StreamThread-1', clientHost: '/10.0.0.7' });
    expect((t.steps[1]!.response as { groups: { members: unknown[] }[] }).groups[0]!.members[0]).toMatchObject({ clientId: 'app-1-StreamThread-1', clientHost: '/10.0.0.7' });
  });

  it('the same dynamic member from another host: new metadata, and the group epoch is bumped', () => {
    const t = runScenario(
      scenario({
        clients: {},
        steps: [
          { send: 'StreamsGroupHeartbeat', clientHost: '/10.0.0.7', data: join('A') },
          { send: 'StreamsGroupHeartbeat', clientHost: '/10.0.0.8', data: { memberId: 'A', memberEpoch: 2 } },
          { send: 'StreamsGroupHeartbeat', clientHost: '/10.0.0.8', data: { memberId: 'A', memberEpoch: 3 } },
        ],
      }),
    );
    expect(t.steps[1]!.records.map((r) => r.type).slice(0, 2)).toEqual(['StreamsGroupMemberMetadata', 'StreamsGroupMetadata']);
    expect(t.steps[1]!.group).toMatchObject({ groupEpoch: 3 });
    // unchanged context: nothing written
    expect(t.steps[2]!.records).toEqual([]);
  });

  it('a static member rejoining under a new member id from the same process and context: no epoch bump', () => {
    const t = runScenario(
      scenario({
        clients: {},
        steps: [
          { send: 'StreamsGroupHeartbeat', clientId: 'c1', clientHost: '/10.0.0.7', data: join('A', { instanceId: 'i1' }) },
          { send: 'StreamsGroupHeartbeat', data: { memberId: 'A', memberEpoch: -2, instanceId: 'i1' } },
          { send: 'StreamsGroupHeartbeat', clientId: 'c1', clientHost: '/10.0.0.7', data: join('A2', { instanceId: 'i1' }) },
        ],
      }),
    );
    expect(t.steps[2]!.errorName).toBe('NONE');
    expect(t.steps[2]!.group).toMatchObject({ groupEpoch: 2 });
    expect(t.steps[2]!.records.find((r) => r.type === 'StreamsGroupMemberMetadata' && r.value !== null)!.value).toMatchObject({ clientId: 'c1', clientHost: '/10.0.0.7' });
  });

  it("a simulated client sends its spec's client id and host", () => {
    const t = runScenario(
      scenario({ topology: TOPOLOGY, clients: { a: { profile: 'java', processId: 'p1', clientId: 'orders-app-1', clientHost: '/10.1.2.3' } }, steps: [{ client: 'a', do: 'join' }] }),
    );
    expect(t.steps[0]!.records.find((r) => r.type === 'StreamsGroupMemberMetadata')!.value).toMatchObject({ clientId: 'orders-app-1', clientHost: '/10.1.2.3' });
  });
});
