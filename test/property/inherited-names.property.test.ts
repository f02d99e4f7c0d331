// Keys and names that Object.prototype already has ("toString", "constructor", "__proto__", …) are
// ordinary user data: fed as a key at every level of every example scenario, as every string value
// (client aliases, member ids, topic and subtopology names), in a request's data through the direct
// API and in a logged request for the importer, they give a result or a clear error, never a crash.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Broker } from '../../src/core/broker/broker.ts';
import { Config } from '../../src/core/config.ts';
import { importRequestLog, scenarioFromRequestLog } from '../../src/core/interop/index.ts';
import { formatTrace } from '../../src/core/scenario/format.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { RPC_NAMES } from '../../src/core/scenario/validate.ts';
import { editionNamed } from '../../src/core/editions/index.ts';

const INHERITED = Object.getOwnPropertyNames(Object.prototype);
const EXAMPLES = readdirSync('static/examples')
  .filter((f) => f.endsWith('.json') && f !== 'index.json')
  .map((f) => ({ name: f, doc: JSON.parse(readFileSync(`static/examples/${f}`, 'utf8')) as unknown }));

type Path = (string | number)[];
type Obj = Record<string, unknown>;

/** Every object (for new keys) and every string (for new values) in a document, by path. */
function places(doc: unknown): { objects: Path[]; strings: Path[] } {
  const objects: Path[] = [];
  const strings: Path[] = [];
  const walk = (v: unknown, path: Path): void => {
    if (typeof v === 'string') strings.push(path);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v !== null && typeof v === 'object') {
      objects.push(path);
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    }
  };
  walk(doc, []);
  return { objects, strings };
}

function at(doc: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Obj)[k as string], doc);
}

/** Sets an own property (a "__proto__" key stays a key, as JSON.parse makes it). */
function put(obj: object, key: string | number, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

const values = fc.constantFrom<unknown>(1, 0, -1, 'x', '', null, true, {}, [], [1], { a: 1 });
const mutation = fc.record({ kind: fc.constantFrom('key', 'value'), where: fc.nat(), name: fc.constantFrom(...INHERITED), value: values });

describe('inherited property names are plain data', () => {
  it('every Object.prototype name as a key at every level, or as a string value, of every example', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXAMPLES), fc.array(mutation, { minLength: 1, maxLength: 3 }), (example, mutations) => {
        const doc = JSON.parse(JSON.stringify(example.doc)) as unknown;
        for (const m of mutations) {
          const { objects, strings } = places(doc);
          if (m.kind === 'key' || strings.length === 0) put(at(doc, objects[m.where % objects.length]!) as object, m.name, m.value);
          else {
            const path = strings[m.where % strings.length]!;
            put(at(doc, path.slice(0, -1)) as object, path[path.length - 1]!, m.name);
          }
        }
        const text = JSON.stringify(doc);
        const parsed = parseScenario(text);
        if (!parsed.ok) {
          expect(parsed.errors.length).toBeGreaterThan(0);
          for (const e of parsed.errors) expect(e.path).toMatch(/^\$/);
          return;
        }
        formatTrace(runScenario(parsed.scenario));
      }),
      { numRuns: 300, seed: 13 },
    );
  });

  it('the repros of issue 13: a topology key, describe data, a client alias', () => {
    const bad = [
      '{"format":1,"topology":{"epoch":0,"subtopologies":[],"toString":1}}',
      '{"format":1,"steps":[{"send":"StreamsGroupDescribe","data":{"constructor":1}}]}',
      '{"format":1,"clients":{"a":{}},"steps":[{"client":"toString","do":"join"}]}',
      '{"format":1,"clients":{"a":{}},"steps":[{"client":"__proto__","do":"join"}]}',
    ];
    const messages = bad.map((t) => {
      const r = parseScenario(t);
      return r.ok ? 'valid' : r.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
    });
    expect(messages[0]).toMatch(/^\$\.topology\.toString: Unknown field "toString" in Topology/);
    expect(messages[1]).toMatch(/^\$\.steps\[0\]\.data\.constructor: Unknown field "constructor" in StreamsGroupDescribe v0/);
    expect(messages[2]).toMatch(/^\$\.steps\[0\]\.client: No client "toString" is declared/);
    expect(messages[3]).toMatch(/^\$\.steps\[0\]\.client: No client "__proto__" is declared/);
  });

  it('clients named like Object.prototype members run like any other', () => {
    const doc = {
      format: 1,
      config: { 'group.streams.initial.rebalance.delay.ms': 0 },
      topics: [{ name: 'in', partitions: 2 }],
      topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
      clients: Object.fromEntries(INHERITED.map((n) => [n, { processId: n }])),
      steps: INHERITED.map((n) => ({ client: n, do: 'join' })),
    };
    const r = parseScenario(JSON.stringify(doc));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.keys(r.scenario.clients)).toContain('__proto__');
    const trace = runScenario(r.scenario);
    expect(trace.steps.map((s) => s.errorName)).toEqual(INHERITED.map(() => 'NONE'));
  });

  it('the direct API answers data with inherited names as keys with an error code, never a throw', () => {
    fc.assert(
      fc.property(fc.constantFrom('ak4', 'kip1071-draft' as const), fc.constantFrom(...RPC_NAMES), fc.nat(3), fc.constantFrom(...INHERITED), values, (edition, api, version, name, value) => {
        const broker = new Broker({ edition: editionNamed(edition), variant: 'current', config: Config.from({}) }, [['in', 2]]);
        const data: Obj = { groupId: 'app', memberId: 'm', memberEpoch: 0 };
        put(data, name, value);
        const out = broker.send(api, version, data, { clientId: 'c', clientHost: '/127.0.0.1' });
        expect(typeof out.errorName).toBe('string');
      }),
      { numRuns: 200, seed: 13 },
    );
  });

  it('sgp import of a logged request with an inherited name as a key drops the field with a warning', () => {
    const request = {
      groupId: 'app',
      memberId: 'm1',
      memberEpoch: 0,
      rebalanceTimeoutMs: 300000,
      topology: { epoch: 0, subtopologies: [] },
      activeTasks: [],
      standbyTasks: [],
      warmupTasks: [],
      processId: 'p1',
      clientTags: [],
      shutdownApplication: false,
    };
    for (const name of INHERITED) {
      const req: Obj = { ...request };
      put(req, name, 1);
      const header = { requestApiKey: 88, requestApiVersion: 1, correlationId: 5, clientId: 'c', requestApiKeyName: 'STREAMS_GROUP_HEARTBEAT' };
      const entry: Obj = { isForwarded: false, requestHeader: header, request: req, response: { errorCode: 0, memberEpoch: 1 } };
      put(entry, name, 1);
      const line = `[2025-06-01 12:00:00,000] DEBUG Completed request:${JSON.stringify(entry)} (kafka.request.logger)`;
      const r = importRequestLog(line);
      expect(
        r.warnings.map((w) => w.message),
        name,
      ).toEqual([`dropped field "${name}": not in StreamsGroupHeartbeat v1 (ak4)`]);
      expect(Object.keys((r.steps[0] as { data: Obj }).data)).not.toContain(name);
      const { scenario } = scenarioFromRequestLog(line);
      expect(parseScenario(JSON.stringify(scenario)).ok, name).toBe(true);
    }
  });
});
