// initialLog: records replayed before step 0, in Kafka's JSON form or as pasted kafka-dump-log output (issue 11 item 10).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDumpLog } from '../../src/core/interop/dumpLog.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';

const EXAMPLE = JSON.parse(readFileSync('static/examples/21-start-from-a-state.json', 'utf8')) as Record<string, unknown> & {
  initialLog: { type: string; key: Record<string, unknown>; value: Record<string, unknown> | null }[];
};
const KEY_IDS: Record<string, number> = {
  StreamsGroupMetadata: 17,
  StreamsGroupMemberMetadata: 19,
  StreamsGroupTargetAssignmentMetadata: 20,
  StreamsGroupTargetAssignmentMember: 21,
  StreamsGroupCurrentMemberAssignment: 22,
  StreamsGroupTopology: 23,
};

/** The example's records as kafka-dump-log --offsets-decoder prints them (one line per record, a batch header first). */
function dumpText(): string {
  const lines = [
    'Dumping /tmp/kafka-logs/__consumer_offsets-7/00000000000000000000.log',
    'Log starting offset: 0',
    `baseOffset: 0 lastOffset: ${EXAMPLE.initialLog.length - 1} count: ${EXAMPLE.initialLog.length} baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 partitionLeaderEpoch: 0 isTransactional: false isControl: false deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 0 size: 999 magic: 2 compresscodec: none crc: 1 isvalid: true`,
  ];
  EXAMPLE.initialLog.forEach((r, i) => {
    const payload = r.value === null ? '<DELETE>' : JSON.stringify({ version: '0', data: r.value });
    lines.push(`| offset: ${i} CreateTime: 0 keySize: 10 valueSize: 10 sequence: -1 headerKeys: [] key: ${JSON.stringify({ type: String(KEY_IDS[r.type]), data: r.key })} payload: ${payload}`);
  });
  return lines.join('\n');
}

describe('initialLog', () => {
  it('the example loads a group at epoch 11 mid-revocation as step "initial"; the trace starts from it', () => {
    const parsed = parseScenario(JSON.stringify(EXAMPLE));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const trace = new ScenarioRunner(parsed.scenario).run();
    expect(trace.initial!.records.map((r) => r.offset)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(trace.initial!.group).toMatchObject({ state: 'Reconciling', groupEpoch: 11, assignmentEpoch: 11 });
    expect(trace.initial!.group!.members.A).toMatchObject({ memberEpoch: 10, state: 'UNREVOKED_TASKS' });
    // step 0's records come after the loaded batch
    expect(trace.steps[0]!.records[0]!.offset).toBe(9);
    expect(trace.steps.flatMap((s) => s.mismatches)).toEqual([]);
    // a scenario without initialLog has no "initial" in its trace
    const plain = parseScenario(JSON.stringify({ ...EXAMPLE, initialLog: undefined, steps: [] }));
    expect(plain.ok && new ScenarioRunner(plain.scenario).run().initial).toBeUndefined();
  });

  it('pasted kafka-dump-log --offsets-decoder output loads the same state', () => {
    const parsed = parseDumpLog(dumpText(), 'ak4');
    expect(parsed.ok && parsed.records.map(({ type, key, value }) => ({ type, key, value }))).toEqual(EXAMPLE.initialLog);
    const fromDump = parseScenario(JSON.stringify({ ...EXAMPLE, initialLog: dumpText() }));
    expect(fromDump.ok).toBe(true);
    if (!fromDump.ok) return;
    const trace = new ScenarioRunner(fromDump.scenario).run();
    expect(trace.steps.flatMap((s) => s.mismatches)).toEqual([]);
  });

  it('a metadataHash beyond 2^53 printed by kafka-dump-log as a bare number keeps every digit (Kafka prints a long as a JSON number)', () => {
    const hash = (EXAMPLE.initialLog.find((r) => r.type === 'StreamsGroupMetadata')!.value as { metadataHash: string }).metadataHash;
    expect(Number.isSafeInteger(Number(hash))).toBe(false);
    const asKafkaPrintsIt = dumpText().replace(`"metadataHash":"${hash}"`, `"metadataHash":${hash}`);
    expect(asKafkaPrintsIt).toContain(`"metadataHash":${hash},`);
    const parsed = parseDumpLog(asKafkaPrintsIt, 'ak4');
    expect(parsed.ok && parsed.records.map(({ type, key, value }) => ({ type, key, value }))).toEqual(EXAMPLE.initialLog);
  });

  it('a record that cannot be replayed is a scenario error at its path and line', () => {
    const bad = { ...EXAMPLE, initialLog: [{ type: 'StreamsGroupCurrentMemberAssignment', key: { groupId: 'app', memberId: 'Z' }, value: EXAMPLE.initialLog[7]!.value }] };
    const text = JSON.stringify(bad, null, 2);
    const r = parseScenario(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]!.path).toBe('$.initialLog[0]');
    expect(r.errors[0]!.message).toMatch(/replaying this record fails \(current assignment for unknown group app\)/);
    expect(text.split('\n')[r.errors[0]!.line - 1]).toContain('{');
  });

  it('unknown record types, missing keys and unreadable dumps are reported', () => {
    const r1 = parseScenario(JSON.stringify({ ...EXAMPLE, initialLog: [{ type: 'ConsumerGroupMetadata', key: {}, value: null }] }));
    expect(!r1.ok && r1.errors.map((e) => e.path)).toEqual(['$.initialLog[0].type']);
    const r2 = parseScenario(JSON.stringify({ ...EXAMPLE, initialLog: [{ type: 'StreamsGroupMetadata', key: { groupId: 'app' } }] }));
    expect(!r2.ok && r2.errors[0]!.message).toMatch(/needs a "value"/);
    const r3 = parseScenario(JSON.stringify({ ...EXAMPLE, initialLog: 'baseOffset: 0 lastOffset: 0\n| offset: 0 key: {"type":"3","data":{}} payload: null' }));
    expect(!r3.ok && r3.errors[0]!.message).toMatch(/line 2 of the pasted kafka-dump-log output: record type 3 is not/);
  });

  it('a replayed topology with a subtopology without source topics loads; the heartbeat is where Kafka would configure it (GroupMetadataManager.streamsGroupHeartbeat → InternalTopicManager.configureTopics, never on replay)', () => {
    const initialLog = EXAMPLE.initialLog.map((r) =>
      r.type === 'StreamsGroupTopology' && r.value ? { ...r, value: { ...r.value, subtopologies: (r.value.subtopologies as Record<string, unknown>[]).map((s) => ({ ...s, sourceTopics: [] })) } } : r,
    );
    const parsed = parseScenario(JSON.stringify({ ...EXAMPLE, initialLog, steps: [{ advance: 1000 }] }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const trace = new ScenarioRunner(parsed.scenario).run();
    expect(trace.initial!.group).toMatchObject({ groupEpoch: 11 });
    expect(trace.steps).toHaveLength(1);
  });
});
