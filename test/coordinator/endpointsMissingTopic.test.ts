// Endpoint information when a topic of an assigned task is gone from the metadata image (Kafka 4.4.0):
// EndpointToPartitionsManager.topicPartitionListForTask throws IllegalStateException ("Topic … not found in metadata
// image") for a source or repartition source topic the image lacks. Deleting an internal repartition topic leaves the
// configured topology's subtopologies in place (InternalTopicManager.configureTopics answers MISSING_INTERNAL_TOPICS
// with them), so a heartbeat that lists the endpoints of a member owning a task that reads it fails with
// UNKNOWN_SERVER_ERROR.
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

const topology = {
  epoch: 0,
  subtopologies: [
    { subtopologyId: '0', sourceTopics: ['in0'], repartitionSinkTopics: ['app-rep-repartition'] },
    { subtopologyId: '1', repartitionSourceTopics: [{ name: 'app-rep-repartition', partitions: 2 }] },
  ],
};
const endpoint = { host: 'host-d', port: 9003 };
// the assignment interval keeps the member's tasks after the deletion (the next target waits)
const DELAYED_TARGET = { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 1000 };

describe('endpoint information with a deleted repartition topic (EndpointToPartitionsManager.topicPartitionListForTask)', () => {
  it('the heartbeat that lists the endpoints fails with UNKNOWN_SERVER_ERROR', () => {
    const h = new Harness({ topics: [['in0', 2]], config: DELAYED_TARGET });
    h.join('D', 'pD', topology, { userEndpoint: endpoint });
    // the join created the missing internal topic; the next heartbeat, an interval later, is assigned every task
    h.advance(1000);
    const beat = h.beat('D', h.member('D').memberEpoch, null, { endpointInformationEpoch: -1 });
    expect(beat.error).toBe('NONE');
    expect(beat.res.partitionsByUserEndpoint).toEqual([
      {
        userEndpoint: endpoint,
        activePartitions: [
          { topic: 'in0', partitions: [0, 1] },
          { topic: 'app-rep-repartition', partitions: [0, 1] },
        ],
        standbyPartitions: [],
      },
    ]);
    h.broker.changeTopics({ delete: ['app-rep-repartition'] });
    const failed = h.beat('D', h.member('D').memberEpoch, null, { endpointInformationEpoch: -1 });
    expect(failed.error).toBe('UNKNOWN_SERVER_ERROR');
    expect(failed.records).toEqual([]);
  });

  it('a member that is not sent the endpoint information is answered', () => {
    const h = new Harness({ topics: [['in0', 2]], config: DELAYED_TARGET });
    h.join('D', 'pD', topology, { userEndpoint: endpoint });
    h.advance(1000);
    const beat = h.beat('D', h.member('D').memberEpoch, null, { endpointInformationEpoch: -1 });
    h.broker.changeTopics({ delete: ['app-rep-repartition'] });
    const ok = h.beat('D', h.member('D').memberEpoch, null, { endpointInformationEpoch: beat.res.endpointInformationEpoch });
    expect(ok.error).toBe('NONE');
    expect(ok.res.status).toEqual([
      { statusCode: 5, statusDetail: 'Assignment delayed due to the configured assignment interval.' },
      { statusCode: 3, statusDetail: 'Internal topics are missing: app-rep-repartition' },
    ]);
  });
});
