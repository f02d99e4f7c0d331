// Issue 13, defect 7: data that is not a JSON object, an unknown API and a version that is not a version
// number, sent through the direct API (Broker.send), are answered with Kafka's error code in both editions.
import { describe, expect, it } from 'vitest';
import { Broker } from '../../src/core/broker/broker.ts';
import { Config } from '../../src/core/config.ts';
import type { RpcName } from '../../src/core/scenario/types.ts';
import { editionNamed } from '../../src/core/editions/index.ts';

const EDITIONS = ['ak4', 'kip1071-draft'] as const;
const RPCS: RpcName[] = ['StreamsGroupHeartbeat', 'StreamsGroupInitialize', 'StreamsGroupDescribe', 'OffsetCommit'];
const client = { clientId: 'c', clientHost: '/127.0.0.1' };
const broker = (edition: (typeof EDITIONS)[number]) => new Broker({ edition: editionNamed(edition), variant: 'current', config: Config.from({}) }, [['in', 2]]);
const send = (edition: (typeof EDITIONS)[number], api: unknown, version: unknown, data: unknown) => broker(edition).send(api as RpcName, version as number, data as Record<string, unknown>, client);

const cyclic: Record<string, unknown> = { groupId: 'app' };
cyclic.self = cyclic;
const NOT_JSON_OBJECTS: [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['a number', 1],
  ['a string', 'x'],
  ['an array', []],
  ['a BigInt', 10n],
  ['an object holding a BigInt', { groupId: 'app', memberEpoch: 1n }],
  ['an object holding NaN', { groupId: 'app', memberEpoch: NaN }],
  ['an object holding a function', { groupId: () => 'app' }],
  ['a Map', new Map()],
  ['a cycle', cyclic],
];

describe('the broker answers what it cannot read with an error code', () => {
  for (const edition of EDITIONS) {
    for (const api of RPCS) {
      it(`${edition} ${api}: data that is not a JSON object is INVALID_REQUEST`, () => {
        for (const [what, data] of NOT_JSON_OBJECTS) {
          const out = send(edition, api, 0, data);
          expect(out.errorName, what).toBe('INVALID_REQUEST');
          expect(out.errorMessage, what).toMatch(/request data/);
          expect(out.batch).toBeNull();
          expect(() => JSON.stringify(out), what).not.toThrow();
          if ('errorCode' in out.response) expect(out.response.errorCode).toBe(42);
        }
      });
    }
    it(`${edition}: an unknown API is UNSUPPORTED_VERSION (the draft used to answer undefined)`, () => {
      for (const api of ['Nope', '', null, 7, 'toString', '__proto__']) {
        const out = send(edition, api, 0, { groupId: 'app' });
        expect(out.errorName).toBe('UNSUPPORTED_VERSION');
        expect(out.response).toMatchObject({ errorCode: 35 });
      }
    });
    it(`${edition}: a version that is not an int16 from 0 is UNSUPPORTED_VERSION`, () => {
      for (const version of [-1, 0.5, NaN, Infinity, 32768, '0', null]) {
        const out = send(edition, 'StreamsGroupHeartbeat', version, { groupId: 'app', memberId: 'm', memberEpoch: 0 });
        expect(out.errorName, String(version)).toBe('UNSUPPORTED_VERSION');
      }
    });
  }
  it('ak4 no longer echoes raw data: StreamsGroupInitialize (not shipped) answers with a plain copy, and a BigInt is INVALID_REQUEST', () => {
    expect(send('ak4', 'StreamsGroupInitialize', 0, { groupId: 'app' })).toMatchObject({ errorName: 'UNSUPPORTED_VERSION', request: { groupId: 'app' } });
    const out = send('ak4', 'StreamsGroupInitialize', 0, { groupId: 1n });
    expect(out.errorName).toBe('INVALID_REQUEST');
    expect(out.request).toEqual({});
  });
  it('well-formed requests pass the gate unchanged', () => {
    const out = send('ak4', 'StreamsGroupHeartbeat', 1, {
      groupId: 'app',
      memberId: 'm1',
      memberEpoch: 0,
      rebalanceTimeoutMs: 1000,
      topology: { epoch: 0, subtopologies: [] },
      activeTasks: [],
      standbyTasks: [],
      warmupTasks: [],
      processId: 'p',
    });
    expect(out.errorName).toBe('NONE');
  });
});

describe('partition limits at the broker (issue 13, defect 3)', () => {
  const topology = (partitions: unknown) => ({ epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'], repartitionSourceTopics: [{ name: 'rep', partitions }] }] });
  const join = (partitions: unknown) => ({
    groupId: 'app',
    memberId: 'm1',
    memberEpoch: 0,
    rebalanceTimeoutMs: 1000,
    topology: topology(partitions),
    activeTasks: [],
    standbyTasks: [],
    warmupTasks: [],
    processId: 'p',
  });
  it('a declared repartition topic of 1e300 or 2^31-1 partitions is INVALID_REQUEST, and no topic "rep (1e+300)" is created', () => {
    for (const n of [1e300, 2147483647, 10_001, -1, 1.5]) {
      const b = broker('ak4');
      const out = b.send('StreamsGroupHeartbeat', 1, join(n), client);
      expect(out.errorName, String(n)).toBe('INVALID_REQUEST');
      expect(out.errorMessage).toMatch(/partitions for topic "rep"/);
      expect([...b.topics.keys()]).toEqual(['in']);
    }
    const draft = broker('kip1071-draft');
    const init = draft.send('StreamsGroupInitialize', 0, { groupId: 'app', topologyId: 't', topology: topology(1e300).subtopologies }, client);
    expect(init.errorName).toBe('INVALID_REQUEST');
  });
  it('10,000 partitions (the limit) pass', () => {
    expect(broker('ak4').send('StreamsGroupHeartbeat', 1, join(10_000), client).errorName).toBe('NONE');
  });
});

describe('the gate walks shared values once', () => {
  it('a value shared by two fields is valid JSON; a chain of shared halves (2^60 paths) is checked in linear time; deep nesting is refused', () => {
    const empty: unknown[] = [];
    const ok = send('ak4', 'StreamsGroupHeartbeat', 1, {
      groupId: 'app',
      memberId: 'm1',
      memberEpoch: 0,
      rebalanceTimeoutMs: 1000,
      topology: { epoch: 0, subtopologies: [] },
      activeTasks: empty,
      standbyTasks: empty,
      warmupTasks: empty,
      processId: 'p',
    });
    expect(ok.errorName).toBe('NONE');
    let dag: Record<string, unknown> = {};
    for (let i = 0; i < 60; i++) dag = { a: dag, b: dag };
    expect(send('ak4', 'StreamsGroupDescribe', 0, { groupIds: ['app'], extra: dag }).errorName).toBe('GROUP_ID_NOT_FOUND');
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) deep = { x: deep };
    expect(send('ak4', 'StreamsGroupDescribe', 0, { groupIds: ['app'], extra: deep }).errorMessage).toMatch(/nested deeper than 256 levels/);
  });
});
