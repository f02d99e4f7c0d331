// planGroups (src/core/oracle/groups.ts): every group a scenario names, so that sgp oracle sets the scenario's group
// configs on each (the simulator's configs are broker-wide; Kafka's group configs are per group id, GroupConfigManager)
// and probes each one's __consumer_offsets shard.
import { describe, expect, it } from 'vitest';
import { planGroups, requestGroups } from '../../src/core/oracle/groups.ts';
import { planOracle } from '../../src/core/oracle/plan.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';

describe('the groups of a scenario', () => {
  it('reads the group ids of every RPC that names some', () => {
    expect(requestGroups('StreamsGroupHeartbeat', { groupId: 'app' })).toEqual(['app']);
    expect(requestGroups('StreamsGroupDescribe', { groupIds: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(requestGroups('DescribeGroups', { groups: ['c'] })).toEqual(['c']);
    expect(requestGroups('DeleteGroups', { groupsNames: ['d'] })).toEqual(['d']);
    expect(requestGroups('OffsetFetch', { groups: [{ groupId: 'e', topics: null }] })).toEqual(['e']);
    expect(
      requestGroups('IncrementalAlterConfigs', {
        resources: [
          { resourceType: 32, resourceName: 'f', configs: [] },
          { resourceType: 2, resourceName: 'topic', configs: [] },
        ],
      }),
    ).toEqual(['f']);
    expect(requestGroups('ListGroups', { statesFilter: [] })).toEqual([]);
  });

  it("lists the scenario's group and every other group its steps name, once each, without the empty id", () => {
    const doc = {
      format: 1,
      protocol: 'ak4',
      variant: 'current',
      groupId: 'app',
      topics: [{ name: 'orders', partitions: 1 }],
      topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['orders'] }] },
      clients: { a: { profile: 'java', processId: 'p1', memberId: 'a' } },
      steps: [
        { client: 'a', do: 'join' },
        { send: 'StreamsGroupDescribe', data: { groupIds: ['audit', 'app', ''] } },
        { send: 'DeleteGroups', data: { groupsNames: ['old', 'audit'] } },
      ],
    };
    const parsed = parseScenario(JSON.stringify(doc));
    if (!parsed.ok) throw new Error(parsed.errors[0]?.message);
    const planned = planOracle(parsed.scenario, { canRestart: true, brokerConfigsApplied: true });
    if (!planned.ok) throw new Error(planned.reasons.join('; '));
    expect(planGroups(planned.plan)).toEqual(['app', 'audit', 'old']);
  });
});
