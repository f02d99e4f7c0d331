// Issue 13 (scale): the runner checks the safety invariants at the cost of what each step changed (SafetyTracker)
// and reports exactly what the full check (checkSafety against the previous step's epochs) reports, in its order:
// on hand-made steps that break and mend each invariant, and at every step of every example under every variant.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../src/core/variants/index.ts';
import { StreamsGroup } from '../../src/core/coordinator/group.ts';
import { INVARIANTS } from '../../src/core/invariants/types.ts';
import { checkSafety, snapshotEpochs } from '../../src/core/invariants/safety.ts';
import { SafetyTracker } from '../../src/core/invariants/safetyTracker.ts';
import { newMember, type StreamsGroupMember } from '../../src/core/model/member.ts';
import type { ConfiguredTopology } from '../../src/core/model/topology.ts';
import { EMPTY_SET, taskSet, withEpoch, type TasksTuple } from '../../src/core/model/tasks.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';

const tuple = (active: Record<string, number[]>, standby: Record<string, number[]> = {}): TasksTuple => ({ active: taskSet(active), standby: taskSet(standby), warmup: EMPTY_SET });

function member(id: string, pid: string, epoch: number, active: Record<string, number[]>, pending: Record<string, number[]> = {}, state: StreamsGroupMember['state'] = 'STABLE'): StreamsGroupMember {
  return {
    ...newMember(id),
    memberEpoch: epoch,
    previousMemberEpoch: epoch - 1,
    state,
    processId: pid,
    assignedTasks: { active: withEpoch(taskSet(active), epoch), standby: EMPTY_SET, warmup: EMPTY_SET },
    tasksPendingRevocation: tuple(pending),
  };
}

const configured = (tasks: number): ConfiguredTopology => ({
  topologyEpoch: 0,
  metadataHash: 0,
  subtopologies: [{ subtopologyId: '0', numberOfTasks: tasks } as never],
  internalTopicsToBeCreated: [],
  problem: null,
});

describe('the incremental safety check', () => {
  it('reports what the full check reports at every step, as each invariant breaks and mends', () => {
    let g = new StreamsGroup('app');
    g.groupEpoch = 2;
    g.assignmentEpoch = 2;
    g.configuredTopology = configured(4);
    g.topology = { epoch: 0, subtopologies: [] } as never;
    g.validatedTopologyEpoch = 0;
    const groups = new Map([['app', g]]);
    const tracker = new SafetyTracker();
    let before = snapshotEpochs(groups);
    const fired: string[][] = [];
    const step = (change: () => void) => {
      change();
      const expected = checkSafety(groups, before);
      expect(tracker.check(groups)).toEqual(expected);
      before = snapshotEpochs(groups);
      fired.push([...new Set(expected.map((v) => v.invariant))]);
    };
    step(() => {
      g.putMember(member('a', 'p1', 2, { '0': [0, 1] }));
      g.putMember(member('b', 'p2', 2, { '0': [2, 3] }));
      g.setTarget('a', tuple({ '0': [0, 1] }));
      g.setTarget('b', tuple({ '0': [2, 3] }));
    });
    step(() => g.putMember(member('b', 'p2', 2, { '0': [1, 2, 3] })));
    step(() => g.putMember(member('b', 'p2', 2, { '0': [2, 3] })));
    step(() => g.putMember(member('a', 'p1', 2, {}, { '0': [0, 1] })));
    step(() => g.putMember(member('b', 'p2', 2, { '0': [0, 2, 3] })));
    step(() => g.putMember(member('a', 'p1', 2, { '0': [1] })));
    step(() => g.setTarget('b', tuple({ '0': [1, 2, 3] })));
    step(() => g.setTarget('b', tuple({ '0': [2, 3, 9] })));
    step(() => (g.groupEpoch = 3));
    step(() => g.setTarget('b', tuple({ '0': [2, 3] }, { '0': [3] })));
    step(() => g.putMember({ ...member('b', 'p1', 2, { '0': [0, 2, 3] }) }));
    step(() => g.putMember(member('b', 'p2', 3, { '0': [0, 2, 3] })));
    step(() => g.putMember(member('b', 'p2', 4, { '0': [0, 2, 3] })));
    step(() => g.putMember(member('b', 'p2', 3, { '0': [0, 2, 3] })));
    step(() => (g.assignmentEpoch = 3));
    step(() => g.putMember(member('a', 'p1', 3, { '0': [1] })));
    step(() => (g.groupEpoch = 2));
    step(() => g.removeMember('b'));
    step(() => g.putMember(member('b', 'p2', 1, {}, {}, 'UNREVOKED_TASKS')));
    step(() => g.setTarget('b', null));
    // a new group object under the same id (as after a failover): checked in full against the last step
    step(() => {
      const fresh = new StreamsGroup('app');
      fresh.groupEpoch = 1;
      fresh.assignmentEpoch = 1;
      fresh.putMember(member('a', 'p1', 1, {}));
      groups.set('app', (g = fresh));
    });
    step(() => groups.delete('app'));
    // every safety invariant fires somewhere, and each clears again
    expect(fired).toEqual([
      [],
      ['no-double-active'],
      [],
      [],
      ['no-double-active', 'no-assign-while-pending'],
      [],
      ['legal-target-assignment'],
      ['legal-target-assignment'],
      [],
      ['legal-target-assignment'],
      ['legal-target-assignment'],
      ['valid-member-epochs', 'legal-target-assignment'],
      ['valid-member-epochs', 'legal-target-assignment'],
      ['valid-member-epochs', 'legal-target-assignment', 'epochs-monotonic'],
      ['legal-target-assignment'],
      ['legal-target-assignment'],
      ['valid-member-epochs', 'legal-target-assignment', 'stable-at-group-epoch', 'epochs-monotonic'],
      ['valid-member-epochs', 'legal-target-assignment', 'stable-at-group-epoch'],
      ['valid-member-epochs', 'legal-target-assignment'],
      ['valid-member-epochs'],
      ['epochs-monotonic'],
      [],
    ]);
  });

  it('agrees with the full check at every step of every example, under every variant', () => {
    const dir = fileURLToPath(new URL('../../static/examples/', import.meta.url));
    let steps = 0;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json') && x !== 'index.json')) {
      const parsed = parseScenario(readFileSync(dir + f, 'utf8'));
      if (!parsed.ok) continue;
      const variants = parsed.scenario.protocol === 'ak4' ? [...VARIANTS] : [parsed.scenario.variant];
      for (const variant of variants) {
        const runner = new ScenarioRunner({ ...parsed.scenario, variant });
        let before = snapshotEpochs(runner.broker.coordinator.groups);
        for (const [i, s] of runner.scenario.steps.entries()) {
          const t = runner.runStep(s, i);
          const c = runner.broker.coordinator;
          const safety = t.violations.filter((v) => INVARIANTS[v.invariant as keyof typeof INVARIANTS].kind === 'safety');
          expect(safety, `${f} ${variant} step ${i}`).toEqual(checkSafety(c.groups, before));
          before = snapshotEpochs(c.groups);
          steps++;
        }
      }
    }
    expect(steps).toBeGreaterThan(100);
  });
});
