// IncrementalAlterConfigs' checks in KafkaApis before the controller (Kafka 4.4.0 ConfigAdminManager.preprocess, from
// KafkaApis.handleIncrementalAlterConfigsRequest): a resource named twice, a config named twice, a null value.
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

type Resource = { resourceType?: number; resourceName: string; configs: { name: string; configOperation?: number; value?: string | null }[] };

function alter(h: Harness, resources: Resource[]) {
  const out = h.broker.send(
    'IncrementalAlterConfigs',
    1,
    { resources: resources.map((r) => ({ resourceType: 32, ...r, configs: r.configs.map((c) => ({ configOperation: 0, value: null, ...c })) })), validateOnly: false },
    { clientId: 'admin', clientHost: '/127.0.0.1' },
  );
  return (out.response as { responses: { errorCode: number; errorMessage: string | null; resourceName: string }[] }).responses;
}

const INVALID_REQUEST = 42;

describe('IncrementalAlterConfigs: ConfigAdminManager.preprocess', () => {
  it('a resource named twice fails at every mention, and changes nothing', () => {
    const h = new Harness();
    const responses = alter(h, [
      { resourceName: 'g', configs: [{ name: 'streams.num.standby.replicas', value: '1' }] },
      { resourceName: 'other', configs: [{ name: 'streams.num.standby.replicas', value: '1' }] },
      { resourceName: 'g', configs: [{ name: 'streams.session.timeout.ms', value: '50000' }] },
    ]);
    expect(responses.map((r) => [r.resourceName, r.errorCode, r.errorMessage])).toEqual([
      ['g', INVALID_REQUEST, 'Each resource must appear at most once.'],
      ['other', 0, null],
      ['g', INVALID_REQUEST, 'Each resource must appear at most once.'],
    ]);
    expect(h.broker.groupConfigs.get('g')).toBeUndefined();
    expect(h.broker.groupConfigs.get('other')?.get('streams.num.standby.replicas')).toBe('1');
  });

  it('a config named twice, then a null value (but for DELETE), fail that resource before its values are validated', () => {
    const h = new Harness();
    const [dup] = alter(h, [
      {
        resourceName: 'g',
        configs: [
          { name: 'streams.num.standby.replicas', value: '-1' },
          { name: 'streams.num.standby.replicas', value: '1' },
        ],
      },
    ]);
    expect([dup!.errorCode, dup!.errorMessage]).toEqual([INVALID_REQUEST, 'Error due to duplicate config keys']);
    const [nulls] = alter(h, [
      {
        resourceName: 'g',
        configs: [
          { name: 'streams.num.standby.replicas', value: null },
          { name: 'streams.session.timeout.ms', configOperation: 1, value: null },
          { name: 'bogus.config', value: null },
        ],
      },
    ]);
    expect([nulls!.errorCode, nulls!.errorMessage]).toEqual([INVALID_REQUEST, 'Null value not supported for : streams.num.standby.replicas,bogus.config']);
  });
});
