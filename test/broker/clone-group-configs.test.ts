// A cloned broker (the explorer's worlds) keeps group configs of its own: what it inherits from the broker it copies,
// and what an IncrementalAlterConfigs on it sets, is what its coordinator reads; the broker it copied is unaffected.
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';
import type { Broker } from '../../src/core/broker/broker.ts';

function setStandbys(broker: Broker, groupId: string, value: string): number {
  const out = broker.send(
    'IncrementalAlterConfigs',
    1,
    { resources: [{ resourceType: 32, resourceName: groupId, configs: [{ name: 'streams.num.standby.replicas', configOperation: 0, value }] }], validateOnly: false },
    { clientId: 'admin', clientHost: '/127.0.0.1' },
  );
  return (out.response as { responses: { errorCode: number }[] }).responses[0]!.errorCode;
}

const standbysOf = (broker: Broker, groupId: string) => broker.coordinator.configOf(groupId).int('group.streams.num.standby.replicas');

describe('Broker.clone and GROUP configs', () => {
  it('a clone inherits the group configs, and its own alterations reach its coordinator only', () => {
    const h = new Harness();
    expect(setStandbys(h.broker, 'g', '1')).toBe(0);
    const clone = h.broker.clone();
    expect(standbysOf(clone, 'g')).toBe(1);

    expect(setStandbys(clone, 'g', '2')).toBe(0);
    expect(setStandbys(clone, 'other', '2')).toBe(0);
    expect([standbysOf(clone, 'g'), standbysOf(clone, 'other')]).toEqual([2, 2]);
    // the broker it copied keeps its own
    expect([standbysOf(h.broker, 'g'), standbysOf(h.broker, 'other')]).toEqual([1, 0]);
    expect(h.broker.groupConfigs.has('other')).toBe(false);

    // and the other way round: the original's later alteration does not reach the clone
    expect(setStandbys(h.broker, 'g', '0')).toBe(0);
    expect([standbysOf(h.broker, 'g'), standbysOf(clone, 'g')]).toEqual([0, 2]);
  });

  it("a clone's coordinator after a failover still reads the clone's group configs", () => {
    const h = new Harness();
    const clone = h.broker.clone();
    expect(setStandbys(clone, 'g', '2')).toBe(0);
    clone.failover();
    expect(standbysOf(clone, 'g')).toBe(2);
    expect(standbysOf(h.broker, 'g')).toBe(0);
  });
});
