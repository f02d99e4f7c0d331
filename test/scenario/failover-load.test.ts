// A failover that takes time (issue 11 item 15): while the new coordinator loads, requests get
// COORDINATOR_LOAD_IN_PROGRESS (and NOT_COORDINATOR from the old broker); timers restart from load time.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

const TOPOLOGY = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] };
const join = { memberId: 'A', memberEpoch: 0, rebalanceTimeoutMs: 300000, topology: TOPOLOGY, processId: 'p1', activeTasks: [], standbyTasks: [], warmupTasks: [] };

function run(steps: unknown[]) {
  const r = parseScenario(
    JSON.stringify({ format: 1, protocol: 'ak4', config: { 'group.streams.initial.rebalance.delay.ms': 0 }, groupId: 'app', topics: [{ name: 'in0', partitions: 2 }], clients: {}, steps }),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return runScenario(r.scenario);
}

describe('failover { loadMs }', () => {
  it('requests during the load get COORDINATOR_LOAD_IN_PROGRESS; the old broker answers NOT_COORDINATOR; timers restart at load time', () => {
    const t = run([
      { send: 'StreamsGroupHeartbeat', data: join },
      { advance: 10000 },
      { failover: { loadMs: 5000 } },
      { send: 'StreamsGroupHeartbeat', data: { memberId: 'A', memberEpoch: 2 } },
      { send: 'StreamsGroupDescribe', data: {} },
      { send: 'OffsetCommit', data: { memberId: 'A', generationIdOrMemberEpoch: 2, topics: [{ name: 'in0', partitions: [{ partitionIndex: 0, committedOffset: 1 }] }] } },
      { send: 'StreamsGroupHeartbeat', coordinator: 'old', data: { memberId: 'A', memberEpoch: 2 } },
      { advance: 5000, expect: { timers: { 'session-timeout-app-A': 60000 } } },
      { send: 'StreamsGroupHeartbeat', data: { memberId: 'A', memberEpoch: 2 } },
    ]);
    expect(t.steps[3]!.response).toMatchObject({ errorCode: 14 });
    expect(t.steps[4]!.response).toMatchObject({ groups: [{ errorCode: 14, groupId: 'app' }] });
    expect(t.steps[5]!.errorName).toBe('COORDINATOR_LOAD_IN_PROGRESS');
    expect(t.steps[6]!.response).toMatchObject({ errorCode: 16 });
    // nothing was written and no timer fired during the load (A's session timer, due at 45 s, was not moved by it)
    expect(t.steps.slice(3, 7).flatMap((s) => s.records)).toEqual([]);
    expect(t.steps[7]!.time).toBe(15000);
    expect(t.steps[7]!.mismatches).toEqual([]);
    expect(t.steps[8]!.response).toMatchObject({ errorCode: 0, memberEpoch: 2 });
  });

  it('the session of a silent member restarts from the load: fenced 45 s after it, not after its last heartbeat', () => {
    const t = run([{ send: 'StreamsGroupHeartbeat', data: join }, { advance: 40000 }, { failover: { loadMs: 20000 } }, { advance: 30000 }, { advance: 40000 }]);
    // loaded at 60 s: the session timer is due at 105 s, so nothing fires by 90 s
    expect(t.steps[3]!.timers).toEqual([]);
    expect(t.steps[4]!.timers.map((x) => [x.at, x.key])).toEqual([[105000, 'session-timeout-app-A']]);
  });

  it('the step is validated: loadMs is a whole number of ms', () => {
    const r = parseScenario(JSON.stringify({ format: 1, protocol: 'ak4', groupId: 'app', topics: [], clients: {}, steps: [{ failover: { loadMs: -1 } }, { failover: { load: 1 } }] }));
    expect(!r.ok && r.errors.map((e) => e.path)).toEqual(['$.steps[0].failover.loadMs', '$.steps[1].failover.load']);
  });
});
