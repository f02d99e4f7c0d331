// Two heartbeat rules of 4.2.2/4.3.2 that 4.4.0 changed, each against the release's bytecode: the endpoint-to-partitions
// cache (release switch ownEndpointEntryFromCache) and reconciliation without in-place role changes
// (reconcileWithoutRoleChanges). Each scenario is a shrunk generated sequence on which the release's own
// GroupCoordinatorShard and the simulator disagreed before the switch.
import { describe, expect, it } from 'vitest';
import type { KafkaRelease } from '../../src/core/releases/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';
import type { Trace } from '../../src/core/scenario/types.ts';

type Json = Record<string, unknown>;

function run(scenario: Json): Trace {
  const r = parseScenario(JSON.stringify(scenario));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return new ScenarioRunner(r.scenario).run();
}

const responseOf = (t: Trace, step: number): Json => t.steps[step]!.response as Json;

/** a joins, b joins, a heartbeats (so b's entry, and then a's, are cached), then b moves its endpoint (generated seed 294, shrunk). */
function endpointMove(kafka: KafkaRelease, withHeartbeatBetween: boolean, rejoinFirst = false): Json {
  return {
    kafka,
    config: { 'group.streams.initial.rebalance.delay.ms': 1500 },
    topics: [{ name: 'in0', partitions: 4 }],
    topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] },
    clients: {
      a: { profile: 'partial', processId: 'p0', memberId: 'member-a', userEndpoint: { host: 'host-a', port: 9000 } },
      b: { profile: 'java', processId: 'p1', memberId: 'member-b', userEndpoint: { host: 'host-b', port: 9001 } },
    },
    steps: [
      { client: 'b', do: 'join' },
      { advance: 1501 },
      { client: 'a', do: 'join' },
      ...(withHeartbeatBetween ? [{ client: 'b', do: 'heartbeat' }] : []),
      // a rejoins at epoch 0 unchanged, at the group's endpoint information epoch: no endpoint list, no record of a
      ...(rejoinFirst
        ? [
            {
              send: 'StreamsGroupHeartbeat',
              version: 0,
              member: 'a',
              data: {
                memberEpoch: 0,
                endpointInformationEpoch: 3,
                processId: 'p0',
                rebalanceTimeoutMs: 300000,
                topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] },
                activeTasks: [],
                standbyTasks: [],
                warmupTasks: [],
                userEndpoint: { host: 'host-a', port: 9000 },
              },
            },
          ]
        : []),
      {
        send: 'StreamsGroupHeartbeat',
        version: 0,
        member: 'a',
        data: {
          memberEpoch: 3,
          activeTasks: [{ subtopologyId: '0', partitions: [2] }],
          standbyTasks: [],
          warmupTasks: [],
          userEndpoint: { host: 'moved', port: 9100 },
        },
      },
    ],
  };
}

/** The heartbeating member's own entry: listed last (StreamsGroup.buildEndpointToPartitions). */
function ownEndpoint(t: Trace): Json {
  const list = responseOf(t, t.steps.length - 1).partitionsByUserEndpoint as Json[];
  return list[list.length - 1]!.userEndpoint as Json;
}

describe('heartbeat rules of 4.2.2/4.3.2 that 4.4.0 changed', () => {
  it('ownEndpointEntryFromCache — GroupMetadataManager.streamsGroupHeartbeat and StreamsGroup.getOrComputeEndpointToPartitions: 4.2/4.3 list a member whose endpoint alone changed with its cached entry (the old endpoint); 4.4 invalidates it', () => {
    for (const k of ['4.2', '4.3'] as const) expect(ownEndpoint(run(endpointMove(k, true))), k).toEqual({ host: 'host-a', port: 9000 });
    expect(ownEndpoint(run(endpointMove('4.4', true)))).toEqual({ host: 'moved', port: 9100 });
  });

  it('ownEndpointEntryFromCache — StreamsGroup.updateMember drops the entry: with no endpoint list built since a was written, 4.3 computes a fresh entry (the new endpoint)', () => {
    expect(ownEndpoint(run(endpointMove('4.3', false)))).toEqual({ host: 'moved', port: 9100 });
  });

  it('ownEndpointEntryFromCache — GroupMetadataManager.streamsGroupHeartbeat invalidates the entry whenever it sends an assignment (a join), even with no record and no list: 4.3 then computes a fresh entry', () => {
    const t = run(endpointMove('4.3', true, true));
    expect(responseOf(t, 4).partitionsByUserEndpoint).toBeNull();
    expect(ownEndpoint(t)).toEqual({ host: 'moved', port: 9100 });
  });

  /** c runs every task alone, then d joins: c's new target has standby tasks on tasks c still runs as active (generated seed 686, shrunk). */
  function scaleOut(kafka: KafkaRelease): Json {
    return {
      kafka,
      config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.num.standby.replicas': 1 },
      topics: [{ name: 'in0', partitions: 4 }],
      topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], stateChangelogTopics: [{ name: 'app-store-changelog', partitions: 0 }] }] },
      clients: { c: { profile: 'java', processId: 'p2' }, d: { profile: 'java', processId: 'p0' } },
      steps: [
        { client: 'c', do: 'join' },
        // the changelog topic is created and c takes every task as active
        { run: { ms: 10000 } },
        { client: 'd', do: 'join' },
        { client: 'c', do: 'heartbeat' },
      ],
    };
  }

  it('reconcileWithoutRoleChanges — CurrentAssignmentBuilder.computeNextAssignment (4.3.2: no demotion; the member itself holds its process tasks): a standby target on a task the member still runs as active waits in 4.2/4.3; 4.4 grants it at once', () => {
    const reconciled = (k: KafkaRelease) => {
      const r = responseOf(run(scaleOut(k)), 3);
      return { active: r.activeTasks, standby: r.standbyTasks };
    };
    for (const k of ['4.2', '4.3'] as const) expect(reconciled(k), k).toEqual({ active: [{ subtopologyId: '0', partitions: [0, 1] }], standby: [] });
    expect(reconciled('4.4')).toEqual({ active: [{ subtopologyId: '0', partitions: [0, 1] }], standby: [{ subtopologyId: '0', partitions: [2, 3] }] });
  });

  it('reconcileWithoutRoleChanges — the narration names the release where the rule decides the step', () => {
    const said = run(scaleOut('4.3')).steps[3]!.narration.join(' ');
    expect(said).toMatch(/In Kafka 4\.3 a task changes role on \S+ only after it gave up the old role \(its own tasks count as held by its process\); in 4\.4 \S+'s task changes role in place/);
  });
});
