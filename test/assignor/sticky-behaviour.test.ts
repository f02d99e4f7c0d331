import { describe, expect, it } from 'vitest';
import { StickyTaskAssignor } from '../../src/core/assignor/sticky.ts';
import type { StandbyWarning } from '../../src/core/assignor/standby.ts';
import { group, plain, topology, type MemberInit } from './helpers.ts';

const v44 = new StickyTaskAssignor({ flavour: '4.4' });
/** The newer stored apache/kafka assignor (ak4-shipped §5 [4.4]) that the 4.4.0 release does not ship. */
const trunk = new StickyTaskAssignor({ flavour: 'trunk' });
const v42 = new StickyTaskAssignor({ flavour: '4.2' });

describe('stickiness (§5.1 step 1.1)', () => {
  it('the previous owner keeps tasks up to the quota, in (partition, subtopologyId) order', () => {
    const spec = group({ m1: { process: 'p1', active: { '0': [0, 1, 2, 3] } }, m2: { process: 'p2' } });
    for (const a of [v44, v42]) {
      expect(plain(a.assign(spec, topology({ '0': 4 })))).toEqual({
        m1: { active: { '0': [0, 1] }, standby: {} },
        m2: { active: { '0': [2, 3] }, standby: {} },
      });
    }
  });

  it('a stable assignment is reproduced when fed back as the previous one', () => {
    const topo = topology({ a: 4, b: 3 }, ['a']);
    const fresh = group({ m1: { process: 'p1' }, m2: { process: 'p1' }, m3: { process: 'p2' } }, { 'num.standby.replicas': '1' });
    const first = plain(v44.assign(fresh, topo));
    const again = group(Object.fromEntries(Object.entries(first).map(([id, a]) => [id, { process: id === 'm3' ? 'p2' : 'p1', ...a }])), { 'num.standby.replicas': '1' });
    expect(plain(v44.assign(again, topo))).toEqual(first);
  });

  it('a previous standby gets the active task when the previous owner is full; trunk only counts warm-ups', () => {
    // m1 keeps 0_0 (quota 1); m3's warm-up of 0_1 wins it in [4.4]; [4.2] hands 0_1 to the least-loaded process p2
    const spec = group({
      m1: { process: 'p1', active: { '0': [0, 1, 2] } },
      m2: { process: 'p2' },
      m3: { process: 'p3', warmup: { '0': [1] } },
    });
    expect(plain(trunk.assign(spec, topology({ '0': 3 })))).toEqual({
      m1: { active: { '0': [0] }, standby: {} },
      m2: { active: { '0': [2] }, standby: {} },
      m3: { active: { '0': [1] }, standby: {} },
    });
    expect(plain(v42.assign(spec, topology({ '0': 3 })))).toEqual({
      m1: { active: { '0': [0] }, standby: {} },
      m2: { active: { '0': [1] }, standby: {} },
      m3: { active: { '0': [2] }, standby: {} },
    });
  });

  it('[4.4] ranks standby candidates by reported offset sum; [4.2] keeps member order', () => {
    const spec = group({
      m1: { process: 'p1', active: { '0': [0, 1] } },
      m2: { process: 'p2', standby: { '0': [1] }, offsets: { '0': { 1: 10 } } },
      m3: { process: 'p3', standby: { '0': [1] }, offsets: { '0': { 1: 50 } } },
    });
    expect(plain(v44.assign(spec, topology({ '0': 2 })))['m3']!.active).toEqual({ '0': [1] });
    expect(plain(v42.assign(spec, topology({ '0': 2 })))['m2']!.active).toEqual({ '0': [1] });
  });

  it('[4.4] offsets alone make a restarted member a standby candidate', () => {
    const spec = group({
      m1: { process: 'p1', active: { '0': [0, 1] } },
      m2: { process: 'p2' },
      m3: { process: 'p3', offsets: { '0': { 1: 100 } } },
    });
    expect(plain(v44.assign(spec, topology({ '0': 2 })))['m3']!.active).toEqual({ '0': [1] });
    expect(plain(v42.assign(spec, topology({ '0': 2 })))['m2']!.active).toEqual({ '0': [1] });
  });
});

describe('[4.4] stateful and stateless active passes', () => {
  it('trunk balances stateful tasks on their own quota before the stateless ones', () => {
    const spec = group({ m1: { process: 'p1', active: { '0': [0, 1] } }, m2: { process: 'p2', active: { '1': [0, 1] } } });
    const topo = topology({ '0': 2, '1': 2 }, ['0']);
    expect(plain(trunk.assign(spec, topo))).toEqual({
      m1: { active: { '0': [0], '1': [1] }, standby: {} },
      m2: { active: { '0': [1], '1': [0] }, standby: {} },
    });
    // [4.2]: one pass, both members keep everything
    expect(plain(v42.assign(spec, topo))).toEqual({
      m1: { active: { '0': [0, 1] }, standby: {} },
      m2: { active: { '1': [0, 1] }, standby: {} },
    });
  });
});

describe('standbys (§5.1 step 2)', () => {
  it('never places a standby on a process that holds the task, and warns when processes run out', () => {
    const warnings: StandbyWarning[] = [];
    const a = new StickyTaskAssignor({ flavour: '4.4', onStandbyWarning: (w) => warnings.push(w) });
    const spec = group({ m1: { process: 'p1' }, m2: { process: 'p1' }, m3: { process: 'p2' } }, { 'num.standby.replicas': '2' });
    const r = plain(a.assign(spec, topology({ '0': 2 })));
    for (const t of [0, 1]) {
      const holders = Object.values(r).filter((m) => m.active['0']?.includes(t) || m.standby['0']?.includes(t));
      expect(holders).toHaveLength(2); // one active + one standby: only two processes
    }
    expect(warnings).toEqual([
      { subtopologyId: '0', partition: 1, unassigned: 1 },
      { subtopologyId: '0', partition: 0, unassigned: 1 },
    ]);
  });

  it('stateless tasks get no standbys', () => {
    const spec = group({ m1: { process: 'p1' }, m2: { process: 'p2' } }, { 'num.standby.replicas': '1' });
    const r = plain(v44.assign(spec, topology({ '0': 2, '1': 2 }, ['0'])));
    expect(Object.values(r).flatMap((m) => Object.keys(m.standby))).toEqual(['0', '0']);
  });

  it('the previous active owner takes the standby when it loses the active task', () => {
    const spec = group({ m1: { process: 'p1', active: { '0': [0, 1] } }, m2: { process: 'p2', standby: { '0': [1] } } }, { 'num.standby.replicas': '1' });
    expect(plain(v44.assign(spec, topology({ '0': 2 })))).toEqual({
      m1: { active: { '0': [0] }, standby: { '0': [1] } },
      m2: { active: { '0': [1] }, standby: { '0': [0] } },
    });
  });

  it('trunk: the rack-aware pass puts the standby in another zone', () => {
    // new HashMap<>(4) filled by computeIfAbsent: 4 slots, order p4, p1, p2, p3; the active task goes to p4 (zone z2)
    const members = {
      m1: { process: 'p1', tags: { zone: 'z2' } },
      m2: { process: 'p2', tags: { zone: 'z1' } },
      m3: { process: 'p3', tags: { zone: 'z1' } },
      m4: { process: 'p4', tags: { zone: 'z2' } },
    };
    const withTags = plain(trunk.assign(group(members, { 'num.standby.replicas': '1', 'rack.aware.assignment.tags': 'zone' }), topology({ '0': 1 })));
    expect(withTags['m4']!.active).toEqual({ '0': [0] });
    expect(withTags['m2']!.standby).toEqual({ '0': [0] });
    // tag-blind: the least-loaded heap yields p1 (same zone as the active)
    const without = plain(trunk.assign(group(members, { 'num.standby.replicas': '1' }), topology({ '0': 1 })));
    expect(without['m1']!.standby).toEqual({ '0': [0] });
  });

  it('trunk: the rack-aware pass prefers the previous standby holder among equally diverse processes', () => {
    const members = {
      m1: { process: 'p1', tags: { zone: 'z1' }, active: { '0': [0] } },
      m2: { process: 'p2', tags: { zone: 'z1' } },
      m3: { process: 'p3', tags: { zone: 'z2' } },
      m4: { process: 'p4', tags: { zone: 'z2' }, standby: { '0': [0] } },
    };
    const r = plain(trunk.assign(group(members, { 'num.standby.replicas': '1', 'rack.aware.assignment.tags': 'zone' }), topology({ '0': 1 })));
    expect(r['m1']!.active).toEqual({ '0': [0] });
    expect(r['m4']!.standby).toEqual({ '0': [0] });
  });

  it('trunk: the rack-aware pass gives up a key no eligible process can diversify', () => {
    // two replicas, zones z1/z2 only: the second standby is placed by the sticky / least-loaded passes
    const members = {
      m1: { process: 'p1', tags: { zone: 'z1' } },
      m2: { process: 'p2', tags: { zone: 'z1' } },
      m3: { process: 'p3', tags: { zone: 'z2' } },
    };
    const r = plain(v44.assign(group(members, { 'num.standby.replicas': '2', 'rack.aware.assignment.tags': 'zone' }), topology({ '0': 1 })));
    expect(r).toEqual({
      m1: { active: { '0': [0] }, standby: {} },
      m2: { active: {}, standby: { '0': [0] } },
      m3: { active: {}, standby: { '0': [0] } },
    });
  });
});

describe('determinism', () => {
  it('same input, same output, for every flavour', () => {
    const spec = group(
      [...Array(12).keys()].map((i): [string, MemberInit] => [`member-${i}`, { process: `proc-${i % 5}`, active: i % 3 === 0 ? { a: [i % 4] } : {} }]),
      { 'num.standby.replicas': '1', numStandbyReplicas: '1' },
    );
    const topo = topology({ a: 7, b: 5, c: 3 }, ['a', 'c']);
    for (const flavour of ['4.4', '4.2', 'draft'] as const) {
      const a = new StickyTaskAssignor({ flavour });
      expect(plain(a.assign(spec, topo))).toEqual(plain(new StickyTaskAssignor({ flavour }).assign(spec, topo)));
    }
  });
});
