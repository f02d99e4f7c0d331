// live-member-kept: a member whose client announced its leave and then went silent is not live (issue 11 item 2).
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario, Step } from '../../src/core/scenario/types.ts';

const TOPOLOGY = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0 }] }] };

function scenario(steps: Step[]): Scenario {
  return {
    format: 1,
    protocol: 'ak4',
    variant: 'current',
    config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0 },
    groupId: 'app',
    topics: [
      { name: 'in0', partitions: 2 },
      { name: 'app-0-changelog', partitions: 2 },
    ],
    topology: TOPOLOGY,
    clients: {},
    steps,
  };
}

const join: Step = {
  send: 'StreamsGroupHeartbeat',
  member: 's',
  data: { memberId: 's', memberEpoch: 0, instanceId: 'i-s', rebalanceTimeoutMs: 300000, topology: TOPOLOGY, processId: 'p1', activeTasks: [], standbyTasks: [], warmupTasks: [] },
};

describe('live-member-kept after a static temporary leave', () => {
  // GroupMetadataManager.streamsGroupLeave (ak4-shipped §4.3 step 5): epoch -2 does not reschedule the session timer,
  // so a static member that does not come back is fenced at the deadline of its last regular heartbeat.
  it('a static member that left with -2 and went silent is fenced at its old session deadline without a violation', () => {
    const trace = runScenario(scenario([join, { advance: 10000 }, { send: 'StreamsGroupHeartbeat', member: 's', data: { memberId: 's', memberEpoch: -2, instanceId: 'i-s' } }, { advance: 40000 }]));
    const last = trace.steps[3]!;
    // the session timer set by the join (t = 0) fires at 45 s
    expect(last.timers.map((t) => [t.at, t.effect])).toEqual([[45000, 'session timeout fenced member s']]);
    expect(last.group?.members ?? {}).not.toHaveProperty('s');
    expect(trace.steps.flatMap((s) => s.violations)).toEqual([]);
  });

  it('a member that keeps heartbeating after a rejected heartbeat is still flagged when it is expelled', () => {
    // the rejected heartbeat (wrong epoch) is a send that does not refresh the session: still a liveness violation
    const trace = runScenario(scenario([join, { advance: 40000 }, { send: 'StreamsGroupHeartbeat', member: 's', data: { memberId: 's', memberEpoch: 99, instanceId: 'i-s' } }, { advance: 10000 }]));
    expect(trace.steps[2]!.errorName).toBe('FENCED_MEMBER_EPOCH');
    expect(trace.steps[3]!.violations.map((v) => v.invariant)).toEqual(['live-member-kept']);
  });

  it('a member that returns after its -2 leave is live again', () => {
    const trace = runScenario(
      scenario([
        join,
        { send: 'StreamsGroupHeartbeat', member: 's', data: { memberId: 's', memberEpoch: -2, instanceId: 'i-s' } },
        { advance: 40000 },
        { send: 'StreamsGroupHeartbeat', member: 's', data: { memberId: 's', memberEpoch: 7, instanceId: 'i-s' } },
        { advance: 10000 },
      ]),
    );
    // its epoch-7 heartbeat after the leave is rejected, so it is expelled although it heartbeats again
    expect(trace.steps[4]!.violations.map((v) => v.invariant)).toEqual(['live-member-kept']);
  });
});
