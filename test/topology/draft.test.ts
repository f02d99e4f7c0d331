import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/protocol/errors.ts';
import { DRAFT_REPARTITION_FAILED_MESSAGE, draftCheckInternalTopicsExist, draftInitializeTopics, draftNumTasks } from '../../src/core/topology/draft.ts';
import { copart, image, sub, thrown, topic } from './fixtures.ts';

function err(fn: () => unknown): [string, string | null] {
  const e = thrown(fn);
  expect(e).toBeInstanceOf(ApiError);
  return [(e as ApiError).errorName, (e as ApiError).apiMessage];
}

describe('draftNumTasks (§7.2)', () => {
  it('is the partition count of the FIRST source topic', () => {
    expect(draftNumTasks(sub('0', { sourceTopics: ['small', 'big'] }), image({ small: 2, big: 8 }))).toBe(2);
  });
  it('is -1 when the first source topic is absent', () => {
    expect(draftNumTasks(sub('0', { sourceTopics: ['gone', 'big'] }), image({ big: 8 }))).toBe(-1);
  });
  it('throws a plain Error (UNKNOWN_SERVER_ERROR) for empty SourceTopics', () => {
    const e = thrown(() => draftNumTasks(sub('0'), image({})));
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(ApiError);
  });
});

describe('draftCheckInternalTopicsExist (§5.4)', () => {
  it('lists missing changelog and repartition source topics, sorted and unique; sources are not checked', () => {
    const subs = [
      sub('0', { sourceTopics: ['missing-source'], stateChangelogTopics: [topic('z-changelog'), topic('ok')] }),
      sub('1', { repartitionSourceTopics: [topic('a-repartition')], stateChangelogTopics: [topic('z-changelog')] }),
    ];
    expect(err(() => draftCheckInternalTopicsExist(subs, image({ ok: 1 })))).toEqual(['STREAMS_INVALID_TOPOLOGY', 'Internal topics a-repartition, z-changelog do not exist.']);
  });
  it('passes when all internal topics exist', () => {
    expect(() => draftCheckInternalTopicsExist([sub('0', { stateChangelogTopics: [topic('c')] })], image({ c: 1 }))).not.toThrow();
  });
});

describe('draftInitializeTopics (seed + §5.7 library)', () => {
  // ITM test of the draft branch: repartition_topic = 2 (RF 3), changelogs = 2.
  const kafkaExample = [
    sub('subtopology1', {
      sourceTopics: ['source_topic1'],
      repartitionSinkTopics: ['repartition_topic'],
      stateChangelogTopics: [topic('state_changelog_topic1')],
    }),
    sub('subtopology2', {
      sourceTopics: ['source_topic2', 'repartition_topic'],
      repartitionSourceTopics: [topic('repartition_topic', 0, 3)],
      stateChangelogTopics: [topic('state_changelog_topic2')],
      copartitionGroups: [copart([0], [0])],
    }),
  ];

  it('creates all missing internal topics with derived counts', () => {
    expect(draftInitializeTopics(kafkaExample, image({ source_topic1: 2, source_topic2: 2 })).toCreate).toEqual([
      { name: 'repartition_topic', partitions: 2, replicationFactor: 3 },
      { name: 'state_changelog_topic1', partitions: 2, replicationFactor: -1 },
      { name: 'state_changelog_topic2', partitions: 2, replicationFactor: -1 },
    ]);
  });

  it('skips internal topics that already exist with the right count', () => {
    const r = draftInitializeTopics(kafkaExample, image({ source_topic1: 2, source_topic2: 2, state_changelog_topic2: 2 }));
    expect(r.toCreate.map((t) => t.name)).toEqual(['repartition_topic', 'state_changelog_topic1']);
  });

  it('STREAMS_INCONSISTENT_INTERNAL_TOPICS for an existing internal topic with another count (seed)', () => {
    expect(err(() => draftInitializeTopics(kafkaExample, image({ source_topic1: 2, source_topic2: 2, state_changelog_topic2: 5 })))).toEqual([
      'STREAMS_INCONSISTENT_INTERNAL_TOPICS',
      'Existing topic state_changelog_topic2 has different number of partitions: expected 2, found 5',
    ]);
  });

  it('STREAMS_MISSING_SOURCE_TOPICS for missing external source topics (sorted)', () => {
    expect(err(() => draftInitializeTopics(kafkaExample, image({})))).toEqual(['STREAMS_MISSING_SOURCE_TOPICS', 'Missing source topics: source_topic1, source_topic2']);
  });

  it('STREAMS_MISSING_SOURCE_TOPICS when repartition counts cannot be derived (loop)', () => {
    const subs = [sub('0', { sourceTopics: ['r'], repartitionSourceTopics: [topic('r')], repartitionSinkTopics: ['r'] })];
    expect(err(() => draftInitializeTopics(subs, image({})))).toEqual(['STREAMS_MISSING_SOURCE_TOPICS', DRAFT_REPARTITION_FAILED_MESSAGE]);
  });

  it('STREAMS_INCONSISTENT_INTERNAL_TOPICS when copartitioned external topics differ', () => {
    const subs = [
      sub('0', { sourceTopics: ['first', 'second'], copartitionGroups: [copart([0, 1])] }),
      sub('1', { sourceTopics: ['first'], repartitionSinkTopics: ['r'] }),
      sub('2', { sourceTopics: ['r'], repartitionSourceTopics: [topic('r')] }),
    ];
    expect(err(() => draftInitializeTopics(subs, image({ first: 2, second: 1 })))).toEqual(['STREAMS_INCONSISTENT_INTERNAL_TOPICS', 'Topics not co-partitioned: [{first=2, second=1}]']);
  });

  it('enforced repartition counts that differ from the external count are inconsistent', () => {
    const subs = [
      sub('0', { sourceTopics: ['in'], repartitionSinkTopics: ['r'] }),
      sub('1', { sourceTopics: ['second', 'r'], repartitionSourceTopics: [topic('r', 10)], copartitionGroups: [copart([0], [0])] }),
    ];
    expect(err(() => draftInitializeTopics(subs, image({ in: 2, second: 2 })))).toEqual([
      'STREAMS_INCONSISTENT_INTERNAL_TOPICS',
      "Number of partitions [10] of repartition topic [r] doesn't match number of partitions [2] of the source topic.",
    ]);
  });

  it('STREAMS_INVALID_TOPOLOGY for a subtopology without source topics', () => {
    expect(err(() => draftInitializeTopics([sub('empty')], image({})))).toEqual(['STREAMS_INVALID_TOPOLOGY', 'No source topics found for subtopology empty']);
  });

  it('source-topic changelogs are left alone', () => {
    const subs = [sub('0', { sourceTopics: ['table'], stateChangelogTopics: [topic('table')] })];
    expect(draftInitializeTopics(subs, image({ table: 3 })).toCreate).toEqual([]);
  });
});
