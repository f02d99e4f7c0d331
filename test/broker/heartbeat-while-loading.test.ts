// StreamsGroupHeartbeat while a new coordinator loads the partition: GroupCoordinatorService.streamsGroupHeartbeat
// (Kafka 4.4.0) validates the request (throwIfStreamsGroupHeartbeatRequestIsInvalid) before it schedules the write
// on the runtime, which answers COORDINATOR_LOAD_IN_PROGRESS: an invalid request gets its own error first.
import { describe, expect, it } from 'vitest';
import { Harness, topologyX } from '../conformance/harness.ts';

const join = (groupId: string) => ({
  groupId,
  memberId: 'A',
  memberEpoch: 0,
  rebalanceTimeoutMs: 300000,
  topology: topologyX(),
  processId: 'pA',
  activeTasks: [],
  standbyTasks: [],
  warmupTasks: [],
  clientTags: [],
});

describe('StreamsGroupHeartbeat during a coordinator load', () => {
  it('an empty group id: INVALID_REQUEST, not COORDINATOR_LOAD_IN_PROGRESS', () => {
    const h = new Harness();
    h.broker.failover(1000);
    const r = h.hb(join(''));
    expect(r.error).toBe('INVALID_REQUEST');
    expect(r.message).toBe("GroupId can't be empty.");
  });

  it('a valid join: COORDINATOR_LOAD_IN_PROGRESS until the load ends, then it joins', () => {
    const h = new Harness();
    h.broker.failover(1000);
    expect(h.hb(join('g')).error).toBe('COORDINATOR_LOAD_IN_PROGRESS');
    h.advance(1000);
    expect(h.hb(join('g')).error).toBe('NONE');
  });
});
