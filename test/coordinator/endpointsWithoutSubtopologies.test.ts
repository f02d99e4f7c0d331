// Kafka 4.4.0 defect, reproduced (issue 18): EndpointToPartitionsManager.endpointToPartitions reads
// group.configuredTopology().flatMap(ConfiguredTopology::subtopologies).get(). When configuring the topology failed
// (InternalTopicManager.configureTopics caught a TopicConfigurationException: missing source topics, inconsistent
// internal topics), the configured topology has no subtopologies, so a heartbeat that must send
// partitionsByUserEndpoint for a member with an endpoint throws NoSuchElementException: UNKNOWN_SERVER_ERROR, no
// records. What GroupMetadataManager.streamsGroupHeartbeat changed before that point stays (CoordinatorRuntime reverts
// nothing for a failed operation): the timers and the group's fields (StreamsGroup.endpointInformationEpoch).
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

const endpoint = (port: number) => ({ userEndpoint: { host: 'h', port } });
// in0 does not exist: STREAMS_MISSING_SOURCE_TOPICS configures no subtopologies
const withoutSource = () => new Harness({ topics: [['other', 1]] });

describe('a heartbeat that needs endpoint partitions while the topology has none', () => {
  it('a join with an endpoint onto a topology whose source topic is missing: UNKNOWN_SERVER_ERROR, null message, no records, no group', () => {
    const h = withoutSource();
    const r = h.join('A', 'pA', undefined, endpoint(1));
    expect(r.error).toBe('UNKNOWN_SERVER_ERROR');
    expect(r.message).toBeNull();
    expect(r.res).toMatchObject({ errorCode: -1, errorMessage: null, memberId: '', memberEpoch: 0 });
    expect(h.logSize()).toBe(0);
    expect(h.group).toBeUndefined();
    // CoordinatorTimer scheduled the session timeout before the exception; nothing cancels it
    expect(h.sessionDeadline('A')).toBe(45000);
  });

  it('without any endpoint the same join succeeds (status MISSING_SOURCE_TOPICS)', () => {
    const h = withoutSource();
    const r = h.join('A', 'pA');
    expect(r.error).toBe('NONE');
    expect((r.res.status as { statusCode: number }[]).map((s) => s.statusCode)).toContain(1);
  });

  it("an existing group: a member without an endpoint fails once another member has one, and the group's endpoint information epoch keeps the bump", () => {
    const h = withoutSource();
    const a = h.join('A', 'pA');
    expect(a.error).toBe('NONE');
    expect(h.group!.endpointInformationEpoch).toBe(0);
    const size = h.logSize();
    expect(h.join('B', 'pB', undefined, endpoint(2)).error).toBe('UNKNOWN_SERVER_ERROR');
    expect(h.logSize()).toBe(size);
    expect(h.group!.members.has('B')).toBe(false);
    // setEndpointInformationEpoch (a plain int) ran before buildEndpointToPartitions threw
    expect(h.group!.endpointInformationEpoch).toBe(1);
    // A's next heartbeat answers that epoch
    const next = h.beat('A', a.res.memberEpoch as number, null, { endpointInformationEpoch: 1 });
    expect(next.error).toBe('NONE');
    expect(next.res.endpointInformationEpoch).toBe(1);
  });

  it('once the source topic exists the configured topology has subtopologies and the join with an endpoint succeeds', () => {
    const h = new Harness({
      topics: [
        ['in0', 2],
        ['app-0-changelog', 2],
      ],
    });
    const r = h.join('A', 'pA', undefined, endpoint(1));
    expect(r.error).toBe('NONE');
    expect(r.res.partitionsByUserEndpoint).toEqual([{ userEndpoint: { host: 'h', port: 1 }, activePartitions: [{ topic: 'in0', partitions: [0, 1] }], standbyPartitions: [] }]);
  });
});
