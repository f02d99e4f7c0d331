// Clear errors: byte offset and field path on truncated/corrupt input, field path on invalid JSON.
import { describe, expect, it } from 'vitest';
import { annotate, decodeMessage, encodeMessage, WireError } from '../../src/core/wire/index.ts';
import type { AnnotateError } from '../../src/core/wire/index.ts';
import { hex, hx } from './helpers.ts';

const HB = 'StreamsGroupHeartbeatRequest' as const;
const withTasks = encodeMessage(HB, 0, { groupId: 'g', memberId: 'm', memberEpoch: 2, activeTasks: [{ subtopologyId: '0', partitions: [4] }] });

function caught(f: () => unknown): WireError {
  try {
    f();
  } catch (e) {
    if (e instanceof WireError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('decode errors', () => {
  it('truncation names the byte offset and the path being read', () => {
    const e = caught(() => decodeMessage(HB, 0, withTasks.subarray(0, 24)));
    expect(e.message).toBe('truncated at byte 23 reading activeTasks[0].partitions[0]: int32 needs 4 bytes, 1 left');
    expect(e.offset).toBe(23);
    expect(e.path).toBe('activeTasks[0].partitions[0]');
    expect(caught(() => decodeMessage(HB, 0, withTasks.subarray(0, 22))).message).toBe('truncated at byte 22 reading activeTasks[0].partitions: compact array length needs 1 byte, 0 left');
    expect(caught(() => decodeMessage(HB, 0, new Uint8Array(0))).message).toBe('truncated at byte 0 reading groupId: compact string length needs 1 byte, 0 left');
    expect(caught(() => decodeMessage(HB, 0, hx('05 61 62'))).message).toBe('truncated at byte 1 reading groupId: string of 4 bytes needs 4 bytes, 2 left');
    expect(caught(() => decodeMessage(HB, 0, withTasks.subarray(0, withTasks.length - 1))).message).toBe(
      `truncated at byte ${withTasks.length - 1} reading _tagged: tagged-field count needs 1 byte, 0 left`,
    );
  });
  it('corrupt values name the byte and path', () => {
    const b = withTasks.slice();
    b[b.length - 2] = 2; // ShutdownApplication
    expect(caught(() => decodeMessage(HB, 0, b)).message).toBe(`corrupt bool 0x02 at byte ${b.length - 2} reading shutdownApplication (expected 0x00 or 0x01)`);
    const t = withTasks.slice();
    t[18] = 0x00; // Topology marker
    expect(caught(() => decodeMessage(HB, 0, t)).message).toBe('corrupt nullable-struct marker 0x00 at byte 18 reading topology (expected 0xff = null or 0x01 = present)');
    const g = withTasks.slice();
    g[0] = 0x00; // GroupId null
    expect(caught(() => decodeMessage(HB, 0, g)).message).toBe('null string at byte 0 reading groupId, but GroupId is not nullable in v0');
  });
  it('bytes after the message are left to the caller; annotate marks them', () => {
    const b = new Uint8Array([...withTasks, 0xaa, 0xbb]);
    expect(decodeMessage(HB, 0, b).consumed).toBe(withTasks.length);
    expect(annotate(HB, 0, b).at(-1)).toEqual({ offset: withTasks.length, length: 2, path: '', type: 'trailing bytes', display: '2 bytes', note: 'not part of the message' });
  });
  it('annotate on corrupt input throws a WireError carrying the annotations decoded so far', () => {
    const e = caught(() => annotate(HB, 0, withTasks.subarray(0, 24))) as AnnotateError;
    expect(e.annotations.map((a) => a.path)).toEqual([
      'groupId',
      'groupId',
      'memberId',
      'memberId',
      'memberEpoch',
      'endpointInformationEpoch',
      'instanceId',
      'rackId',
      'rebalanceTimeoutMs',
      'topology',
      'activeTasks',
      'activeTasks[0].subtopologyId',
      'activeTasks[0].subtopologyId',
      'activeTasks[0].partitions',
    ]);
  });
  it('an int64 beyond 2^53 cannot become JSON', () => {
    const json = { groupId: 'g', memberId: 'm', memberEpoch: 1, taskOffsets: [{ subtopologyId: '0', partition: 0, offset: 1 }] };
    const b = encodeMessage(HB, 0, json).slice();
    const at = b.length - 12; // the offset: int64, then TaskOffset tagged section, TaskEndOffsets, ShutdownApplication, tagged section
    expect(hex(b.subarray(at, at + 8))).toBe('00 00 00 00 00 00 00 01');
    b[at] = 0x7f;
    expect(caught(() => decodeMessage(HB, 0, b)).message).toBe(`int64 9151314442816847873 at byte ${at} reading taskOffsets[0].offset is beyond ±(2^53-1) and cannot be a JSON number`);
  });
});

describe('encode errors', () => {
  it('unknown fields, wrong types and nulls name the JSON path', () => {
    expect(() => encodeMessage(HB, 0, { groupId: 'g', bogus: 1 })).toThrow('bogus: unknown field (struct StreamsGroupHeartbeatRequest of StreamsGroupHeartbeatRequest has no such field)');
    expect(() => encodeMessage(HB, 0, { groupId: 5 })).toThrow('groupId: expected a string, got number 5');
    expect(() => encodeMessage(HB, 0, { activeTasks: {} })).toThrow('activeTasks: expected an array, got object');
    expect(() => encodeMessage(HB, 0, { activeTasks: [{ subtopologyId: '0', partitions: ['1'] }] })).toThrow('activeTasks[0].partitions[0]: expected an integer (int32), got string "1"');
    expect(() => encodeMessage(HB, 0, { topology: { epoch: 1, subtopologies: [{ copartitionGroups: [{ sourceTopics: [40000] }] }] } })).toThrow(
      'topology.subtopologies[0].copartitionGroups[0].sourceTopics[0]: 40000 is outside the int16 range [-32768, 32767]',
    );
    expect(() => encodeMessage(HB, 0, { userEndpoint: { host: 'h', port: 70000 } })).toThrow('userEndpoint.port: 70000 is outside the uint16 range [0, 65535]');
    expect(() => encodeMessage(HB, 0, { memberEpoch: null })).toThrow('memberEpoch: null is not allowed (field MemberEpoch is not nullable in v0)');
  });
  it('versions and kinds that do not exist', () => {
    expect(() => encodeMessage(HB, 3, {})).toThrow('StreamsGroupHeartbeatRequest (ak4) has versions 0-2; v3 is not one of them');
    expect(() => encodeMessage('StreamsGroupDescribeResponse', 2, {})).toThrow('StreamsGroupDescribeResponse (ak4) has versions 0-1; v2 is not one of them');
    expect(() => encodeMessage(HB, 0.5, {})).toThrow(/v0.5 is not one of them/);
    expect(() => encodeMessage('RequestHeader', 2, {}, { header: { correlationId: 1 } })).toThrow('a header cannot carry a header');
  });
  it('a field of another version is accepted only at its default', () => {
    expect(() => encodeMessage('StreamsGroupDescribeRequest', 0, { includeTopologyDescription: true })).toThrow(
      'includeTopologyDescription: not in StreamsGroupDescribeRequest v0 (field versions 1+); only its default false may be given',
    );
    expect(hex(encodeMessage('StreamsGroupDescribeRequest', 0, { includeTopologyDescription: false }))).toBe('01 00 00');
  });
  it('unknown tagged fields must be well-formed', () => {
    expect(() => encodeMessage(HB, 0, { _unknownTaggedFields: [{ tag: -1, data: '' }] })).toThrow('_unknownTaggedFields[0]: expected {tag: non-negative integer, data: hex string}');
    expect(() => encodeMessage(HB, 0, { _unknownTaggedFields: [{ tag: 1, data: 'zz' }] })).toThrow(/_unknownTaggedFields\[0\]\.data: not a hex digit/);
  });
});
