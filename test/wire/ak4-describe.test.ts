// ak4 StreamsGroupDescribe (apiKey 89): request v1 (KIP-1331 IncludeTopologyDescription) and response v1 (KIP-1331
// TopologyDescription + TopologyDescriptionStatus, KIP-1357 AssignorName) byte for byte, as Kafka 4.4.0's generated
// classes write them (test/oracle/codec.oracle.test.ts checks the same against kafka-clients).
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
  it('the versions table: request 0-1, response 0-1', () => {
    expect(supportedVersions(REQ)).toEqual([0, 1]);
    expect(supportedVersions('StreamsGroupDescribeResponse')).toEqual([0, 1]);
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
    expect(() => encodeMessage(REQ, 0, { includeTopologyDescription: true }, { ignorable: 'drop' })).toThrow('includeTopologyDescription: not in StreamsGroupDescribeRequest v0 (field versions 1+)');
    expect(() => decodeMessage(REQ, 1, hx('01 00 02 00'))).toThrow('corrupt bool 0x02 at byte 2 reading includeTopologyDescription');
  });

  it('null vs empty: GroupIds is not nullable', () => {
    expect(decodeMessage(REQ, 1, hx('01 00 00 00')).json).toMatchObject({ groupIds: [] });
    expect(() => decodeMessage(REQ, 1, hx('00 00 00 00'))).toThrow('null array at byte 0 reading groupIds, but GroupIds is not nullable in v1');
    expect(() => encodeMessage(REQ, 1, { groupIds: null })).toThrow('groupIds: null is not allowed (field GroupIds is not nullable in v1; the Kafka writer would throw NullPointerException on it)');
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

const RESP = 'StreamsGroupDescribeResponse';
const GROUP_V0_PART = [
  '00 00', //                 ErrorCode
  '00', //                    ErrorMessage null
  '02 67', //                 GroupId "g"
  '07 53 74 61 62 6c 65', //  GroupState "Stable"
  '00 00 00 03', //           GroupEpoch 3
  '00 00 00 03', //           AssignmentEpoch 3
  'ff', //                    Topology null (nullable struct marker)
  '01', //                    Members []
  '80 00 00 00', //           AuthorizedOperations
].join(' ');
const RESP_V1 = [
  '00 00 00 00 02', // ThrottleTimeMs 0, Groups: one
  GROUP_V0_PART,
  '01', //                     TopologyDescription present
  '02 02 30', //               Subtopologies: one, SubtopologyId "0"
  '02 02 73 00 02 02 74 00 01 01 00', // Nodes: one {Name "s", NodeType 0, SourceTopics ["t"], SinkTopic null, Stores [], Successors [], tags}
  '00', //                     subtopology tags
  '01', //                     GlobalStores []
  '00', //                     TopologyDescription tags
  '03', //                     TopologyDescriptionStatus 3 (AVAILABLE)
  '07 73 74 69 63 6b 79', //   AssignorName "sticky"
  '00 00', //                  group tags, message tags
].join(' ');
const GROUP = { errorCode: 0, errorMessage: null, groupId: 'g', groupState: 'Stable', groupEpoch: 3, assignmentEpoch: 3, topology: null, members: [], authorizedOperations: -2147483648 };
const V1_GROUP = {
  ...GROUP,
  topologyDescription: { subtopologies: [{ subtopologyId: '0', nodes: [{ name: 's', nodeType: 0, sourceTopics: ['t'], sinkTopic: null, stores: [], successors: [] }] }], globalStores: [] },
  topologyDescriptionStatus: 3,
  assignorName: 'sticky',
};

describe('StreamsGroupDescribeResponse v1 (ak4)', () => {
  it('writes TopologyDescription, TopologyDescriptionStatus and AssignorName after AuthorizedOperations', () => {
    expect(hex(encodeMessage(RESP, 1, { throttleTimeMs: 0, groups: [V1_GROUP] }))).toBe(hex(hx(RESP_V1)));
    expect(decodeMessage(RESP, 1, hx(RESP_V1)).json).toEqual({ throttleTimeMs: 0, groups: [V1_GROUP] });
  });

  it('v1 defaults: no description (null), status NOT_REQUESTED (0), no assignor name (null)', () => {
    expect(defaultMessage(RESP, 1, {})).toEqual({ throttleTimeMs: 0, groups: [] });
    const g = decodeMessage(RESP, 1, encodeMessage(RESP, 1, { throttleTimeMs: 0, groups: [GROUP] })).json.groups as Record<string, unknown>[];
    expect(g[0]).toMatchObject({ topologyDescription: null, topologyDescriptionStatus: 0, assignorName: null });
  });

  it('v0: AssignorName is dropped (ignorable) when asked to; a description or status is refused', () => {
    const v0 = encodeMessage(RESP, 0, { throttleTimeMs: 0, groups: [{ ...GROUP, assignorName: 'sticky' }] }, { ignorable: 'drop' });
    expect(hex(v0)).toBe(hex(hx(['00 00 00 00 02', GROUP_V0_PART, '00 00'].join(' '))));
    expect(() => encodeMessage(RESP, 0, { throttleTimeMs: 0, groups: [{ ...GROUP, topologyDescriptionStatus: 2 }] }, { ignorable: 'drop' })).toThrow(WireError);
  });
});
