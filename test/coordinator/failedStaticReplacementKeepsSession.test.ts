// A static member's replacement that fails keeps the old member's session timeout (Kafka 4.4.0):
// GroupMetadataManager.replaceStreamsMember cancels none of the old member's timers, and Kafka's runtime undoes nothing
// of a failed heartbeat but its records. Here the replacing join fails afterwards (its endpoint information reads the
// configured subtopologies of a topology whose source topic is missing: NoSuchElementException, UNKNOWN_SERVER_ERROR),
// so the old member, still at epoch -2, is fenced when its session times out (streamsGroupFenceMemberOperation).
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

const topology = {
  epoch: 0,
  subtopologies: [
    { subtopologyId: '0', sourceTopics: ['in0'] },
    { subtopologyId: '1', sourceTopics: ['in1'] },
  ],
};

describe('a failed static member replacement (GroupMetadataManager.replaceStreamsMember)', () => {
  it('keeps the old member session timeout, which fences it', () => {
    const h = new Harness({ topics: [['in0', 2]] });
    expect(h.join('A', 'pA', topology, { instanceId: 'i-a' }).error).toBe('NONE');
    expect(h.beat('A', -2, null, { instanceId: 'i-a' }).error).toBe('NONE');
    expect(h.sessionDeadline('A')).toBe(45000);
    h.advance(1000);
    const b = h.join('B', 'pB', topology, { instanceId: 'i-a', userEndpoint: { host: 'host-b', port: 9001 } });
    expect(b.error).toBe('UNKNOWN_SERVER_ERROR');
    expect(h.sessionDeadline('A')).toBe(45000);
    h.advance(44000);
    expect(h.group!.members.has('A')).toBe(false);
  });

  it('a successful replacement leaves no timer of the old member', () => {
    const h = new Harness({ topics: [['in0', 2]] });
    h.join('A', 'pA', topology, { instanceId: 'i-a' });
    h.beat('A', -2, null, { instanceId: 'i-a' });
    h.advance(1000);
    expect(h.join('B', 'pB', topology, { instanceId: 'i-a' }).error).toBe('NONE');
    expect(h.sessionDeadline('A')).toBeNull();
    expect(h.sessionDeadline('B')).toBe(46000);
  });
});
