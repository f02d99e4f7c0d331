// The run id keeps Kafka's HashSet order of a scenario's internal topics (src/core/oracle/names.ts): Kafka's
// InternalTopicManager.configureTopics walks the required topics of a topology in the iteration order of a HashSet and
// names the first internal topic with the wrong partition count; run-scoped names ("<run>.<topic>") hash differently,
// so a random run id could make Kafka name another topic than the scenario's cluster would.
import { describe, expect, it } from 'vitest';
import { chooseRunId, hashNeutralRunId, hashOrderedTopicSets, keepsHashOrder, RUN_ID_LENGTH, RunNames } from '../../src/core/oracle/names.ts';
import { javaHashOrder, javaStringHashCode } from '../../src/core/topology/javaHash.ts';
import { timelineHashMapOrder } from '../../src/core/util/timelineHashMap.ts';

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

const sets = hashOrderedTopicSets([topology]);

describe('the run id and the HashSet order of topic names', () => {
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

describe('a hash-neutral run id keeps every hash order of topic names', () => {
  /** The topics of an all-topics OffsetFetch, in the order Kafka's TimelineHashMap of a group's offsets iterates them (OffsetMetadataManager.fetchAllOffsets), at every table size up to 64. */
  const offsetTableOrders = (names: string[]): string[][] => [2, 4, 8, 16, 32, 64].map((capacity) => timelineHashMapOrder(names, javaStringHashCode, capacity));
  const topics = ['in0', 'in1', 'in2', 'orders', 'app-counts-changelog', 'app-store-repartition'];
  const randomParts = Array.from({ length: 12 }, (_, i) => (0x9e3779b9 * (i + 1)).toString(16).slice(-8).padStart(8, '0'));

  it('makes "<run>." hash to 0, so a run-scoped topic hashes as the scenario\'s own name', () => {
    const ids = randomParts.map(hashNeutralRunId).filter((id): id is string => id !== undefined);
    // about two random parts in three have a hash-neutral completion
    expect(ids.length).toBeGreaterThanOrEqual(4);
    for (const id of ids) {
      expect(id).toMatch(/^sgp-[0-9a-f]{16}$/);
      expect(id.length).toBe(RUN_ID_LENGTH);
      expect(javaStringHashCode(`${id}.`)).toBe(0);
      const names = new RunNames(id);
      for (const t of topics) expect(javaStringHashCode(names.topic(t))).toBe(javaStringHashCode(t));
      expect(offsetTableOrders(topics.map((t) => names.topic(t)))).toEqual(offsetTableOrders(topics).map((order) => order.map((t) => names.topic(t))));
      expect(javaHashOrder(topics.map((t) => names.topic(t)))).toEqual(javaHashOrder(topics).map((t) => names.topic(t)));
      expect(keepsHashOrder(id, sets)).toBe(true);
    }
  });

  it('where a random run id flips the order of an all-topics OffsetFetch (live generated seeds 6, 62) or of DeleteGroups tombstones (seed 58)', () => {
    const next = counter();
    const flipping = Array.from({ length: 50 }, next).filter((id) => {
      const names = new RunNames(id);
      return JSON.stringify(offsetTableOrders(['in0', 'in1'].map((t) => names.topic(t)))) !== JSON.stringify(offsetTableOrders(['in0', 'in1']).map((o) => o.map((t) => names.topic(t))));
    });
    expect(flipping.length).toBeGreaterThan(0);
  });

  it('refuses a random part that is not 8 hex digits', () => {
    expect(() => hashNeutralRunId('xyz')).toThrow('8 hex digits');
  });
});
