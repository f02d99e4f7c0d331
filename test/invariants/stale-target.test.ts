// Issue 13, defect 8: partitions decrease inside the assignment interval. Kafka keeps the last target as
// computed until the interval passes (the delayed branch returns group.targetAssignment(member) unchanged, and
// CurrentAssignmentBuilder does not filter by topology), so that target names tasks that no longer exist. The
// simulator does the same; legal-target-assignment now judges only a target computed for the current epoch.
import { describe, expect, it } from 'vitest';
import { StreamsGroup } from '../../src/core/coordinator/group.ts';
import { checkSafety } from '../../src/core/invariants/safety.ts';
import type { ConfiguredTopology } from '../../src/core/model/topology.ts';
import { EMPTY_SET, taskSet } from '../../src/core/model/tasks.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

const REPRO = {
  format: 1,
  config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 10000 },
  topics: [{ name: 'in', partitions: 4 }],
  topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
  clients: { a: { processId: 'p1' } },
  steps: [
    { advance: 5000 },
    { client: 'a', do: 'join' },
    { client: 'a', do: 'heartbeat' },
    { advance: 1000 },
    { topics: { partitions: { in: 2 } } },
    { label: 'the metadata change bumps the epoch; the interval holds the new target back', client: 'a', do: 'heartbeat' },
    { advance: 10000 },
    { label: 'the interval is over: a target for 2 tasks', client: 'a', do: 'heartbeat' },
    { client: 'a', do: 'heartbeat' },
  ],
};

describe('a target held back by the assignment interval after partitions decrease', () => {
  it('keeps the old target (tasks 0_2, 0_3 included) without a violation, then the next target fits', () => {
    const r = parseScenario(JSON.stringify(REPRO));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const trace = runScenario(r.scenario);
    expect(trace.steps.flatMap((s) => s.violations)).toEqual([]);
    const held = trace.steps[5]!;
    expect([held.group?.groupEpoch, held.group?.assignmentEpoch, held.group?.state]).toEqual([3, 2, 'Assigning']);
    expect(held.group?.members.a?.target?.active).toEqual({ '0': [0, 1, 2, 3] });
    const last = trace.steps[8]!;
    expect([last.group?.assignmentEpoch, last.group?.state]).toEqual([3, 'Stable']);
    expect(last.group?.members.a?.target?.active).toEqual({ '0': [0, 1] });
  });

  it('a target computed for the current epoch that names a missing task is still a violation', () => {
    const g = new StreamsGroup('app');
    g.groupEpoch = 3;
    g.assignmentEpoch = 3;
    g.setTarget('a', { active: taskSet({ '0': [0, 5] }), standby: EMPTY_SET, warmup: EMPTY_SET });
    const configured: ConfiguredTopology = { topologyEpoch: 0, metadataHash: 0, subtopologies: [{ subtopologyId: '0', numberOfTasks: 4 } as never], internalTopicsToBeCreated: [], problem: null };
    g.configuredTopology = configured;
    const check = () => checkSafety(new Map([['app', g]]), new Map()).map((v) => v.message);
    expect(check()).toEqual(['The target gives a task 0_5, which the topology does not have.']);
    // the same group with a newer epoch pending: the target is the last one computed, not judged against the new topology
    g.groupEpoch = 4;
    expect(check()).toEqual([]);
  });
});
