// ak4 StreamsGroupDescribe (apiKey 89): request v1 (KIP-1331 IncludeTopologyDescription) byte for byte; response v1 is
// not modelled (its AssignorName layout is in no available source), and says so instead of guessing.
import { describe, expect, it } from 'vitest';
import { annotate, decodeMessage, defaultMessage, encodeMessage, supportedVersions, WireError } from '../../src/core/wire/index.ts';
import { hex, hx } from './helpers.ts';

const REQ = 'StreamsGroupDescribeRequest';
const V1 = [
  '03 02 67 02 68', // GroupIds ["g", "h"]: compact array length 2+1, two compact strings
  '00', //             IncludeAuthorizedOperations false
  '01', //             IncludeTopologyDescription true (v1+)
  '00', //             tagged fields: none
].join(' ');

describe('StreamsGroupDescribeRequest v1 (ak4)', () => {
  it('the versions table: request 0-1, response 0 only', () => {
    expect(supportedVersions(REQ)).toEqual([0, 1]);
    expect(supportedVersions('StreamsGroupDescribeResponse')).toEqual([0]);
    expect(supportedVersions(REQ, 'kip1071-draft')).toEqual([0]);
  });

  it('hand-assembled bytes decode to the request, and the request encodes to them', () => {
    const json = { groupIds: ['g', 'h'], includeAuthorizedOperations: false, includeTopologyDescription: true };
    const d = decodeMessage(REQ, 1, hx(V1));
    expect(d.json).toEqual(json);
    expect(d.consumed).toBe(8);
    expect(hex(encodeMessage(REQ, 1, json))).toBe(V1);
    expect(annotate(REQ, 1, hx(V1)).find((a) => a.path === 'includeTopologyDescription')).toEqual({
      offset: 6,
      length: 1,
      path: 'includeTopologyDescription',
      type: 'bool',
      display: 'true',
    });
  });

  it('IncludeTopologyDescription: default false, one byte after IncludeAuthorizedOperations, absent from v0', () => {
    expect(defaultMessage(REQ, 1)).toEqual({ groupIds: [], includeAuthorizedOperations: false, includeTopologyDescription: false });
    expect(defaultMessage(REQ, 0)).toEqual({ groupIds: [], includeAuthorizedOperations: false });
    expect(hex(encodeMessage(REQ, 1, {}))).toBe('01 00 00 00');
    expect(hex(encodeMessage(REQ, 1, { includeAuthorizedOperations: true }))).toBe('01 01 00 00');
    expect(hex(encodeMessage(REQ, 1, { includeTopologyDescription: true }))).toBe('01 00 01 00');
    expect(hex(encodeMessage(REQ, 0, { includeTopologyDescription: false }))).toBe('01 00 00');
    // Not ignorable in Kafka's JSON: a v0 writer refuses a true value even when dropping ignorable fields.
    expect(() => encodeMessage(REQ, 0, { includeTopologyDescription: true }, { ignorable: 'drop' })).toThrow(
      'includeTopologyDescription: not in StreamsGroupDescribeRequest v0 (field versions 1+)',
    );
    expect(() => decodeMessage(REQ, 1, hx('01 00 02 00'))).toThrow('corrupt bool 0x02 at byte 2 reading includeTopologyDescription');
  });

  it('null vs empty: GroupIds is not nullable', () => {
    expect(decodeMessage(REQ, 1, hx('01 00 00 00')).json).toMatchObject({ groupIds: [] });
    expect(() => decodeMessage(REQ, 1, hx('00 00 00 00'))).toThrow('null array at byte 0 reading groupIds, but GroupIds is not nullable in v1');
    expect(() => encodeMessage(REQ, 1, { groupIds: null })).toThrow(
      'groupIds: null is not allowed (field GroupIds is not nullable in v1; the Kafka writer would throw NullPointerException on it)',
    );
    expect(() => encodeMessage(REQ, 1, { groupIds: [null] })).toThrow('groupIds[0]: null is not allowed');
    expect(hex(encodeMessage(REQ, 1, { groupIds: [''] }))).toBe('02 01 00 00 00');
  });

  it('with request header v2: apiKey 89, apiVersion 1', () => {
    const b = encodeMessage(REQ, 1, { groupIds: ['g', 'h'], includeTopologyDescription: true }, { header: { correlationId: 5, clientId: null } });
    expect(hex(b)).toBe(`00 59 00 01 00 00 00 05 ff ff 00 ${V1}`);
    expect(decodeMessage(REQ, 1, b, { header: true })).toMatchObject({ header: { requestApiKey: 89, requestApiVersion: 1 }, consumed: b.length });
    expect(() => decodeMessage(REQ, 0, b, { header: true })).toThrow('header says apiKey 89 v1, but StreamsGroupDescribeRequest (ak4) v0 has apiKey 89');
  });
});

describe('StreamsGroupDescribeResponse v1 (ak4)', () => {
  it('is refused with a WireError instead of being guessed', () => {
    for (const f of [() => encodeMessage('StreamsGroupDescribeResponse', 1, {}), () => decodeMessage('StreamsGroupDescribeResponse', 1, hx('00 00 00 00 01 00'))]) {
      expect(f).toThrow(WireError);
      expect(f).toThrow('StreamsGroupDescribeResponse (ak4) has versions 0; v1 is not one of them');
    }
  });
});
