// Hand-built trace pieces for matcher, formatter and CLI tests.
import type { Trace, TraceGroupView, TraceMemberView, TraceStep } from '../../src/core/scenario/types.ts';

const none = () => ({ active: {}, standby: {}, warmup: {} });

export function member(memberId: string, alias: string | null, over: Partial<TraceMemberView> = {}): TraceMemberView {
  return {
    memberId,
    alias,
    instanceId: null,
    processId: 'p1',
    memberEpoch: 2,
    previousMemberEpoch: 1,
    state: 'STABLE',
    topologyEpoch: 0,
    assigned: none(),
    pendingRevocation: none(),
    target: null,
    ...over,
  };
}

export function group(members: TraceMemberView[], over: Partial<TraceGroupView> = {}): TraceGroupView {
  return {
    groupId: 'app',
    state: 'Stable',
    groupEpoch: 2,
    assignmentEpoch: 2,
    validatedTopologyEpoch: 0,
    topologyEpoch: 0,
    members: Object.fromEntries(members.map((m) => [m.memberId, m])),
    internalTopics: {},
    topicProblem: null,
    ...over,
  };
}

export function step(index: number, over: Partial<TraceStep> = {}): TraceStep {
  return {
    index,
    label: '',
    time: 0,
    kind: 'advance',
    member: null,
    api: null,
    version: null,
    request: null,
    response: null,
    errorName: null,
    records: [],
    timers: [],
    exchanges: [],
    group: null,
    narration: [],
    mismatches: [],
    violations: [],
    durability: null,
    ...over,
  };
}

export function sampleTrace(): Trace {
  const a = member('a-1', 'a', { assigned: { active: { '0': [0, 1] }, standby: {}, warmup: {} } });
  return {
    title: 'Sample',
    protocol: 'ak4',
    variant: 'current',
    topics: { input: 2, 'app-repartition': 2 },
    steps: [
      step(0, {
        label: 'a joins',
        kind: 'client',
        member: 'a',
        api: 'StreamsGroupHeartbeat',
        version: 1,
        request: { groupId: 'app', memberId: 'a-1', memberEpoch: 0 },
        response: { errorCode: 0, memberId: 'a-1', memberEpoch: 1 },
        errorName: 'NONE',
        records: [
          { offset: 0, type: 'StreamsGroupMemberMetadata', key: { groupId: 'app', memberId: 'a-1' }, value: { processId: 'p1' } },
          { offset: 1, type: 'StreamsGroupMetadata', key: { groupId: 'app' }, value: { epoch: 1 } },
        ],
        group: group([a], { groupEpoch: 1, assignmentEpoch: 1 }),
        narration: ['a joins the group; the group epoch goes to 1.'],
      }),
      step(1, {
        label: 'session expires',
        time: 45000,
        records: [{ offset: 2, type: 'StreamsGroupCurrentMemberAssignment', key: { groupId: 'app', memberId: 'a-1' }, value: null }],
        timers: [{ at: 45000, key: 'session-timeout-app-a-1', effect: 'fenced member a' }],
        group: group([], { state: 'Empty', groupEpoch: 3, assignmentEpoch: 3 }),
        mismatches: [{ path: '$.steps[1].expect.group.state', expected: 'Stable', actual: 'Empty' }],
      }),
      step(2, {
        label: 'run a minute',
        time: 105000,
        kind: 'run',
        exchanges: [{ at: 50000, member: 'b', request: {}, response: { memberEpoch: 4 }, errorName: 'NONE' }],
      }),
    ],
  };
}
