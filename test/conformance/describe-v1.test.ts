// StreamsGroupDescribe v1 end to end in the simulated broker: the v1 fields (KIP-1331 topology description and its
// status, KIP-1357 assignor name) are in the response, and the response encodes and decodes with the ak4 codec.
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from '../../src/core/wire/index.ts';
import { Harness } from './harness.ts';

const send = (h: Harness, version: number, data: Record<string, unknown>) => h.broker.send('StreamsGroupDescribe', version, data, { clientId: 'admin', clientHost: '/127.0.0.1' });

describe('StreamsGroupDescribe v1 (ak4)', () => {
  it('a found group names its assignor; no description is stored, so a requested one is NOT_STORED (1)', () => {
    const h = new Harness({ config: {} });
    h.join('A', 'pA');
    const plain = send(h, 1, { groupIds: [h.groupId, 'nope'], includeAuthorizedOperations: false, includeTopologyDescription: false });
    expect(plain.errorName).toBe('GROUP_ID_NOT_FOUND');
    const groups = (plain.response as { groups: Record<string, unknown>[] }).groups;
    expect(groups[0]).toMatchObject({ groupId: h.groupId, errorCode: 0, topologyDescription: null, topologyDescriptionStatus: 0, assignorName: 'sticky' });
    expect(groups[1]).toMatchObject({ groupId: 'nope', topologyDescription: null, topologyDescriptionStatus: 0, assignorName: null });
    const asked = send(h, 1, { groupIds: [h.groupId], includeAuthorizedOperations: false, includeTopologyDescription: true });
    expect((asked.response as { groups: Record<string, unknown>[] }).groups[0]).toMatchObject({ topologyDescriptionStatus: 1, assignorName: 'sticky' });
  });

  it('the v1 response round-trips through the wire codec; v0 has none of the v1 fields', () => {
    const h = new Harness({ config: {} });
    h.join('A', 'pA');
    const v1 = send(h, 1, { groupIds: [h.groupId], includeAuthorizedOperations: true, includeTopologyDescription: true }).response as Record<string, unknown>;
    expect(decodeMessage('StreamsGroupDescribeResponse', 1, encodeMessage('StreamsGroupDescribeResponse', 1, v1)).json).toEqual(v1);
    const v0 = send(h, 0, { groupIds: [h.groupId], includeAuthorizedOperations: false }).response as { groups: Record<string, unknown>[] };
    expect(Object.keys(v0.groups[0]!)).not.toContain('assignorName');
    expect(send(h, 2, { groupIds: [h.groupId] }).errorName).toBe('UNSUPPORTED_VERSION');
  });
});
