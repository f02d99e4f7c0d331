// kip1071-draft scenarios through runScenario: simulated Java draft clients, Initialize on request, replay = live.
import { describe, expect, it } from 'vitest';
import { ScenarioRunner, runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario, Step } from '../../src/core/scenario/types.ts';
import { Coordinator } from '../../src/core/coordinator/runtime.ts';
import { hardState } from './helpers.ts';

const TOPOLOGY = [{ subtopologyId: '0', sourceTopics: ['input'], sourceTopicRegex: [], stateChangelogTopics: [], repartitionSinkTopics: [], repartitionSourceTopics: [], copartitionGroups: [] }];

function scenario(steps: Step[], extra: Partial<Scenario> = {}): Scenario {
  return {
    format: 1,
    protocol: 'kip1071-draft',
    variant: 'current',
    config: {},
    groupId: 'app',
    topics: [{ name: 'input', partitions: 4 }],
    topology: TOPOLOGY,
    clients: { a: { profile: 'java', processId: 'p1' }, b: { profile: 'java', processId: 'p2' } },
    steps,
    ...extra,
  };
}

/** Runs step by step and checks that a coordinator rebuilt from the log equals the live one after every step. */
function runChecked(s: Scenario) {
  const r = new ScenarioRunner(s);
  const traces = s.steps.map((step, i) => {
    const t = r.runStep(step, i);
    const live = r.broker.coordinator;
    const rebuilt = new Coordinator(live.options, live.log.clone(), live.now);
    expect([...rebuilt.groups.keys()]).toEqual([...live.groups.keys()]);
    for (const id of live.groups.keys()) expect(hardState(rebuilt.groups.get(id)), `step ${i}`).toEqual(hardState(live.groups.get(id)));
    return t;
  });
  return { r, traces };
}

describe('kip1071-draft scenarios', () => {
  it('a Java client joins with an empty member id, is asked to initialize, and initializes the group', () => {
    const { r, traces } = runChecked(scenario([{ client: 'a', do: 'join' }]));
    const t = traces[0]!;
    expect(t.request).toMatchObject({ memberId: '', memberEpoch: 0, rebalanceTimeoutMs: 300000, processId: 'p1', activeTasks: [], standbyTasks: [], warmupTasks: [] });
    expect((t.request as Record<string, unknown>).topologyId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(t.response).toMatchObject({ errorCode: 0, memberEpoch: 1, shouldInitializeTopology: true });
    expect(t.exchanges).toHaveLength(1);
    expect(t.exchanges[0]!.errorName).toBe('NONE');
    expect(t.records.map((x) => x.type)).toEqual([
      'StreamsGroupMemberMetadata',
      'StreamsGroupMetadata',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupTargetAssignmentMetadata',
      'StreamsGroupCurrentMemberAssignment',
      'StreamsGroupTopology',
      'StreamsGroupPartitionMetadata',
      'StreamsGroupMetadata',
      'StreamsGroupTargetAssignmentMember',
      'StreamsGroupTargetAssignmentMetadata',
    ]);
    expect(t.group).toMatchObject({ state: 'Reconciling', groupEpoch: 2, assignmentEpoch: 2 });
    // the alias is bound to the generated member id
    const id = (t.response as { memberId: string }).memberId;
    expect(r.aliasOf(id)).toBe('a');
  });

  it('two Java clients reach a stable group with all four tasks assigned', () => {
    const { traces } = runChecked(scenario([{ client: 'a', do: 'join' }, { client: 'b', do: 'join' }, { run: { until: 'stable', maxMs: 60000 } }]));
    const g = traces[2]!.group!;
    expect(g.state).toBe('Stable');
    const owned = Object.values(g.members).flatMap((m) => (m.assigned.active['0'] ?? []).map((p) => p));
    expect(owned.sort()).toEqual([0, 1, 2, 3]);
    expect(Object.values(g.members).every((m) => m.memberEpoch === g.assignmentEpoch)).toBe(true);
  });

  it('a crashed member is fenced by the session timeout (group.consumer.session.timeout.ms) and the other takes over', () => {
    const { traces } = runChecked(
      scenario([{ client: 'a', do: 'join' }, { client: 'b', do: 'join' }, { run: { until: 'stable' } }, { client: 'b', do: 'crash' }, { run: { ms: 60000 } }], {
        config: { 'group.consumer.session.timeout.ms': 30000 },
      }),
    );
    const t = traces[4]!;
    expect(t.timers.some((x) => x.key.startsWith('session-timeout-app-') && x.effect.startsWith('session timeout fenced'))).toBe(true);
    const members = Object.values(t.group!.members);
    expect(members).toHaveLength(1);
    expect(members[0]!.assigned.active['0']).toEqual([0, 1, 2, 3]);
  });

  it('the group survives a fail-over; the topology-initialization timer does not', () => {
    const s = scenario(
      [
        {
          send: 'StreamsGroupHeartbeat',
          member: 'x',
          data: { memberId: 'x', memberEpoch: 0, rebalanceTimeoutMs: 1000, topologyId: 't1', processId: 'p', activeTasks: [], standbyTasks: [], warmupTasks: [] },
        },
        { failover: true },
        { send: 'StreamsGroupHeartbeat', member: 'x', data: { memberEpoch: 1, topologyId: 't1' } },
      ],
      { clients: {} },
    );
    const { traces } = runChecked(s);
    expect(traces[0]!.response).toMatchObject({ shouldInitializeTopology: true });
    // after fail-over the timer is gone, so the next heartbeat asks again
    expect(traces[2]!.response).toMatchObject({ errorCode: 0, shouldInitializeTopology: true });
    expect(traces[2]!.group!.state).toBe('Initializing');
  });

  it('runs deterministically: the same scenario gives the same trace', () => {
    const s = scenario([{ client: 'a', do: 'join' }, { client: 'b', do: 'join' }, { run: { until: 'stable' } }]);
    expect(JSON.stringify(runScenario(s))).toEqual(JSON.stringify(runScenario(s)));
  });
});
