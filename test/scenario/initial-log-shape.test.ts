// initialLog records must have the shape of Kafka's record schemas (issue 22 item 2): a null subtopology, null
// partitions or a string where a list belongs used to replay into a half-formed group, and end in exit 3 (internal
// error) or a silently wrong run. Each is now refused with the field's JSON path (exit 2), from every command.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { KAFKA_RECORD_SCHEMAS, recordShapeProblem } from '../../src/core/log/recordShape.ts';
import { DRAFT_RECORD_SCHEMAS } from '../../src/core/editions/kip1071-draft/recordSchemas.ts';
import { cli } from '../cli/harness.ts';

type Doc = { initialLog: { type: string; key: Record<string, unknown>; value: Record<string, unknown> | null }[] } & Record<string, unknown>;
const EXAMPLE = JSON.parse(readFileSync('static/examples/21-start-from-a-state.json', 'utf8')) as Doc;
const TOPOLOGY = 0;
const GROUP_METADATA = 1;
const MEMBER_A = 2;
const TARGET_A = 4;
const TARGET_METADATA = 6;
const CURRENT_A = 7;

function mutated(change: (log: Doc['initialLog']) => void): string {
  const doc = structuredClone(EXAMPLE);
  change(doc.initialLog);
  return JSON.stringify(doc, null, 2);
}

const value = (log: Doc['initialLog'], i: number) => log[i]!.value as Record<string, any>;

const CASES: { what: string; change: (log: Doc['initialLog']) => void; path: string; message: string }[] = [
  { what: 'a null subtopology', change: (l) => (value(l, TOPOLOGY).subtopologies[0] = null), path: '$.initialLog[0].value.subtopologies[0]', message: 'null is not allowed' },
  { what: 'null subtopologies', change: (l) => (value(l, TOPOLOGY).subtopologies = null), path: '$.initialLog[0].value.subtopologies', message: 'null is not allowed' },
  {
    what: 'a string where the source topics list belongs',
    change: (l) => (value(l, TOPOLOGY).subtopologies[0].sourceTopics = 'in0'),
    path: '$.initialLog[0].value.subtopologies[0].sourceTopics',
    message: 'expected a list ([]string), got the string "in0"',
  },
  {
    what: 'a string where the changelog list belongs',
    change: (l) => (value(l, TOPOLOGY).subtopologies[0].stateChangelogTopics = 'x'),
    path: '$.initialLog[0].value.subtopologies[0].stateChangelogTopics',
    message: 'expected a list',
  },
  {
    what: 'a missing subtopology id',
    change: (l) => delete value(l, TOPOLOGY).subtopologies[0].subtopologyId,
    path: '$.initialLog[0].value.subtopologies[0].subtopologyId',
    message: 'the field is missing (SubtopologyId is mandatory)',
  },
  {
    what: 'null partitions of a target task',
    change: (l) => (value(l, TARGET_A).activeTasks[0].partitions = null),
    path: '$.initialLog[4].value.activeTasks[0].partitions',
    message: 'null is not allowed',
  },
  {
    what: 'a string partition of a current task',
    change: (l) => (value(l, CURRENT_A).activeTasks[0].partitions = ['0']),
    path: '$.initialLog[7].value.activeTasks[0].partitions[0]',
    message: 'expected an integer (int32), got the string "0"',
  },
  {
    what: 'a string where a pending-revocation list belongs',
    change: (l) => (value(l, CURRENT_A).activeTasksPendingRevocation = 'x'),
    path: '$.initialLog[7].value.activeTasksPendingRevocation',
    message: 'expected a list',
  },
  { what: 'a missing client host', change: (l) => delete value(l, MEMBER_A).clientHost, path: '$.initialLog[2].value.clientHost', message: 'the field is missing (ClientHost is mandatory)' },
  { what: 'null client tags', change: (l) => (value(l, MEMBER_A).clientTags = null), path: '$.initialLog[2].value.clientTags', message: 'null is not allowed' },
  { what: 'a string group epoch', change: (l) => (value(l, GROUP_METADATA).epoch = 'x'), path: '$.initialLog[1].value.epoch', message: 'expected an integer (int32)' },
  {
    what: 'an assignment epoch beyond int32',
    change: (l) => (value(l, TARGET_METADATA).assignmentEpoch = 2 ** 31),
    path: '$.initialLog[6].value.assignmentEpoch',
    message: '2147483648 is outside the int32 range',
  },
  { what: 'a null member id in a key', change: (l) => (l[MEMBER_A]!.key.memberId = null), path: '$.initialLog[2].key.memberId', message: 'null is not allowed' },
];

describe('initialLog records have the shape of Kafka 4.4.0 record schemas', () => {
  for (const c of CASES) {
    for (const argv of [['check'], ['run'], ['report'], ['compare', '--variant', 'current'], ['explore', '--walks', '2', '--depth', '3']]) {
      it(`${c.what}: sgp ${argv[0]} exits 2 naming ${c.path}`, async () => {
        const r = await cli([argv[0]!, 'f.json', ...argv.slice(1)], { 'f.json': mutated(c.change) }, runScenario);
        expect(r.code).toBe(2);
        expect(r.stderr).toContain(`${c.path}: ${c.message}`);
      });
    }
  }

  it('an OffsetCommit value with expireTimestamp is value v1 (GroupCoordinatorRecordHelpers.offsetCommitValueVersion): a leaderEpoch or topicId in it is refused', async () => {
    const commit = (value: Record<string, unknown>) =>
      mutated((l) => {
        l.push({ type: 'OffsetCommit', key: { group: 'admin', topic: 'in0', partition: 0 }, value });
      });
    const v1 = { offset: 5, metadata: '', commitTimestamp: 0, expireTimestamp: 60000 };
    expect((await cli(['check', 'f.json'], { 'f.json': commit(v1) }, runScenario)).code).toBe(0);
    expect((await cli(['check', 'f.json'], { 'f.json': commit({ offset: 5, leaderEpoch: 2, metadata: '', commitTimestamp: 0 }) }, runScenario)).code).toBe(0);
    const at = `$.initialLog[${EXAMPLE.initialLog.length}].value`;
    for (const field of ['leaderEpoch', 'topicId']) {
      const r = await cli(['check', 'f.json'], { 'f.json': commit({ ...v1, [field]: field === 'topicId' ? 'AAAAAAAAAAAAAAAAAAAAAQ' : -1 }) }, runScenario);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${at}.${field}: an OffsetCommit value with expireTimestamp is value version 1, which has no ${field}`);
    }
  });

  it("a copartition group's topic index out of range loads (Kafka's schema takes any int16) and no longer ends in exit 3: the group view shows no topic problem", async () => {
    // found by the exhaustive record-field mutation (08-copartitioning-error.json from its own log, index -1): the view
    // configured the replayed topology, and copartitionGroupsOf's IndexOutOfBounds escaped the run. Kafka configures
    // topics only in a heartbeat (InternalTopicManager.configureTopics), where the same index is UNKNOWN_SERVER_ERROR
    const text = mutated((l) => (value(l, TOPOLOGY).subtopologies[0].copartitionGroups = [{ sourceTopics: [-1], sourceTopicRegex: [], repartitionSourceTopics: [] }]));
    for (const argv of [['check'], ['run'], ['report'], ['compare', '--variant', 'current']]) {
      const r = await cli([argv[0]!, 'f.json', ...argv.slice(1)], { 'f.json': text }, runScenario);
      expect(r.stderr, argv[0]).not.toMatch(/internal error/);
      expect([0, 1], `sgp ${argv[0]}: ${r.stderr}`).toContain(r.code);
    }
  });

  it('the unmutated example, and a record with a field the schema does not declare, load as before', async () => {
    expect((await cli(['check', 'f.json'], { 'f.json': JSON.stringify(EXAMPLE) }, runScenario)).code).toBe(0);
    expect(recordShapeProblem(KAFKA_RECORD_SCHEMAS, 'StreamsGroupTargetAssignmentMetadata', { groupId: 'g' }, { assignmentEpoch: 1, extra: 1 })).toBeNull();
  });

  it("the draft edition's records are checked against the draft's shapes (TopologyId, no TopologyEpoch, Topology list)", () => {
    const member = { instanceId: null, rackId: null, clientId: 'c', clientHost: '/h', rebalanceTimeoutMs: 1, topologyId: null, processId: null, userEndpoint: null, clientTags: [] };
    expect(recordShapeProblem(DRAFT_RECORD_SCHEMAS, 'StreamsGroupMemberMetadata', { groupId: 'g', memberId: 'm' }, member)).toBeNull();
    expect(recordShapeProblem(DRAFT_RECORD_SCHEMAS, 'StreamsGroupMemberMetadata', { groupId: 'g', memberId: 'm' }, { ...member, topologyId: 7 })).toEqual({
      path: 'value.topologyId',
      message: 'expected a string (string), got number 7',
    });
    expect(recordShapeProblem(DRAFT_RECORD_SCHEMAS, 'StreamsGroupTopology', { groupId: 'g' }, { topologyId: 't', topology: [null] })).toEqual({
      path: 'value.topology[0]',
      message: 'null is not allowed (Topology is not nullable)',
    });
    // Kafka's own schema wants a TopologyEpoch the draft does not write
    expect(recordShapeProblem(KAFKA_RECORD_SCHEMAS, 'StreamsGroupMemberMetadata', { groupId: 'g', memberId: 'm' }, member)?.path).toBe('value.topologyEpoch');
  });
});
