import { describe, expect, it } from 'vitest';
import { configureTopics } from '../../src/core/topology/configure.ts';
import { configureTopicsMemo } from '../../src/core/topology/configureMemo.ts';
import { image, sub, topic, topo } from './fixtures.ts';

describe('configureTopicsMemo', () => {
  const t = topo(sub('0', { sourceTopics: ['orders'], stateChangelogTopics: [topic('app-0-changelog')] }));

  it('gives what configureTopics gives, and the same object for the same topology and topics content', () => {
    const first = configureTopicsMemo(t, image({ orders: 4 }), 7);
    expect(first).toEqual(configureTopics(t, image({ orders: 4 }), 7));
    expect(first.problem?.statusCode).toBe(3); // the changelog topic is missing
    expect(configureTopicsMemo(t, image({ orders: 4 }), 7)).toBe(first);
  });

  it('recomputes when the topics, the metadata hash or the topology object differ', () => {
    const ready = configureTopicsMemo(t, image({ orders: 4, 'app-0-changelog': 4 }), 7);
    expect(ready).toEqual(configureTopics(t, image({ orders: 4, 'app-0-changelog': 4 }), 7));
    expect(ready.problem).toBeNull();
    expect(ready.subtopologies?.[0]?.numberOfTasks).toBe(4);
    const more = configureTopicsMemo(t, image({ orders: 6, 'app-0-changelog': 6 }), 7);
    expect(more.subtopologies?.[0]?.numberOfTasks).toBe(6);
    expect(configureTopicsMemo(t, image({ orders: 4, 'app-0-changelog': 4 }), 8).metadataHash).toBe(8);
    const copy = { ...t };
    expect(configureTopicsMemo(copy, image({ orders: 4, 'app-0-changelog': 4 }), 7)).not.toBe(ready);
  });

  it('with a scope, gives the same object for another topology object of the same content, in that scope only', () => {
    const run = {};
    const first = configureTopicsMemo(t, image({ orders: 4, 'app-0-changelog': 4 }), 7, 'summarized', run);
    const same = structuredClone(t);
    expect(configureTopicsMemo(same, image({ orders: 4, 'app-0-changelog': 4 }), 7, 'summarized', run)).toBe(first);
    expect(configureTopicsMemo(same, image({ orders: 4, 'app-0-changelog': 4 }), 7, 'summarized', {})).not.toBe(first);
    const other = topo(sub('0', { sourceTopics: ['orders'] }));
    const configured = configureTopicsMemo(other, image({ orders: 4, 'app-0-changelog': 4 }), 7, 'summarized', run);
    expect(configured).not.toBe(first);
    expect(configured).toEqual(configureTopics(other, image({ orders: 4, 'app-0-changelog': 4 }), 7));
  });

  it('does not remember a throwing call', () => {
    const bad = topo(sub('0', { sourceTopics: ['orders'], repartitionSourceTopics: [topic('never-sunk')] }));
    expect(() => configureTopicsMemo(bad, image({ orders: 1 }), 1)).toThrow();
    expect(() => configureTopicsMemo(bad, image({ orders: 1 }), 1)).toThrow();
  });
});
