// What `sgp oracle --bootstrap` will create on a cluster, known before it connects (issue 22 item 5): the scenario's
// topics and the partitions its topic steps add, the internal topics Kafka creates for the run's groups (bounded),
// marker topics, groups and group configs; a run above the partition cap is refused with the reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PARTITIONS, footprintNotice, partitionCapReason, planFootprint } from '../../src/core/oracle/footprint.ts';
import { planOracle, type OraclePlan } from '../../src/core/oracle/plan.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';

type Obj = Record<string, unknown>;
const example = (name: string): Obj => JSON.parse(readFileSync(`static/examples/${name}`, 'utf8')) as Obj;

function planOf(scenario: Obj): OraclePlan {
  const p = parseScenario(JSON.stringify(scenario));
  if (!p.ok) throw new Error(p.errors[0]!.message);
  const planned = planOracle(p.scenario, { canRestart: false, brokerConfigsApplied: false });
  if (!planned.ok) throw new Error(planned.reasons.join('; '));
  return planned.plan;
}

describe('oracle footprint on a cluster', () => {
  it('counts the topics, the partitions topic steps add, and a marker per deletion', () => {
    const s = example('02-scale-out-revocation.json');
    (s.steps as Obj[]).push({ label: 'more', topics: { create: [{ name: 'extra', partitions: 2 }], partitions: { orders: 6 } } }, { label: 'less', topics: { delete: ['extra'] } });
    const fp = planFootprint(planOf(s));
    expect(fp.topics).toEqual([
      { name: 'orders', partitions: 4, when: 'at the start' },
      { name: 'app-0-changelog', partitions: 4, when: 'at the start' },
      { name: 'extra', partitions: 2, when: 'at step 6' },
      { name: 'orders', partitions: 2, when: 'at step 6', grows: true },
    ]);
    expect(fp.internalTopics).toEqual([]);
    expect(fp.markerTopics).toBe(1);
    expect(fp.groups).toEqual(['app']);
    expect(fp.totalPartitions).toBe(4 + 4 + 2 + 2 + 1);
    const notice = footprintNotice(fp, '127.0.0.1:9092');
    expect(notice).toContain(
      '<run>.orders (4 partitions) at the start, <run>.app-0-changelog (4 partitions) at the start, <run>.extra (2 partitions) at step 6, 2 partitions more for <run>.orders at step 6',
    );
    expect(notice).toContain('groups: app.<run>');
    expect(notice).toContain('streams.session.timeout.ms=9000');
    expect(notice).toContain('at most 13 partitions in all');
  });

  it('bounds an internal topic Kafka creates by the largest topic of the run', () => {
    const s = example('01-first-join.json');
    s.topics = [{ name: 'orders', partitions: 40 }];
    const fp = planFootprint(planOf(s));
    expect(fp.internalTopics).toEqual([{ name: 'app-0-changelog', partitions: 40 }]);
    expect(fp.totalPartitions).toBe(80);
    expect(footprintNotice(fp, 'h:1')).toContain('internal topics Kafka creates for the groups, at most: <run>.app-0-changelog (40 partitions)');
  });

  it('refuses a run above the cap, naming the largest topics and the flag', () => {
    const s = example('01-first-join.json');
    s.topics = [{ name: 'orders', partitions: 9000 }];
    const fp = planFootprint(planOf(s));
    expect(partitionCapReason(fp, DEFAULT_MAX_PARTITIONS)).toBe(
      'the run would create up to 18000 partitions on the cluster, above the cap of 1000 (largest: orders 9000, app-0-changelog 9000); --max-partitions N raises the cap',
    );
    expect(partitionCapReason(fp, 18000)).toBeNull();
  });
});
