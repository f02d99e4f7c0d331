// Kafka 4.1.2's StickyTaskAssignor (assignor flavour '4.1', release switch taskPairAssignor): each case is a target
// assignment Kafka 4.1.2's own GroupCoordinatorShard computed (sgp oracle --engine shard --kafka 4.1, generated
// sequences 123, 160 and 276), where the 4.2 rewrite assigns differently.
import { describe, expect, it } from 'vitest';
import { StickyTaskAssignor } from '../../src/core/assignor/sticky.ts';
import { group, plain, topology } from './helpers.ts';

const v41 = new StickyTaskAssignor({ flavour: '4.1' });
const v42 = new StickyTaskAssignor({ flavour: '4.2' });

describe("Kafka 4.1.2's StickyTaskAssignor", () => {
  it('assignActive and maybeUpdateTasksPerMember: the quota is per member (3 of 5 tasks), so a task left over goes to the least loaded process, p0 first of the equally loaded', () => {
    // the topic grew from 3 to 5 partitions; c's target was 0–1, a's 2
    const spec = group([
      ['c', { process: 'p2', active: { '0': [0, 1] } }],
      ['a', { process: 'p0', active: { '0': [2] } }],
    ]);
    expect(plain(v41.assign(spec, topology({ '0': 5 })))).toEqual({
      c: { active: { '0': [0, 1] }, standby: {} },
      a: { active: { '0': [2, 3, 4] }, standby: {} },
    });
    expect(plain(v42.assign(spec, topology({ '0': 5 }))).c!.active).toEqual({ '0': [0, 1, 4] });
  });

  it('TaskPairs.hasNewPair: a fresh assignment visits the tasks in HashSet<TaskId> order and keeps co-located pairs apart, so each process gets one subtopology', () => {
    const spec = group([
      ['c', { process: 'p2' }],
      ['a', { process: 'p0' }],
    ]);
    expect(plain(v41.assign(spec, topology({ '0': 2, '1': 2 }, ['1'])))).toEqual({
      c: { active: { '1': [0, 1] }, standby: {} },
      a: { active: { '0': [0, 1] }, standby: {} },
    });
    expect(plain(v42.assign(spec, topology({ '0': 2, '1': 2 }, ['1'])))).not.toEqual(plain(v41.assign(spec, topology({ '0': 2, '1': 2 }, ['1']))));
  });

  it('assignStandby: the previous active owner takes the standby when its process is load-balanced', () => {
    // a held 0–1 alone; b joins on p1 with num.standby.replicas 1
    const spec = group(
      [
        ['a', { process: 'p0', active: { '0': [0, 1] } }],
        ['b', { process: 'p1' }],
      ],
      { 'num.standby.replicas': '1' },
    );
    expect(plain(v41.assign(spec, topology({ '0': 2 })))).toEqual({
      a: { active: { '0': [0] }, standby: { '0': [1] } },
      b: { active: { '0': [1] }, standby: { '0': [0] } },
    });
  });
});
