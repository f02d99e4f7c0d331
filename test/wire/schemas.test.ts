// Self-checks of the schema data: every type resolves, version ranges nest, names are unique; and the facts
// the specs state (API keys, flexible from v0, which fields exist in which version).
import { describe, expect, it } from 'vitest';
import { fieldType, jsonKey } from '../../src/core/wire/codec.ts';
import { defaultMessage, getSchema, SCHEMAS, supportedVersions } from '../../src/core/wire/index.ts';
import type { Edition, FieldSpec, MessageKind, MessageSchema } from '../../src/core/wire/index.ts';
import { inVersions, versionList } from '../../src/core/wire/versions.ts';

function* allFields(schema: MessageSchema): Generator<[string, FieldSpec[]]> {
  yield [schema.name, schema.fields];
  for (const s of schema.commonStructs ?? []) yield [s.name, s.fields];
  const stack = [...schema.fields, ...(schema.commonStructs ?? []).flatMap((s) => s.fields)];
  while (stack.length) {
    const f = stack.pop()!;
    if (f.fields) {
      yield [f.type.replace('[]', ''), f.fields];
      stack.push(...f.fields);
    }
  }
}

const SCHEMA_LIST: [string, MessageSchema][] = (Object.keys(SCHEMAS) as Edition[]).flatMap((ed) =>
  (Object.entries(SCHEMAS[ed]!) as [MessageKind, MessageSchema][]).map(([k, s]) => [`${ed} ${k}`, s] as [string, MessageSchema]),
);

describe('schema data', () => {
  it.each(SCHEMA_LIST)('%s is well-formed', (_, schema) => {
    for (const [struct, fields] of allFields(schema)) {
      const keys = fields.map((f) => jsonKey(f.name));
      expect(new Set(keys).size, `duplicate field in ${struct}`).toBe(keys.length);
      for (const f of fields) {
        expect(() => fieldType(schema, f), `${struct}.${f.name}`).not.toThrow();
        expect(f.about, 'about texts are not copied').toBeUndefined();
        for (const v of versionList(schema.validVersions)) {
          if (inVersions(f.nullableVersions, v)) expect(inVersions(f.versions, v), `${struct}.${f.name} nullable outside its versions`).toBe(true);
          if (inVersions(f.taggedVersions, v)) expect(f.tag, `${struct}.${f.name} tagged without a tag`).toBeTypeOf('number');
        }
      }
    }
  });

  it('API keys and versions as the specs state them', () => {
    const keys = (ed: Edition) => Object.fromEntries(Object.entries(SCHEMAS[ed]!).map(([k, s]) => [k, s.apiKey]));
    expect(keys('ak4')).toMatchObject({ StreamsGroupHeartbeatRequest: 88, StreamsGroupHeartbeatResponse: 88, StreamsGroupDescribeRequest: 89, StreamsGroupDescribeResponse: 89 });
    expect(keys('kip1071-draft')).toMatchObject({
      StreamsGroupInitializeRequest: 88,
      StreamsGroupInitializeResponse: 88,
      StreamsGroupHeartbeatRequest: 89,
      StreamsGroupHeartbeatResponse: 89,
      StreamsGroupDescribeRequest: 90,
      StreamsGroupDescribeResponse: 90,
    });
    expect(supportedVersions('StreamsGroupHeartbeatRequest')).toEqual([0, 1, 2]);
    expect(supportedVersions('StreamsGroupDescribeRequest')).toEqual([0, 1]);
    expect(supportedVersions('StreamsGroupInitializeRequest')).toEqual([0]);
    expect(getSchema('StreamsGroupInitializeRequest').edition).toBe('kip1071-draft');
    for (const [, s] of SCHEMA_LIST) if (s.type !== 'header' && s.name.startsWith('StreamsGroup')) expect(s.flexibleVersions).toBe('0+');
  });

  it('the group RPCs: the same schemas in both editions, every version Kafka 4.4.0 has', () => {
    // Kafka 4.0 removed OffsetCommit v0-1 and OffsetFetch v0 (KIP-896); the rest are as in Kafka's message JSON
    const expected: Record<string, [number, number[], string]> = {
      OffsetCommit: [8, [2, 3, 4, 5, 6, 7, 8, 9, 10], '8+'],
      OffsetFetch: [9, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], '6+'],
      OffsetDelete: [47, [0], 'none'],
      ListGroups: [16, [0, 1, 2, 3, 4, 5], '3+'],
      DescribeGroups: [15, [0, 1, 2, 3, 4, 5, 6], '5+'],
      DeleteGroups: [42, [0, 1, 2, 3], '2+'],
      IncrementalAlterConfigs: [44, [0, 1], '1'],
    };
    for (const [rpc, [apiKey, versions, flexible]] of Object.entries(expected)) {
      for (const side of ['Request', 'Response'] as const) {
        const kind = `${rpc}${side}` as MessageKind;
        expect(SCHEMAS['kip1071-draft']![kind], kind).toBe(SCHEMAS.ak4![kind]);
        expect(getSchema(kind, 'ak4')).toMatchObject({ apiKey, edition: 'common', flexibleVersions: flexible });
        expect(supportedVersions(kind, 'ak4'), kind).toEqual(versions);
      }
    }
    // fields as their versions state them
    expect(Object.keys(defaultMessage('ListGroupsRequest', 3))).toEqual([]);
    expect(Object.keys(defaultMessage('ListGroupsRequest', 5))).toEqual(['statesFilter', 'typesFilter']);
    expect(Object.keys(defaultMessage('OffsetFetchRequest', 7)).sort()).toEqual(['groupId', 'requireStable', 'topics']);
    expect(defaultMessage('OffsetFetchRequest', 9)).toEqual({ groups: [], requireStable: false });
    expect(Object.keys(defaultMessage('OffsetCommitRequest', 4))).toContain('retentionTimeMs');
    expect(Object.keys(defaultMessage('OffsetCommitRequest', 9))).not.toContain('retentionTimeMs');
  });

  it('the fields of each heartbeat version', () => {
    const keys = (kind: MessageKind, v: number) => Object.keys(defaultMessage(kind, v));
    const req0 = keys('StreamsGroupHeartbeatRequest', 0);
    expect(keys('StreamsGroupHeartbeatRequest', 1)).toEqual(req0);
    const req2 = req0.filter((k) => !/^(active|standby|warmup)Tasks$/.test(k));
    req2.splice(8, 0, 'ownedTasks'); // where the three flat lists were, after topology
    expect(keys('StreamsGroupHeartbeatRequest', 2)).toEqual(req2);
    expect(keys('StreamsGroupHeartbeatResponse', 0)).toContain('acceptableRecoveryLagLegacy');
    expect(keys('StreamsGroupHeartbeatResponse', 1)).not.toContain('acceptableRecoveryLagLegacy');
    expect(keys('StreamsGroupHeartbeatResponse', 2).at(-1)).toBe('ownedTasksRequired');
    expect(defaultMessage('StreamsGroupHeartbeatRequest', 0)).toMatchObject({ rebalanceTimeoutMs: -1, shutdownApplication: false, topology: null, activeTasks: null });
  });
});
