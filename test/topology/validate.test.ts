import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/protocol/errors.ts';
import {
  isValidTopicName,
  throwIfChangelogPartitionsSet,
  throwIfSourceTopicRegexUsed,
  throwIfTopologyTopicsInvalid,
  throwIfTopologyUpdated,
  topologiesEqual,
} from '../../src/core/topology/validate.ts';
import { copart, sub, thrown, topic, topo } from './fixtures.ts';

function err(fn: () => unknown): [string, string | null] {
  const e = thrown(fn);
  expect(e).toBeInstanceOf(ApiError);
  return [(e as ApiError).errorName, (e as ApiError).apiMessage];
}

describe('service-layer changelog check', () => {
  it('names the first offending changelog in request order', () => {
    const t = topo(sub('0', { stateChangelogTopics: [topic('ok'), topic('first', 3)] }), sub('1', { stateChangelogTopics: [topic('second', 5)] }));
    expect(err(() => throwIfChangelogPartitionsSet(t))).toEqual(['STREAMS_INVALID_TOPOLOGY', 'Changelog topic first must have an undefined partition count, but it is set to 3.']);
  });
  it('accepts undefined counts', () => {
    expect(() => throwIfChangelogPartitionsSet(topo(sub('0', { stateChangelogTopics: [topic('c')] })))).not.toThrow();
  });
});

describe('regex check', () => {
  it('rejects source topic regexes with INVALID_REQUEST', () => {
    expect(err(() => throwIfSourceTopicRegexUsed(topo(sub('0', { sourceTopicRegex: ['in-.*'] }))))).toEqual(['INVALID_REQUEST', 'Regular expressions for source topics are not supported yet.']);
    expect(() => throwIfSourceTopicRegexUsed(topo(sub('0', { sourceTopics: ['in'] })))).not.toThrow();
  });
});

describe('KafkaApis topic checks', () => {
  it('rejects Kafka internal topics, listed comma-separated in request order', () => {
    const t = topo(
      sub('0', {
        sourceTopics: ['__consumer_offsets'],
        repartitionSinkTopics: ['__transaction_state'],
        repartitionSourceTopics: [topic('__share_group_state')],
      }),
    );
    expect(err(() => throwIfTopologyTopicsInvalid(t))).toEqual([
      'STREAMS_INVALID_TOPOLOGY',
      'Use of Kafka internal topics __consumer_offsets,__transaction_state,__share_group_state in a Kafka Streams topology is prohibited.',
    ]);
  });

  it('checks internal topics before invalid names', () => {
    const t = topo(sub('0', { sourceTopics: ['bad name', '__consumer_offsets'] }));
    expect(err(() => throwIfTopologyTopicsInvalid(t))[1]).toContain('Use of Kafka internal topics __consumer_offsets ');
  });

  it('rejects invalid names (sources, sinks, repartition sources, changelogs)', () => {
    const t = topo(
      sub('0', {
        sourceTopics: ['a '],
        repartitionSinkTopics: ['b?'],
        repartitionSourceTopics: [topic('c!')],
        stateChangelogTopics: [topic('d/')],
      }),
    );
    expect(err(() => throwIfTopologyTopicsInvalid(t))).toEqual(['STREAMS_INVALID_TOPOLOGY', 'Topic names a ,b?,c!,d/ are not valid topic names.']);
  });

  it('KafkaApis.handleStreamsGroupHeartbeat names each topic once (Iterator.distinct), where it first appears', () => {
    const t = topo(sub('0', { sourceTopics: ['a '], repartitionSinkTopics: ['b?'] }), sub('1', { sourceTopics: ['x'], repartitionSourceTopics: [topic('b?')], stateChangelogTopics: [topic('a ')] }));
    expect(err(() => throwIfTopologyTopicsInvalid(t))).toEqual(['STREAMS_INVALID_TOPOLOGY', 'Topic names a ,b? are not valid topic names.']);
    const internal = topo(sub('0', { sourceTopics: ['__consumer_offsets'], repartitionSinkTopics: ['__consumer_offsets'] }));
    expect(err(() => throwIfTopologyTopicsInvalid(internal))[1]).toBe('Use of Kafka internal topics __consumer_offsets in a Kafka Streams topology is prohibited.');
  });

  it('Topic.isValid rules', () => {
    expect(isValidTopicName('')).toBe(false);
    expect(isValidTopicName('.')).toBe(false);
    expect(isValidTopicName('..')).toBe(false);
    expect(isValidTopicName('...')).toBe(true);
    expect(isValidTopicName('a'.repeat(249))).toBe(true);
    expect(isValidTopicName('a'.repeat(250))).toBe(false);
    expect(isValidTopicName('My.topic_name-1')).toBe(true);
    expect(isValidTopicName('ünicode')).toBe(false);
  });

  it('accepts a clean topology', () => {
    expect(() => throwIfTopologyTopicsInvalid(topo(sub('0', { sourceTopics: ['in'], stateChangelogTopics: [topic('app-store-changelog')] })))).not.toThrow();
  });
});

describe('topologiesEqual', () => {
  const base = () =>
    topo(
      sub('0', {
        sourceTopics: ['a', 'b'],
        repartitionSinkTopics: ['r'],
        stateChangelogTopics: [{ name: 'c', partitions: 0, replicationFactor: 0, topicConfigs: [{ key: 'k', value: 'v' }] }],
        copartitionGroups: [copart([0, 1])],
      }),
    );
  it('is true for identical topologies', () => {
    expect(topologiesEqual(base(), base())).toBe(true);
    expect(() => throwIfTopologyUpdated(base(), base())).not.toThrow();
  });
  it('compares epoch, list order and nested fields', () => {
    const other = base();
    expect(topologiesEqual(base(), { ...other, epoch: 4 })).toBe(false);
    const reordered = base();
    reordered.subtopologies[0]?.sourceTopics.reverse();
    expect(topologiesEqual(base(), reordered)).toBe(false);
    const config = base();
    const c = config.subtopologies[0]?.stateChangelogTopics[0];
    if (c) c.topicConfigs = [{ key: 'k', value: 'w' }];
    expect(topologiesEqual(base(), config)).toBe(false);
    const group = base();
    const g = group.subtopologies[0]?.copartitionGroups[0];
    if (g) g.sourceTopics = [1, 0];
    expect(topologiesEqual(base(), group)).toBe(false);
  });
  it('a different topology is INVALID_REQUEST "Topology updates are not supported yet."', () => {
    const t = base();
    t.subtopologies[0]?.repartitionSinkTopics.push('r2');
    expect(err(() => throwIfTopologyUpdated(base(), t))).toEqual(['INVALID_REQUEST', 'Topology updates are not supported yet.']);
  });
});
