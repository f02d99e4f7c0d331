// The run id keeps Kafka's HashSet order of a scenario's internal topics (src/core/oracle/names.ts): Kafka's
// InternalTopicManager.configureTopics walks the required topics of a topology in the iteration order of a HashSet and
// names the first internal topic with the wrong partition count; run-scoped names ("<run>.<topic>") hash differently,
// so a random run id could make Kafka name another topic than the scenario's cluster would.
import { describe, expect, it } from 'vitest';
import { chooseRunId, hashOrderedTopicSets, keepsHashOrder, RunNames } from '../../src/core/oracle/names.ts';
import { javaHashOrder } from '../../src/core/topology/javaHash.ts';

const topology = {
  epoch: 0,
  subtopologies: [
    {
      subtopologyId: '0',
      sourceTopics: ['orders'],
      repartitionSourceTopics: [],
      stateChangelogTopics: [
        { name: 'app-counts-changelog', partitions: 0 },
        { name: 'app-totals-changelog', partitions: 0 },
        { name: 'app-last-changelog', partitions: 0 },
      ],
      copartitionGroups: [],
    },
  ],
};
const changelogs = ['app-counts-changelog', 'app-totals-changelog', 'app-last-changelog'];
/** The first changelog Kafka checks, with names scoped by `runId` (null: the scenario's own names). */
const firstChecked = (runId: string | null): string => {
  const scope = (n: string) => (runId === null ? n : new RunNames(runId).topic(n));
  const order = javaHashOrder(['orders', ...changelogs].map(scope));
  return order.find((n) => changelogs.map(scope).includes(n))!;
};
/** Deterministic candidates: sgp-00000000, sgp-00000001, … */
const counter = () => {
  let i = 0;
  return () => `sgp-${(i++).toString(16).padStart(8, '0')}`;
};

describe('the run id and the HashSet order of topic names', () => {
  const sets = hashOrderedTopicSets([topology]);

  it('watches the internal topics among the required ones, and each list of internal topics', () => {
    expect(sets).toContainEqual({ names: ['orders', ...changelogs], watch: changelogs });
    expect(sets).toContainEqual({ names: changelogs, watch: changelogs });
  });

  it('some run ids change which wrong changelog Kafka would name first', () => {
    const next = counter();
    const flipping = Array.from({ length: 200 }, next).filter((id) => !keepsHashOrder(id, sets));
    expect(flipping.length).toBeGreaterThan(0);
    const scenarioFirst = firstChecked(null);
    expect(flipping.some((id) => firstChecked(id) !== new RunNames(id).topic(scenarioFirst))).toBe(true);
  });

  it('the chosen run id names the same topic first as the scenario itself', () => {
    const id = chooseRunId(counter(), sets)!;
    expect(keepsHashOrder(id, sets)).toBe(true);
    expect(firstChecked(id)).toBe(new RunNames(id).topic(firstChecked(null)));
  });

  it('gives up after its budget rather than looping', () => {
    const never = () => 'sgp-00000000';
    expect(chooseRunId(never, sets, 3)).toBe(keepsHashOrder('sgp-00000000', sets) ? 'sgp-00000000' : undefined);
  });
});
