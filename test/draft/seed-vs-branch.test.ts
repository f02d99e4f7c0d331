// kip1071-draft: where the seed design (default) and the kip1071 branch (`draft.branch.defects`) disagree,
// found by replaying Kafka's tests (issue 11 items 3, 4 and 5).
import { describe, expect, it } from 'vitest';
import { draftBroker, expectReplayEqualsLive, hb, init, join, sub, types } from './helpers.ts';

const BRANCH = { 'draft.branch.defects': 'true' };

/** kip1071-draft §4.13 steps 1-5: A must release 0_2 to B and is UNREVOKED_TASKS at epoch 2. */
function revoking(config: Record<string, string> = {}) {
  const b = draftBroker({ input: 3 }, config);
  const A = join(b, '', { processId: 'p1' }).response.memberId as string;
  init(b, [sub('0', ['input'])]);
  hb(b, A, 1);
  const B = join(b, '', { processId: 'p2' }).response.memberId as string;
  hb(b, A, 2);
  expect(b.coordinator.groups.get('group-id')!.members.get(A)!.state).toBe('UNREVOKED_TASKS');
  return { b, A, B };
}

describe('item 5: a heartbeat that omits unchanged owned-task lists', () => {
  // seed 000 line 5: "Any other information that has not changed since the last heartbeat can be omitted"
  it('default (seed): an active-only report completes the revocation when the omitted roles have nothing pending', () => {
    const { b, A } = revoking();
    const r = hb(b, A, 2, { activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
    expect(types(r)).toEqual(['StreamsGroupCurrentMemberAssignment']);
    expect(r.batch!.records[0]!.value).toMatchObject({ memberEpoch: 3, previousMemberEpoch: 2, state: 1 });
    expect(r.response).toMatchObject({ errorCode: 0, memberEpoch: 3 });
    expect(b.coordinator.timerDeadline(`rebalance-timeout-group-id-${A}`)).toBeNull();
    expectReplayEqualsLive(b);
  });

  it('default (seed): an active-only report that still lists the revoked task does not complete it', () => {
    const { b, A } = revoking();
    const r = hb(b, A, 2, { activeTasks: [{ subtopologyId: '0', partitions: [0, 1, 2] }] });
    expect(types(r)).toEqual([]);
    expect(r.response).toMatchObject({ errorCode: 0, memberEpoch: 2 });
  });

  it('default (seed): omitting the list of the role with pending tasks does not complete it', () => {
    const { b, A } = revoking();
    const r = hb(b, A, 2, { standbyTasks: [], warmupTasks: [] });
    expect(types(r)).toEqual([]);
    expect(r.response).toMatchObject({ memberEpoch: 2 });
  });

  it('branch defects (kip1071-draft §11 item 10): a null list always counts as owning, so the active-only report changes nothing', () => {
    const { b, A } = revoking(BRANCH);
    const r = hb(b, A, 2, { activeTasks: [{ subtopologyId: '0', partitions: [0, 1] }] });
    expect(types(r)).toEqual([]);
    expect(r.response).toMatchObject({ errorCode: 0, memberEpoch: 2 });
    expect(b.coordinator.groups.get('group-id')!.members.get(A)!.state).toBe('UNREVOKED_TASKS');
  });
});
