import { describe, expect, it } from 'vitest';
import { configureTopics } from '../../src/core/topology/configure.ts';
import { ApiError } from '../../src/core/protocol/errors.ts';
import { REPARTITION_LOOP_MESSAGE, REPARTITION_NEVER_SUNK_MESSAGE } from '../../src/core/topology/repartitionTopics.ts';
import { copart, image, sub, thrown, topic, topo } from './fixtures.ts';

// The scenario of Kafka's InternalTopicManagerTest: subtopology1 reads source_topic1 and writes
// repartition_topic; subtopology2 reads source_topic2 and repartition_topic (copartitioned).
const kafkaTestTopology = topo(
  sub('subtopology1', {
    sourceTopics: ['source_topic1'],
    repartitionSinkTopics: ['repartition_topic'],
    stateChangelogTopics: [topic('state_changelog_topic1')],
  }),
  sub('subtopology2', {
    sourceTopics: ['source_topic2'],
    repartitionSourceTopics: [topic('repartition_topic', 0, 3)],
    stateChangelogTopics: [topic('state_changelog_topic2')],
    copartitionGroups: [copart([0], [0])],
  }),
);

function invalidTopology(fn: () => unknown): string | null {
  const e = thrown(fn);
  expect(e).toBeInstanceOf(ApiError);
  expect((e as ApiError).errorName).toBe('STREAMS_INVALID_TOPOLOGY');
  return (e as ApiError).apiMessage;
}

describe('configureTopics: missing source topics (status 1)', () => {
  it('reports the missing source topic, no subtopologies, nothing to create', () => {
    const c = configureTopics(kafkaTestTopology, image({ source_topic1: 2 }), 0);
    expect(c.problem).toEqual({ statusCode: 1, detail: 'Source topics source_topic2 are missing.' });
    expect(c.subtopologies).toBeNull();
    expect(c.internalTopicsToBeCreated).toEqual([]);
    expect(c.topologyEpoch).toBe(3);
  });

  it('sorts the names and summarizes beyond three ([4.4])', () => {
    const t = topo(sub('0', { sourceTopics: ['e', 'c', 'a'] }), sub('1', { sourceTopics: ['d', 'b', 'a'] }));
    expect(configureTopics(t, image({}), 0).problem?.detail).toBe('Source topics a, b, c and 2 additional topics are missing.');
    expect(configureTopics(t, image({}), 0, { detailStyle: 'full' }).problem?.detail).toBe('Source topics a, b, c, d, e are missing.');
  });

  it('repartition source topics do not count as missing source topics', () => {
    const t = topo(sub('0', { sourceTopics: ['in'], repartitionSinkTopics: ['r'] }), sub('1', { repartitionSourceTopics: [topic('r')] }));
    expect(configureTopics(t, image({ in: 1 }), 0).problem?.statusCode).toBe(3);
  });
});

describe('configureTopics: missing internal topics (status 3)', () => {
  it('returns the topics to create with derived counts and replication factor -1 by default', () => {
    const c = configureTopics(kafkaTestTopology, image({ source_topic1: 2, source_topic2: 2, state_changelog_topic2: 2 }), 42);
    expect(c.metadataHash).toBe(42);
    expect(c.internalTopicsToBeCreated).toEqual([
      { name: 'repartition_topic', partitions: 2, replicationFactor: 3 },
      { name: 'state_changelog_topic1', partitions: 2, replicationFactor: -1 },
    ]);
    // Names in Java HashMap order, as the broker prints them.
    expect(c.problem).toEqual({ statusCode: 3, detail: 'Internal topics are missing: state_changelog_topic1, repartition_topic' });
    expect(c.subtopologies?.map((s) => s.subtopologyId)).toEqual(['subtopology1', 'subtopology2']);
  });

  it('summarizes more than three missing topics ([4.4]) or lists them all ([4.1], detailStyle full)', () => {
    const t = topo(sub('0', { sourceTopics: ['in'], stateChangelogTopics: ['v', 'w', 'x', 'y', 'z'].map((n) => topic(`${n}-changelog`)) }));
    const c = configureTopics(t, image({ in: 4 }), 0);
    expect(c.problem?.detail).toBe('Internal topics are missing: z-changelog, x-changelog, w-changelog and 2 additional topics');
    expect(c.internalTopicsToBeCreated.map((x) => x.name)).toEqual(['v-changelog', 'w-changelog', 'x-changelog', 'y-changelog', 'z-changelog']);
    expect(configureTopics(t, image({ in: 4 }), 0, { detailStyle: 'full' }).problem?.detail).toBe('Internal topics are missing: [z-changelog, x-changelog, w-changelog, v-changelog, y-changelog]');
  });
});

describe('configureTopics: ready', () => {
  it('is ready when all topics exist, with task counts and resolved internal counts', () => {
    const c = configureTopics(kafkaTestTopology, image({ source_topic1: 2, source_topic2: 2, state_changelog_topic1: 2, state_changelog_topic2: 2, repartition_topic: 2 }), 0);
    expect(c.problem).toBeNull();
    expect(c.internalTopicsToBeCreated).toEqual([]);
    const [s1, s2] = c.subtopologies ?? [];
    expect(s1).toEqual({
      subtopologyId: 'subtopology1',
      numberOfTasks: 2,
      sourceTopics: ['source_topic1'],
      repartitionSinkTopics: ['repartition_topic'],
      repartitionSourceTopics: new Map(),
      stateChangelogTopics: new Map([['state_changelog_topic1', 2]]),
      isStateful: true,
    });
    expect(s2?.numberOfTasks).toBe(2);
    expect(s2?.repartitionSourceTopics).toEqual(new Map([['repartition_topic', 2]]));
  });

  it('sorts subtopologies by id; stateless subtopologies are not stateful', () => {
    const t = topo(sub('b', { sourceTopics: ['x'] }), sub('a', { sourceTopics: ['y'] }), sub('10', { sourceTopics: ['x'] }));
    const c = configureTopics(t, image({ x: 3, y: 5 }), 0);
    expect(c.subtopologies?.map((s) => [s.subtopologyId, s.numberOfTasks, s.isStateful])).toEqual([
      ['10', 3, false],
      ['a', 5, false],
      ['b', 3, false],
    ]);
  });

  it('numberOfTasks is the max over source and repartition source topics', () => {
    const t = topo(sub('0', { sourceTopics: ['big'], repartitionSinkTopics: ['r'] }), sub('1', { sourceTopics: ['small'], repartitionSourceTopics: [topic('r')] }));
    const c = configureTopics(t, image({ big: 8, small: 2, r: 8 }), 0);
    expect(c.problem).toBeNull();
    expect(c.subtopologies?.[1]?.numberOfTasks).toBe(8);
  });
});

describe('configureTopics: repartition topics', () => {
  it('derives a sink count from the upstream external source topics (max)', () => {
    const t = topo(sub('0', { sourceTopics: ['source1', 'source2'], repartitionSinkTopics: ['r'] }), sub('1', { repartitionSourceTopics: [topic('r')] }));
    const c = configureTopics(t, image({ source1: 3, source2: 5 }), 0);
    expect(c.internalTopicsToBeCreated).toEqual([{ name: 'r', partitions: 5, replicationFactor: -1 }]);
  });

  it('keeps a fixed count and propagates it through an upstream repartition source', () => {
    const t = topo(
      sub('0', { sourceTopics: ['source1'], repartitionSourceTopics: [topic('fixed', 4)], repartitionSinkTopics: ['derived'] }),
      sub('1', { repartitionSourceTopics: [topic('derived')], repartitionSinkTopics: ['fixed'] }),
    );
    const c = configureTopics(t, image({ source1: 3 }), 0);
    expect(c.internalTopicsToBeCreated).toEqual([
      { name: 'derived', partitions: 4, replicationFactor: -1 },
      { name: 'fixed', partitions: 4, replicationFactor: -1 },
    ]);
  });

  it('a loop without any known count is an invalid topology', () => {
    const t = topo(sub('0', { repartitionSourceTopics: [topic('r')], repartitionSinkTopics: ['r'] }));
    expect(invalidTopology(() => configureTopics(t, image({}), 0))).toBe(REPARTITION_LOOP_MESSAGE);
    expect(REPARTITION_LOOP_MESSAGE).toBe('Failed to compute number of partitions for all repartition topics. There may be loops in the topology that cannot be resolved.');
  });

  it('a repartition source topic that is never a sink is an invalid topology', () => {
    const t = topo(sub('0', { sourceTopics: ['in'], repartitionSourceTopics: [topic('orphan')] }));
    expect(invalidTopology(() => configureTopics(t, image({ in: 2 }), 0))).toBe(REPARTITION_NEVER_SUNK_MESSAGE);
    expect(REPARTITION_NEVER_SUNK_MESSAGE).toBe('Failed to compute number of partitions for all repartition topics, because a repartition source topic is never used as a sink topic.');
  });
});

describe('configureTopics: copartitioning', () => {
  it('external topics of a group must agree (status 2, sorted map)', () => {
    const t = topo(sub('0', { sourceTopics: ['b', 'a'], copartitionGroups: [copart([0, 1])] }));
    expect(configureTopics(t, image({ a: 2, b: 3 }), 0).problem).toEqual({
      statusCode: 2,
      detail: 'Following topics do not have the same number of partitions: [{a=2, b=3}]',
    });
  });

  it('forces a flexible repartition topic to the external count', () => {
    const t = topo(
      sub('0', { sourceTopics: ['wide'], repartitionSinkTopics: ['r'] }),
      sub('1', { sourceTopics: ['narrow'], repartitionSourceTopics: [topic('r')], copartitionGroups: [copart([0], [0])] }),
    );
    const c = configureTopics(t, image({ wide: 10, narrow: 2 }), 0);
    expect(c.internalTopicsToBeCreated).toEqual([{ name: 'r', partitions: 2, replicationFactor: -1 }]);
    expect(c.subtopologies?.[1]?.numberOfTasks).toBe(2);
  });

  it('a fixed repartition topic that differs from the external count is status 2', () => {
    const t = topo(
      sub('0', { sourceTopics: ['in'], repartitionSinkTopics: ['r'] }),
      sub('1', { sourceTopics: ['second'], repartitionSourceTopics: [topic('r', 10)], copartitionGroups: [copart([0], [0])] }),
    );
    expect(configureTopics(t, image({ in: 2, second: 2 }), 0).problem).toEqual({
      statusCode: 2,
      detail: "Number of partitions [10] of repartition topic [r] doesn't match number of partitions [2] of the source topic.",
    });
  });

  it('all-repartition group without fixed topics uses the maximum', () => {
    const t = topo(
      sub('0', { sourceTopics: ['one'], repartitionSinkTopics: ['r1'] }),
      sub('1', { sourceTopics: ['fifteen'], repartitionSinkTopics: ['r2'] }),
      sub('2', { repartitionSourceTopics: [topic('r1'), topic('r2')], copartitionGroups: [copart([], [0, 1])] }),
    );
    const c = configureTopics(t, image({ one: 1, fifteen: 15 }), 0);
    expect(c.internalTopicsToBeCreated.map((x) => [x.name, x.partitions])).toEqual([
      ['r1', 15],
      ['r2', 15],
    ]);
  });

  it('quirk: any fixed repartition topic in the topology decides an all-repartition group', () => {
    const t = topo(
      sub('0', { sourceTopics: ['in'], repartitionSinkTopics: ['r1', 'r2'] }),
      sub('1', { repartitionSourceTopics: [topic('r1'), topic('r2')], copartitionGroups: [copart([], [0, 1])] }),
      sub('2', { sourceTopics: ['other'], repartitionSourceTopics: [topic('elsewhere', 7)] }),
      sub('3', { sourceTopics: ['x'], repartitionSinkTopics: ['elsewhere'] }),
    );
    const c = configureTopics(t, image({ in: 3, other: 7, x: 1 }), 0);
    expect(c.internalTopicsToBeCreated.map((x) => [x.name, x.partitions])).toEqual([
      ['elsewhere', 7],
      ['r1', 7],
      ['r2', 7],
    ]);
  });

  it('fixed repartition topics that disagree topology-wide are status 2 for an all-repartition group', () => {
    const t = topo(
      sub('0', { sourceTopics: ['in'], repartitionSinkTopics: ['r1', 'r2'] }),
      sub('1', { repartitionSourceTopics: [topic('r1', 10), topic('r2', 5)], copartitionGroups: [copart([], [0, 1])] }),
    );
    expect(configureTopics(t, image({ in: 3 }), 0).problem).toEqual({
      statusCode: 2,
      detail: 'Following topics do not have the same number of partitions: [{r1=10, r2=5}]',
    });
  });

  it('equal fixed counts are accepted', () => {
    const t = topo(
      sub('0', { sourceTopics: ['in'], repartitionSinkTopics: ['r1', 'r2'] }),
      sub('1', { repartitionSourceTopics: [topic('r1', 10), topic('r2', 10)], copartitionGroups: [copart([], [0, 1])] }),
    );
    expect(configureTopics(t, image({ in: 3 }), 0).internalTopicsToBeCreated.map((x) => x.partitions)).toEqual([10, 10]);
  });

  it('a copartition index out of range is an internal error (UNKNOWN_SERVER_ERROR)', () => {
    const t = topo(sub('0', { sourceTopics: ['in'], copartitionGroups: [copart([3])] }));
    const e = thrown(() => configureTopics(t, image({ in: 1 }), 0));
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(ApiError);
  });
});

describe('configureTopics: changelog topics', () => {
  it('changelog count = max over the subtopology source and repartition source topics', () => {
    const t = topo(
      sub('0', { sourceTopics: ['big'], repartitionSinkTopics: ['r'] }),
      sub('1', { sourceTopics: ['small'], repartitionSourceTopics: [topic('r')], stateChangelogTopics: [topic('store-changelog')] }),
    );
    const c = configureTopics(t, image({ big: 6, small: 2 }), 0);
    expect(c.internalTopicsToBeCreated).toContainEqual({ name: 'store-changelog', partitions: 6, replicationFactor: -1 });
    expect(c.subtopologies?.[1]?.stateChangelogTopics.get('store-changelog')).toBe(6);
  });

  it('a source-topic changelog (same name as the source) needs no creation', () => {
    const t = topo(sub('0', { sourceTopics: ['table'], stateChangelogTopics: [topic('table')] }));
    const c = configureTopics(t, image({ table: 3 }), 0);
    expect(c.problem).toBeNull();
    expect(c.subtopologies?.[0]?.isStateful).toBe(true);
  });

  it('a subtopology with neither source nor repartition source topics is invalid', () => {
    const t = topo(sub('0', { sourceTopics: ['in'] }), sub('lonely'));
    expect(invalidTopology(() => configureTopics(t, image({ in: 1 }), 0))).toBe('No source topics found for subtopology lonely');
  });
});

describe('configureTopics: existing internal topics', () => {
  it('an existing internal topic with another count is status 2', () => {
    const t = topo(sub('0', { sourceTopics: ['in'], stateChangelogTopics: [topic('store-changelog')] }));
    const c = configureTopics(t, image({ in: 4, 'store-changelog': 2 }), 0);
    expect(c.problem).toEqual({
      statusCode: 2,
      detail: 'Existing topic store-changelog has different number of partitions: expected 4, found 2',
    });
    expect(c.subtopologies).toBeNull();
    expect(c.internalTopicsToBeCreated).toEqual([]);
  });

  it('an existing repartition topic with more partitions than derived is status 2', () => {
    const t = topo(sub('0', { sourceTopics: ['in'], repartitionSinkTopics: ['r'] }), sub('1', { repartitionSourceTopics: [topic('r')] }));
    // The image count is used for the topic itself, so task counts follow it, but the derived count differs.
    expect(configureTopics(t, image({ in: 2, r: 5 }), 0).problem).toEqual({
      statusCode: 2,
      detail: 'Existing topic r has different number of partitions: expected 2, found 5',
    });
  });

  it('duplicate subtopology ids are an internal error', () => {
    const t = topo(sub('0', { sourceTopics: ['in'] }), sub('0', { sourceTopics: ['in'] }));
    expect(thrown(() => configureTopics(t, image({ in: 1 }), 0))).not.toBeInstanceOf(ApiError);
  });
});
