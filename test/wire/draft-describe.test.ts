// kip1071-draft StreamsGroupDescribeResponse (apiKey 90): the layout of the kip1071 branch head, and what the draft
// coordinator's describe output looks like on the wire (including the nulls its JSON does not allow).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { annotate, decodeMessage, encodeMessage, WireError } from '../../src/core/wire/index.ts';
import { WorkerApi } from '../../workers/api.ts';
import { hex, hx } from './helpers.ts';

const DRAFT = { edition: 'kip1071-draft' } as const;
const KIND = 'StreamsGroupDescribeResponse';

const assignment = { activeTasks: [{ subtopologyId: '0', partitions: [0] }], standbyTasks: [], warmupTasks: [] };
const MEMBER = {
  memberId: 'm',
  memberEpoch: 1,
  instanceId: null,
  rackId: null,
  clientId: 'c',
  clientHost: 'h',
  topologyId: 't',
  processId: 'p',
  clientTags: [],
  taskOffsets: [{ subtopologyId: '0', partition: 0, offset: 5 }],
  taskEndOffsets: [],
  assignment,
  targetAssignment: assignment,
};
const GROUP = {
  errorCode: 0,
  errorMessage: null,
  groupId: 'g',
  groupState: 'Stable',
  groupEpoch: 1,
  assignmentEpoch: 1,
  topology: [{ subtopologyId: '0', sourceTopics: ['i'], repartitionSinkTopics: ['r'], sourceTopicRegex: [], stateChangelogTopics: [], repartitionSourceTopics: [] }],
  members: [MEMBER],
  authorizedOperations: -2147483648,
};
const ASSIGNMENT_BYTES = '02 02 30 02 00 00 00 00 00 01 01 00'; // ActiveTasks [{SubtopologyId "0", Partitions [0]}], Standby [], Warmup [], tagged
const BYTES = [
  '00 00 00 00', //          ThrottleTimeMs
  '02', //                   Groups: 1
  '00 00 00', //               ErrorCode 0, ErrorMessage null
  '02 67', //                  GroupId "g"
  '07 53 74 61 62 6c 65', //   GroupState "Stable"
  '00 00 00 01 00 00 00 01', // GroupEpoch 1, AssignmentEpoch 1
  '02', //                     Topology: 1 subtopology (nullable array, present)
  '02 30', //                    SubtopologyId "0"
  '02 02 69', //                 SourceTopics ["i"]
  '02 02 72', //                 RepartitionSinkTopics ["r"]  (before SourceTopicRegex at the branch head)
  '01 01 01', //                 SourceTopicRegex, StateChangelogTopics, RepartitionSourceTopics: empty
  '00', //                       Subtopology tagged section
  '02', //                     Members: 1
  '02 6d 00 00 00 01', //        MemberId "m", MemberEpoch 1
  '00 00', //                    InstanceId null, RackId null
  '02 63 02 68', //              ClientId "c", ClientHost "h"
  '02 74 02 70', //              TopologyId "t", ProcessId "p"
  '01', //                       ClientTags []
  '02 02 30 00 00 00 00 00 00 00 00 00 00 00 05 00', // TaskOffsets [{SubtopologyId "0", Partition 0, Offset 5}]
  '01', //                       TaskEndOffsets []
  ASSIGNMENT_BYTES, //           Assignment (struct, no marker)
  ASSIGNMENT_BYTES, //           TargetAssignment
  '00', //                       Member tagged section
  '80 00 00 00', //            AuthorizedOperations default -2147483648
  '00', //                     DescribedGroup tagged section
  '00', //                   message tagged section
].join(' ');

function wireError(f: () => unknown): WireError {
  try {
    f();
  } catch (e) {
    if (e instanceof WireError) return e;
    throw e;
  }
  throw new Error('expected a WireError');
}

describe('kip1071-draft StreamsGroupDescribeResponse v0', () => {
  it('hand-assembled bytes: TaskIds/TaskOffset carry SubtopologyId; RepartitionSinkTopics precede SourceTopicRegex', () => {
    const json = { throttleTimeMs: 0, groups: [GROUP] };
    expect(hex(encodeMessage(KIND, 0, json, DRAFT))).toBe(BYTES);
    const d = decodeMessage(KIND, 0, hx(BYTES), DRAFT);
    expect(d.json).toEqual(json);
    expect(d.consumed).toBe(hx(BYTES).length);
    const ann = annotate(KIND, 0, hx(BYTES), DRAFT);
    expect(ann.find((a) => a.path === 'groups[0].topology[0].repartitionSinkTopics[0]' && a.type === 'utf-8 bytes')?.display).toBe('"r"');
    expect(ann.find((a) => a.path === 'groups[0].members[0].assignment.activeTasks[0].subtopologyId' && a.type === 'utf-8 bytes')?.display).toBe('"0"');
  });

  it('the superseded "Subtopology" field name is rejected', () => {
    const old = { groups: [{ ...GROUP, members: [{ ...MEMBER, taskOffsets: [{ subtopology: '0', partition: 0, offset: 5 }] }] }] };
    expect(() => encodeMessage(KIND, 0, old, DRAFT)).toThrow('groups[0].members[0].taskOffsets[0].subtopology: unknown field');
  });

  it('null vs empty: Topology and InstanceId are nullable; the lists of a member are not', () => {
    const noTopology = encodeMessage(KIND, 0, { groups: [{ ...GROUP, topology: null, members: [] }] }, DRAFT);
    const emptyTopology = encodeMessage(KIND, 0, { groups: [{ ...GROUP, topology: [], members: [] }] }, DRAFT);
    // Same bytes except the Topology length: 0x00 = null, 0x01 = empty.
    const head = '00 00 00 00 02 00 00 00 02 67 07 53 74 61 62 6c 65 00 00 00 01 00 00 00 01';
    const tail = '01 80 00 00 00 00 00'; // Members [], AuthorizedOperations, tagged sections
    expect(hex(noTopology)).toBe(`${head} 00 ${tail}`);
    expect(hex(emptyTopology)).toBe(`${head} 01 ${tail}`);
    expect(decodeMessage(KIND, 0, noTopology, DRAFT).json).toMatchObject({ groups: [{ topology: null }] });
    expect(decodeMessage(KIND, 0, emptyTopology, DRAFT).json).toMatchObject({ groups: [{ topology: [] }] });
    const emptyInstance = encodeMessage(KIND, 0, { groups: [{ ...GROUP, members: [{ ...MEMBER, instanceId: '' }] }] }, DRAFT);
    expect(hex(emptyInstance)).toBe(BYTES.replace('02 6d 00 00 00 01 00 00', '02 6d 00 00 00 01 01 00'));
    expect(() => encodeMessage(KIND, 0, { groups: [{ ...GROUP, members: [{ ...MEMBER, clientTags: null }] }] }, DRAFT)).toThrow('groups[0].members[0].clientTags: null is not allowed');
  });

  // kip1071-draft §2.4/§6 ⚠: TopologyId, ProcessId and GroupId are not nullable in the draft JSON, yet the draft coordinator
  // can hold null there; Kafka's generated writer throws NullPointerException, the codec a WireError naming the field.
  it.each([
    ['topologyId', { groups: [{ ...GROUP, members: [{ ...MEMBER, topologyId: null }] }] }, 'groups[0].members[0].topologyId', 'TopologyId'],
    ['processId', { groups: [{ ...GROUP, members: [{ ...MEMBER, processId: null }] }] }, 'groups[0].members[0].processId', 'ProcessId'],
    ['groupId', { groups: [{ errorCode: 24, groupId: null }] }, 'groups[0].groupId', 'GroupId'],
  ])('a null %s is a clear WireError, not a crash', (_, json, path, field) => {
    const e = wireError(() => encodeMessage(KIND, 0, json, DRAFT));
    expect(e.path).toBe(path);
    expect(e.message).toBe(`${path}: null is not allowed (field ${field} is not nullable in v0; the Kafka writer would throw NullPointerException on it)`);
    expect(e.offset).toBeGreaterThan(0);
  });

  it('a null TopologyId on the wire is refused by the decoder', () => {
    const bytes = hx(BYTES.replace('02 74 02 70', '00 02 70'));
    expect(() => decodeMessage(KIND, 0, bytes, DRAFT)).toThrow('null string at byte');
  });
});

describe("the draft coordinator's describe output on the wire (static/examples/draft-initialize.json + a Describe)", () => {
  const doc = JSON.parse(readFileSync(new URL('../../static/examples/draft-initialize.json', import.meta.url), 'utf8')) as { steps: unknown[] };
  const run = (groupIds: string[]) => {
    const parsed = parseScenario(JSON.stringify({ ...doc, steps: [...doc.steps, { send: 'StreamsGroupDescribe', data: { groupIds, includeAuthorizedOperations: true } }] }));
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
    return runScenario(parsed.scenario).steps.at(-1)!;
  };

  it('encodes without error and decodes back to the same JSON', () => {
    const step = run(['app', 'nope']);
    expect(step).toMatchObject({ api: 'StreamsGroupDescribe', version: 0 });
    const response = step.response as Record<string, unknown>;
    expect(response).toMatchObject({
      groups: [
        { groupId: 'app', errorCode: 0, members: [{ processId: 'p2' }, { processId: 'p1' }] },
        { groupId: 'nope', errorCode: 69 },
      ],
    });
    const bytes = encodeMessage(KIND, 0, response, DRAFT);
    expect(decodeMessage(KIND, 0, bytes, DRAFT).json).toEqual(response);
    expect(decodeMessage('StreamsGroupDescribeRequest', 0, encodeMessage('StreamsGroupDescribeRequest', 0, step.request as Record<string, unknown>, DRAFT), DRAFT).json).toEqual(step.request);
    // What the Hex tab shows: both sides encode.
    const wire = new WorkerApi().stepWire('StreamsGroupDescribe', 0, 'kip1071-draft', step.request, step.response);
    expect(wire.request).toMatchObject({ ok: true });
    expect(wire.response).toMatchObject({ ok: true, value: { hex: hex(bytes) } });
  });

  it('an empty requested id comes back with a null GroupId (⚠), which the Hex tab reports instead of crashing', () => {
    const step = run(['app', '']);
    expect(step.response).toMatchObject({ groups: [{ groupId: 'app' }, { groupId: null, errorCode: 24 }] });
    const wire = new WorkerApi().stepWire('StreamsGroupDescribe', 0, 'kip1071-draft', step.request, step.response);
    expect(wire.request).toMatchObject({ ok: true });
    expect(wire.response).toEqual({
      ok: false,
      kind: KIND,
      message: 'groups[1].groupId: null is not allowed (field GroupId is not nullable in v0; the Kafka writer would throw NullPointerException on it)',
    });
  });
});
