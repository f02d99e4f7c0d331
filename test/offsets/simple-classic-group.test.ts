// An admin OffsetCommit (epoch -1, no member id) to a group id that does not exist creates a simple classic group
// (OffsetMetadataManager.validateOffsetCommit → getOrMaybeCreateClassicGroup; ClassicGroup.validateOffsetCommit), as in
// the published 4.4.0 group coordinator (issue 11 item 7).
import { describe, expect, it } from 'vitest';
import type { RpcOutcome } from '../../src/core/broker/broker.ts';
import { Coordinator } from '../../src/core/coordinator/runtime.ts';
import { broker, CLIENT, commit, G, join, TOPOLOGY } from './helpers.ts';

const types = (o: RpcOutcome) => (o.batch?.records ?? []).map((r) => `${r.type}${r.value === null ? '(tombstone)' : ''}`);

describe('simple classic group', () => {
  it('the admin commit is accepted (v9 and older) and writes only OffsetCommit records; the group is Empty and holds the offsets', () => {
    const b = broker();
    const r = commit(b, '', -1, { orders: [0, 1] });
    expect(r.errorName).toBe('NONE');
    expect(types(r)).toEqual(['OffsetCommit', 'OffsetCommit']);
    const g = b.coordinator.groups.get(G)!;
    expect(g.classic).toBe(true);
    expect(b.coordinator.stateOf(G)).toBe('Empty');
    expect(Object.keys(g.offsets.toObject().orders!)).toEqual(['0', '1']);
    // ClassicGroup.validateOffsetCommit: any negative generation commits on an Empty group, old versions too
    expect(commit(b, 'x', -5, { orders: [0] }, 2).errorName).toBe('NONE');
    // a non-negative generation names a member the group does not have
    expect(commit(b, 'x', 1, { orders: [0] }).errorName).toBe('UNKNOWN_MEMBER_ID');
    // a fresh coordinator rebuilds it from the OffsetCommit records alone
    const loaded = new Coordinator(b.coordinator.options, b.coordinator.log.clone(), b.coordinator.now);
    expect(loaded.groups.get(G)).toMatchObject({ classic: true });
    expect(loaded.groups.get(G)!.offsets.toObject()).toEqual(g.offsets.toObject());
  });

  it('streams RPCs other than a join: GROUP_ID_NOT_FOUND "Group … is not a streams group."', () => {
    const b = broker();
    commit(b, '', -1, { orders: [0] });
    const hb = b.send('StreamsGroupHeartbeat', 1, { groupId: G, memberId: 'a', memberEpoch: 3, activeTasks: null, standbyTasks: null, warmupTasks: null }, CLIENT);
    expect(hb.response).toMatchObject({ errorCode: 69, errorMessage: `Group ${G} is not a streams group.` });
    const leave = b.send('StreamsGroupHeartbeat', 1, { groupId: G, memberId: 'a', memberEpoch: -1 }, CLIENT);
    expect(leave.response).toMatchObject({ errorCode: 69, errorMessage: `Group ${G} is not a streams group.` });
    const d = b.send('StreamsGroupDescribe', 0, { groupIds: [G] }, CLIENT).response as { groups: { errorCode: number; errorMessage: string }[] };
    expect(d.groups[0]).toMatchObject({ errorCode: 69, errorMessage: `Group ${G} is not a streams group.` });
  });

  it('a streams join converts the empty classic group (GroupMetadata tombstone first); the offsets stay', () => {
    const b = broker();
    commit(b, '', -1, { orders: [0] });
    const r = join(b, 'a');
    expect(r.errorName).toBe('NONE');
    expect(types(r)[0]).toBe('GroupMetadata(tombstone)');
    expect(r.batch!.records[0]!.key).toEqual({ group: G });
    const g = b.coordinator.groups.get(G)!;
    expect(g.classic).toBe(false);
    expect(g.members.has('a')).toBe(true);
    expect(Object.keys(g.offsets.toObject())).toEqual(['orders']);
    const loaded = new Coordinator(b.coordinator.options, b.coordinator.log.clone(), b.coordinator.now);
    expect(loaded.groups.get(G)).toMatchObject({ classic: false, groupEpoch: g.groupEpoch });
    expect(loaded.groups.get(G)!.offsets.toObject()).toEqual(g.offsets.toObject());
    void TOPOLOGY;
  });

  it('expiry: its offsets expire by commit time; then the retention check deletes it with a GroupMetadata tombstone', () => {
    const b = broker({ 'offsets.retention.minutes': 1, 'offsets.retention.check.interval.ms': 30000 });
    commit(b, '', -1, { orders: [0] });
    const fired = b.advance(90000);
    const batches = fired.filter((f) => f.batch !== null).flatMap((f) => f.batch!.records.map((x) => `${x.type}${x.value === null ? '(tombstone)' : ''}`));
    expect(batches).toEqual(['OffsetCommit(tombstone)', 'GroupMetadata(tombstone)']);
    expect(b.coordinator.groups.has(G)).toBe(false);
    const loaded = new Coordinator(b.coordinator.options, b.coordinator.log.clone(), b.coordinator.now);
    expect(loaded.groups.has(G)).toBe(false);
  });
});
