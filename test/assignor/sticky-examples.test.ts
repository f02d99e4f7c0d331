import { describe, expect, it } from 'vitest';
import { StickyTaskAssignor } from '../../src/core/assignor/sticky.ts';
import { TaskAssignorException } from '../../src/core/assignor/types.ts';
import { group, plain, topology, type MemberInit } from './helpers.ts';

const v44 = new StickyTaskAssignor({ flavour: '4.4' });
const v42 = new StickyTaskAssignor({ flavour: '4.2' });
const draft = new StickyTaskAssignor({ flavour: 'draft' });

describe('ak4-shipped §5.4 worked example', () => {
  // members in the coordinator's HashMap order: A1 (bucket 0), A2 (1), B1 (15)
  const spec = group({ A1: { process: 'p1' }, A2: { process: 'p1' }, B1: { process: 'p2' } }, { 'num.standby.replicas': '1' });
  const expected = {
    A1: { active: { '0': [0] }, standby: { '0': [1] } },
    A2: { active: { '0': [2] }, standby: {} },
    B1: { active: { '0': [1] }, standby: { '0': [0, 2] } },
  };

  it('[4.4] gives A1{0_0 | 0_1}, A2{0_2}, B1{0_1 | 0_0, 0_2}', () => {
    expect(plain(v44.assign(spec, topology({ '0': 3 })))).toEqual(expected);
  });

  it('[4.2] gives the same (one stateful subtopology, no previous assignment)', () => {
    expect(plain(v42.assign(spec, topology({ '0': 3 })))).toEqual(expected);
  });

  it('never produces warm-ups and lists every member', () => {
    const result = v44.assign(spec, topology({ '0': 3 }));
    expect([...result.members.keys()]).toEqual(['A1', 'A2', 'B1']);
    for (const a of result.members.values()) expect(a.warmupTasks.size).toBe(0);
  });
});

describe('kip1071-draft §7.5 worked example', () => {
  it('two members: A{0_0, 0_2}, B{0_1}', () => {
    const spec = group({ A: { process: 'p1' }, B: { process: 'p2' } });
    expect(plain(draft.assign(spec, topology({ '0': 3 }, []))).valueOf()).toEqual({
      A: { active: { '0': [0, 2] }, standby: {} },
      B: { active: { '0': [1] }, standby: {} },
    });
  });

  it('C joins: only 0_2 moves', () => {
    const spec = group({
      A: { process: 'p1', active: { '0': [0, 2] } },
      B: { process: 'p2', active: { '0': [1] } },
      C: { process: 'p3' },
    });
    expect(plain(draft.assign(spec, topology({ '0': 3 }, [])))).toEqual({
      A: { active: { '0': [0] }, standby: {} },
      B: { active: { '0': [1] }, standby: {} },
      C: { active: { '0': [2] }, standby: {} },
    });
  });

  it('shouldKeepActiveTaskStickinessWhenMoreClientThanActiveTasks', () => {
    for (const prev of [
      { m1: 0, m2: 2, m3: 1 },
      { m2: 0, m4: 2, m5: 1 },
    ] as Record<string, number>[]) {
      const members: Record<string, MemberInit> = {};
      ['m1', 'm2', 'm3', 'm4', 'm5'].forEach((m, i) => {
        members[m] = { process: `p${i + 1}`, active: prev[m] === undefined ? {} : { '0': [prev[m]] } };
      });
      const result = plain(draft.assign(group(members), topology({ '0': 3 }, [])));
      for (const m of Object.keys(members)) {
        expect(result[m]!.active).toEqual(prev[m] === undefined ? {} : { '0': [prev[m]] });
      }
    }
  });

  it('throws TaskAssignorException when tasks exist but no member does', () => {
    expect(() => draft.assign(group({}), topology({ '0': 2 }, []))).toThrow(TaskAssignorException);
  });

  it('reads numStandbyReplicas (camelCase) and places standbys of stateful tasks on other processes', () => {
    const spec = group({ A: { process: 'p1' }, B: { process: 'p2' } }, { numStandbyReplicas: '1' });
    const r = plain(draft.assign(spec, topology({ '0': 2 })));
    expect(r).toEqual({
      A: { active: { '0': [0] }, standby: { '0': [1] } },
      B: { active: { '0': [1] }, standby: { '0': [0] } },
    });
  });
});

describe('shipped errors and configs', () => {
  it('throws TaskAssignorException with tasks and no members', () => {
    expect(() => v44.assign(group({}), topology({ '0': 1 }))).toThrow(TaskAssignorException);
    expect(() => v42.assign(group({}), topology({ '0': 1 }))).toThrow(TaskAssignorException);
  });

  it('returns an empty assignment with no members and no tasks', () => {
    expect(v44.assign(group({}), topology({})).members.size).toBe(0);
  });

  it('a non-empty config map without num.standby.replicas fails like Integer.parseInt(null)', () => {
    expect(() => v44.assign(group({ A: { process: 'p' } }, { 'rack.aware.assignment.tags': 'zone' }), topology({ '0': 1 }))).toThrow(TaskAssignorException);
  });
});

describe('draft quirks (kip1071-draft §7.3 ⚠)', () => {
  it('fails when every previous standby of a task sits on a process that already holds it', () => {
    // A (p1) keeps 0_0 active; its only previous standby B is on p1 too → the filtered set is empty → throws
    const spec = group({ A: { process: 'p1', active: { '0': [0] } }, B: { process: 'p1', standby: { '0': [0] } }, C: { process: 'p2' } }, { numStandbyReplicas: '1' });
    expect(() => draft.assign(spec, topology({ '0': 1 }))).toThrow(TaskAssignorException);
  });

  it('ignores num.standby.replicas (the draft reads numStandbyReplicas)', () => {
    const spec = group({ A: { process: 'p1' }, B: { process: 'p2' } }, { 'num.standby.replicas': '1', numStandbyReplicas: '0' });
    const r = plain(draft.assign(spec, topology({ '0': 2 })));
    expect(Object.values(r).every((m) => Object.keys(m.standby).length === 0)).toBe(true);
  });
});
