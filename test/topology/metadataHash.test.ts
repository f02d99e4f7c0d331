import { describe, expect, it } from 'vitest';
import { computeMetadataHash, requiredTopics } from '../../src/core/topology/metadataHash.ts';
import { image, sub, topic, topo } from './fixtures.ts';

const t = topo(sub('0', { sourceTopics: ['in'], repartitionSinkTopics: ['sink-only'], stateChangelogTopics: [topic('c')] }), sub('1', { sourceTopics: ['in'], repartitionSourceTopics: [topic('r')] }));

describe('requiredTopics', () => {
  it('source, repartition source and changelog topics, sorted and unique (not sinks)', () => {
    expect(requiredTopics(t)).toEqual(['c', 'in', 'r']);
  });
});

describe('computeMetadataHash', () => {
  it('is 0 when no required topic is present', () => {
    expect(computeMetadataHash(t, image({ unrelated: 3, 'sink-only': 2 }))).toBe(0);
  });
  it('is deterministic, non-zero and a safe integer', () => {
    const h = computeMetadataHash(t, image({ in: 3 }));
    expect(h).not.toBe(0);
    expect(Number.isSafeInteger(h)).toBe(true);
    expect(h).toBeGreaterThan(0);
    expect(computeMetadataHash(t, new Map([['in', 3]]))).toBe(h);
  });
  it('changes with partition counts and with the set of present topics, ignores other topics', () => {
    const h = computeMetadataHash(t, image({ in: 3 }));
    expect(computeMetadataHash(t, image({ in: 4 }))).not.toBe(h);
    expect(computeMetadataHash(t, image({ in: 3, c: 3 }))).not.toBe(h);
    expect(computeMetadataHash(t, image({ in: 3, unrelated: 9 }))).toBe(h);
  });
  it('does not depend on image insertion order', () => {
    expect(computeMetadataHash(t, image({ in: 3, c: 3, r: 3 }))).toBe(computeMetadataHash(t, image({ r: 3, c: 3, in: 3 })));
  });
});
