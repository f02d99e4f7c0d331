// The coverage of a batch of oracle runs (src/core/oracle/coverage.ts): counted per side from the comparison rows,
// errors found at any depth of a response and counted once per response, heartbeat statuses by name, tombstones apart
// from values, and the universe of what the playground can produce named when unreached.
import { describe, expect, it } from 'vitest';
import type { OracleResult, OracleStepRow } from '../../src/core/oracle/compare.ts';
import { addResult, addTrace, coverageUniverse, emptyCoverage, formatCoverage, LIVE_UNREACHABLE, mergeCoverage, PRODUCIBLE_ERRORS, unreached } from '../../src/core/oracle/coverage.ts';
import { DEFAULT_PROTOCOL, editionNamed } from '../../src/core/editions/index.ts';
import { errorCode, type ErrorName } from '../../src/core/protocol/errors.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';

const side = (response: unknown, records: OracleStepRow['kafka']['records'] = [], exchanges: unknown[] = []): OracleStepRow['kafka'] => ({
  response,
  exchanges,
  records,
  summary: { error: null, memberEpoch: null, recordTypes: records.map((r) => r.type) },
});

const result = (steps: OracleStepRow[]): OracleResult => ({
  format: 'sgp-oracle',
  version: 1,
  scenario: 'x.json',
  kafka: { version: '4.4.0', bootstrap: '(test)', configs: {} },
  timeScale: 1,
  marginMs: 0,
  groupConfigs: {},
  normalisations: [],
  steps,
  firstDivergence: null,
  elapsedMs: 0,
  medianRoundTripMs: null,
});

const commitResponse = (codes: number[]) => ({ throttleTimeMs: 0, topics: [{ name: 't', partitions: codes.map((errorCode, partitionIndex) => ({ partitionIndex, errorCode })) }] });

describe('coverage counts', () => {
  it('counts each side apart: RPC versions, errors at any depth once per response, statuses, records and tombstones', () => {
    const c = emptyCoverage();
    addResult(
      c,
      result([
        {
          index: 0,
          label: 'a: join',
          kind: 'request',
          requests: [{ api: 'StreamsGroupHeartbeat', version: 1 }],
          playground: side(
            {
              errorCode: 0,
              status: [
                { statusCode: 1, statusDetail: '' },
                { statusCode: 5, statusDetail: '' },
              ],
            },
            [{ type: 'StreamsGroupMemberMetadata', key: {}, value: {} }],
          ),
          kafka: side({ errorCode: 0, status: [{ statusCode: 1, statusDetail: '' }] }, [{ type: 'StreamsGroupMemberMetadata', key: {}, value: null }]),
          diffs: [],
        },
        {
          index: 1,
          label: 'raw: OffsetCommit',
          kind: 'request',
          requests: [{ api: 'OffsetCommit', version: 9 }],
          // three partitions with the same error count once; the second error counts too
          playground: side(commitResponse([3, 3, 3])),
          kafka: side(commitResponse([3, 0, 12])),
          diffs: [],
        },
      ]),
    );
    expect(c.sequences).toBe(1);
    expect(c.counts.rpc.get('StreamsGroupHeartbeat v1')).toEqual({ simulator: 1, kafka: 1 });
    expect(c.counts.rpc.get('OffsetCommit v9')).toEqual({ simulator: 1, kafka: 1 });
    expect(c.counts.error.get('UNKNOWN_TOPIC_OR_PARTITION')).toEqual({ simulator: 1, kafka: 1 });
    expect(c.counts.error.get('OFFSET_METADATA_TOO_LARGE')).toEqual({ simulator: 0, kafka: 1 });
    expect(c.counts.error.get('NONE')).toEqual({ simulator: 1, kafka: 2 });
    expect(c.counts.status.get('MISSING_SOURCE_TOPICS')).toEqual({ simulator: 1, kafka: 1 });
    expect(c.counts.status.get('ASSIGNMENT_DELAYED')).toEqual({ simulator: 1, kafka: 0 });
    expect(c.counts.record.get('StreamsGroupMemberMetadata')).toEqual({ simulator: 1, kafka: 0 });
    expect(c.counts.record.get('StreamsGroupMemberMetadata (tombstone)')).toEqual({ simulator: 0, kafka: 1 });
  });

  it("counts a run step's exchanges, each by its own request", () => {
    const c = emptyCoverage();
    const exchanges = [{ errorCode: 0, status: [] }, commitResponse([0])];
    addResult(
      c,
      result([
        {
          index: 0,
          label: 'run 5000 ms',
          kind: 'run',
          requests: [
            { api: 'StreamsGroupHeartbeat', version: 1 },
            { api: 'OffsetCommit', version: 9 },
          ],
          playground: side(null, [], exchanges),
          kafka: side(null, [], exchanges.slice(0, 1)),
          diffs: [],
        },
      ]),
    );
    expect(c.counts.rpc.get('StreamsGroupHeartbeat v1')).toEqual({ simulator: 1, kafka: 1 });
    expect(c.counts.rpc.get('OffsetCommit v9')).toEqual({ simulator: 1, kafka: 0 });
  });

  it('counts a simulator trace alone, and merges batches', () => {
    const parsed = parseScenario(
      JSON.stringify({
        format: 1,
        topics: [{ name: 'in0', partitions: 2 }],
        topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] },
        clients: { a: { profile: 'java', processId: 'p1' } },
        steps: [
          { client: 'a', do: 'join' },
          { send: 'ListGroups', version: 5, data: {} },
        ],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.errors[0]!.message);
    const a = emptyCoverage();
    addTrace(a, runScenario(parsed.scenario).steps);
    expect(a.counts.rpc.get('StreamsGroupHeartbeat v1')?.simulator ?? a.counts.rpc.get('StreamsGroupHeartbeat v0')?.simulator).toBe(1);
    expect(a.counts.rpc.get('ListGroups v5')).toEqual({ simulator: 1, kafka: 0 });
    expect(a.counts.record.get('StreamsGroupTopology')).toEqual({ simulator: 1, kafka: 0 });
    const b = emptyCoverage();
    mergeCoverage(b, a);
    mergeCoverage(b, a);
    expect(b.sequences).toBe(2);
    expect(b.counts.rpc.get('ListGroups v5')).toEqual({ simulator: 2, kafka: 0 });
  });
});

describe('coverage universe and table', () => {
  it('lists every served version, and only error names the shipped protocol numbers', () => {
    const u = coverageUniverse('exact');
    expect(u.rpc).toContain('OffsetCommit v2');
    expect(u.rpc).not.toContain('OffsetCommit v1');
    expect(u.rpc).toContain('OffsetFetch v10');
    expect(u.rpc).toHaveLength(2 + 2 + 9 + 10 + 1 + 6 + 7 + 3 + 2);
    // every listed error has a code in the shipped protocol (a draft-only name would not)
    for (const name of Object.keys(PRODUCIBLE_ERRORS)) expect(() => errorCode(editionNamed(DEFAULT_PROTOCOL).wire, name as ErrorName), name).not.toThrow();
    expect(() => errorCode(editionNamed(DEFAULT_PROTOCOL).wire, 'STREAMS_MISSING_SOURCE_TOPICS')).toThrow();
    expect(u.record).toContain('GroupMetadata (tombstone)');
    expect(u.record).not.toContain('GroupMetadata');
    expect(u.record).not.toContain('StreamsGroupPartitionMetadata');
  });

  it('leaves out of the live universe what a shared real broker cannot produce, each with its reason', () => {
    const live = coverageUniverse('live');
    expect(live.error).not.toContain('NOT_COORDINATOR');
    expect(live.error).not.toContain('COORDINATOR_LOAD_IN_PROGRESS');
    expect(live.error).toContain('FENCED_MEMBER_EPOCH');
    for (const [key, why] of Object.entries(LIVE_UNREACHABLE)) {
      const [section, name] = key.split(' ') as ['error', string];
      expect(coverageUniverse('exact')[section], key).toContain(name);
      expect(why.length).toBeGreaterThan(10);
    }
  });

  it('names what no run reached, and marks an item one side produced and the other never did', () => {
    const c = emptyCoverage();
    addResult(
      c,
      result([
        {
          index: 0,
          label: 'raw: ListGroups',
          kind: 'request',
          requests: [{ api: 'ListGroups', version: 4 }],
          playground: side({ errorCode: 0, groups: [] }),
          kafka: side({ errorCode: 42, groups: [] }),
          diffs: [],
        },
      ]),
    );
    const u = coverageUniverse('exact');
    const missing = unreached(c, u);
    expect(missing).toContain('rpc ListGroups v3');
    expect(missing).not.toContain('rpc ListGroups v4');
    expect(missing).toContain('record StreamsGroupTopology');
    const table = formatCoverage(c, u);
    expect(table).toMatch(/^INVALID_REQUEST +0 +1 {2}≠$/m);
    expect(table).toMatch(/^ListGroups v4 +1 +1$/m);
    expect(table).toMatch(/^ListGroups v3 +0 +0 {2}unreached$/m);
    expect(table).toContain(`unreached (${missing.length}): rpc StreamsGroupHeartbeat v0`);
    // the simulator alone: no Kafka column
    expect(formatCoverage(c, u, null)).toMatch(/^ListGroups v4 +1$/m);
  });
});
