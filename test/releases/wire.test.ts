// The Hex view encodes with the release's schemas: each release's kafka-clients common/message/StreamsGroup*.json
// (4.1.2, 4.2.2, 4.3.2: heartbeat and describe v0 only, the v0 lag named AcceptableRecoveryLag, 4.1's Status default
// null). The byte vectors below are what Kafka 4.1.2's and 4.4.0's generated StreamsGroupHeartbeatResponseData write
// for the same JSON (CodecRunner on each release's jars); test/oracle/codec-releases.oracle.test.ts checks many more.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { releaseSchema, toReleaseJson } from '../../src/core/releases/wire.ts';
import { decodeMessage, encodeMessage, getSchema, toHex } from '../../src/core/wire/index.ts';
import { WorkerApi } from '../../workers/api.ts';

const names = (kind: Parameters<typeof releaseSchema>[0], release: Parameters<typeof releaseSchema>[1]) => releaseSchema(kind, release).fields.map((f) => `${f.name}:${f.type}`);

describe('release schemas (src/core/releases/wire.ts)', () => {
  it('4.1–4.3 have heartbeat and describe v0 only, without the fields of v1', () => {
    for (const release of ['4.1', '4.2', '4.3'] as const) {
      for (const kind of ['StreamsGroupHeartbeatRequest', 'StreamsGroupHeartbeatResponse', 'StreamsGroupDescribeRequest', 'StreamsGroupDescribeResponse'] as const) {
        expect(releaseSchema(kind, release).validVersions, `${kind} in ${release}`).toBe('0');
      }
      expect(names('StreamsGroupHeartbeatResponse', release)).toContain('AcceptableRecoveryLag:int32');
      expect(names('StreamsGroupHeartbeatResponse', release).join()).not.toMatch(/Legacy|TopologyDescriptionRequired|OwnedTasksRequired|int64/);
      expect(names('StreamsGroupDescribeRequest', release)).toEqual(['GroupIds:[]string', 'IncludeAuthorizedOperations:bool']);
      expect(JSON.stringify(releaseSchema('StreamsGroupDescribeResponse', release))).not.toMatch(/TopologyDescription|AssignorName/);
      // DeleteGroups v3 (and its ErrorMessage) came with 4.4
      expect(releaseSchema('DeleteGroupsRequest', release).validVersions).toBe('0-2');
    }
    // 4.4 is the shipped schema itself (with the KAFKA-20870 proposals' v2)
    expect(releaseSchema('StreamsGroupHeartbeatRequest', '4.4')).toBe(getSchema('StreamsGroupHeartbeatRequest', 'ak4'));
    expect(releaseSchema('OffsetCommitRequest', '4.1')).toBe(getSchema('OffsetCommitRequest', 'ak4'));
  });

  it("4.1's Status defaults to null (emptyStatusIsNull); 4.2's has no default", () => {
    const status = (r: '4.1' | '4.2') => releaseSchema('StreamsGroupHeartbeatResponse', r).fields.find((f) => f.name === 'Status')!;
    expect(status('4.1').default).toBeNull();
    expect(status('4.2').default).toEqual([]);
    expect(decodeMessage(releaseSchema('StreamsGroupHeartbeatResponse', '4.1'), 0, encodeMessage(releaseSchema('StreamsGroupHeartbeatResponse', '4.1'), 0, {})).json.status).toBeNull();
  });

  it("writes a 4.1 heartbeat response byte for byte as Kafka 4.1.2's class does, and 4.4's v0 the same bytes under 4.4's names", () => {
    const trace = { memberId: 'm', memberEpoch: 1, heartbeatIntervalMs: 5000, acceptableRecoveryLagLegacy: 7, taskOffsetIntervalMs: 0, status: null, endpointInformationEpoch: 0 };
    const json41 = toReleaseJson('StreamsGroupHeartbeatResponse', '4.1', trace) as Record<string, unknown>;
    expect(json41).toMatchObject({ acceptableRecoveryLag: 7 });
    expect(json41).not.toHaveProperty('acceptableRecoveryLagLegacy');
    // StreamsGroupHeartbeatResponseData 4.1.2, v0: the same JSON through its JsonConverter and writer
    const kafka412 = '00 00 00 00 00 00 00 02 6d 00 00 00 01 00 00 13 88 00 00 00 07 00 00 00 00 00 00 00 00 00 00 00 00 00 00';
    expect(toHex(encodeMessage(releaseSchema('StreamsGroupHeartbeatResponse', '4.1'), 0, json41))).toBe(kafka412);
    expect(toHex(encodeMessage(getSchema('StreamsGroupHeartbeatResponse', 'ak4'), 0, trace))).toBe(kafka412);
    // a trace's 4.4 name is not a field of the 4.1 schema
    expect(() => encodeMessage(releaseSchema('StreamsGroupHeartbeatResponse', '4.1'), 0, trace)).toThrow(/acceptableRecoveryLagLegacy: unknown field/);
    expect(toReleaseJson('StreamsGroupHeartbeatResponse', '4.4', trace)).toBe(trace);
  });
});

describe('the Hex view per release (WorkerApi.stepWire, decodeHex, wireKinds)', () => {
  const api = new WorkerApi();
  const lesson = JSON.parse(readFileSync('static/examples/27-what-changed-4.1-to-4.4.json', 'utf8')) as Record<string, unknown>;
  const firstJoin = async (kafka: string) => {
    const run = await api.run(JSON.stringify({ ...lesson, kafka, checkReleases: undefined }));
    if (!run.ok) throw new Error(JSON.stringify(run.errors));
    expect(run.trace.kafka).toBe(kafka);
    return run.details![0]!;
  };

  it('annotates a 4.1 join with the 4.1 names and types, and a 4.4 join with 4.4 v1', async () => {
    const s41 = await firstJoin('4.1');
    expect(s41.version).toBe(0);
    const w41 = api.stepWire(s41.api!, s41.version!, 'ak4', s41.request, s41.response, '4.1');
    if (!w41.response?.ok) throw new Error(JSON.stringify(w41.response));
    expect(w41.response.value.annotations.find((a) => a.path === 'acceptableRecoveryLag')).toMatchObject({ type: 'int32', length: 4 });
    expect(w41.response.value.annotations.some((a) => /Legacy|topologyDescriptionRequired/.test(a.path))).toBe(false);
    // the same step without the release: 4.4's v0 names
    const shipped = api.stepWire(s41.api!, s41.version!, 'ak4', s41.request, s41.response);
    if (!shipped.response?.ok) throw new Error('no response');
    expect(shipped.response.value.hex).toBe(w41.response.value.hex);
    expect(shipped.response.value.annotations.some((a) => a.path === 'acceptableRecoveryLagLegacy')).toBe(true);

    const s44 = await firstJoin('4.4');
    expect(s44.version).toBe(1);
    const w44 = api.stepWire(s44.api!, s44.version!, 'ak4', s44.request, s44.response, '4.4');
    if (!w44.response?.ok) throw new Error('no response');
    expect(w44.response.value.annotations.find((a) => a.path === 'acceptableRecoveryLag')).toMatchObject({ type: 'int64', length: 8 });
  });

  it('refuses a version the release lacks, naming the release; the paste box offers only its versions', () => {
    expect(api.stepWire('StreamsGroupHeartbeat', 1, 'ak4', {}, null, '4.2').request).toMatchObject({
      ok: false,
      message: 'StreamsGroupHeartbeatRequest v1 is not in Kafka 4.2, which has v0',
    });
    expect(api.decodeHex('StreamsGroupDescribeRequest', 1, 'ak4', '00', '4.3')).toMatchObject({ ok: false, message: 'StreamsGroupDescribeRequest v1 is not in Kafka 4.3, which has v0' });
    const kinds = (k: '4.1' | null) => Object.fromEntries(api.wireKinds('ak4', k).map((x) => [x.kind, x.versions]));
    expect(kinds('4.1')).toMatchObject({ StreamsGroupHeartbeatRequest: [0], StreamsGroupDescribeResponse: [0], DeleteGroupsRequest: [0, 1, 2] });
    expect(kinds(null)).toMatchObject({ StreamsGroupHeartbeatRequest: [0, 1, 2], StreamsGroupDescribeResponse: [0, 1], DeleteGroupsRequest: [0, 1, 2, 3] });
    const d = api.decodeHex('StreamsGroupHeartbeatResponse', 0, 'ak4', '00 00 00 00 00 00 00 02 6d 00 00 00 01 00 00 13 88 00 00 00 07 00 00 00 00 00 00 00 00 00 00 00 00 00 00', '4.1');
    expect(d).toMatchObject({ ok: true, json: { acceptableRecoveryLag: 7, status: null } });
  });
});
