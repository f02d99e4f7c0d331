// StreamsGroup.asDescribedGroup (Kafka 4.4.0) describes the configured topology read at the committed offset when it
// is ready, and the stored topology (StreamsTopology.asStreamsGroupDescribeTopology: the record's lists, duplicates and
// unresolved partition counts kept) otherwise. The configured topology is a TimelineObject: a join that creates the
// group sets it on a group object that replay then replaces, and a heartbeat that configures it without writing records
// changes it only in memory, so reads see it once a later write appends records (CoordinatorRuntime snapshots every
// timeline structure at the new offset).
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

type DescribedTopic = { name: string; partitions: number };
type DescribedSub = { sourceTopics: string[]; stateChangelogTopics: DescribedTopic[] };

function topologyOf(h: Harness): DescribedSub[] {
  const res = h.describe().response as { groups: { topology: { subtopologies: DescribedSub[] } | null }[] };
  return res.groups[0]!.topology!.subtopologies;
}

const withDelay = () =>
  new Harness({
    config: { 'group.streams.initial.rebalance.delay.ms': 3000 },
    topics: [
      ['in0', 2],
      ['app-0-changelog', 2],
    ],
  });

describe('StreamsGroupDescribe: the configured topology as committed (StreamsGroup.asDescribedGroup)', () => {
  it('after the join that created the group: the stored topology (changelog partitions 0)', () => {
    const h = withDelay();
    expect(h.join('A', 'pA').error).toBe('NONE');
    expect(topologyOf(h)[0]!.stateChangelogTopics).toEqual([expect.objectContaining({ name: 'app-0-changelog', partitions: 0 })]);
  });

  it('a heartbeat that configures the topology without records leaves the stored topology described', () => {
    const h = withDelay();
    const j = h.join('A', 'pA');
    const size = h.logSize();
    expect(h.beat('A', j.res.memberEpoch as number).error).toBe('NONE');
    expect(h.logSize()).toBe(size);
    // in memory the group has its configured topology ...
    expect(h.group!.configuredTopology).not.toBeNull();
    // ... which reads at the committed offset do not see yet
    expect(topologyOf(h)[0]!.stateChangelogTopics[0]!.partitions).toBe(0);
  });

  it('the next write with records (the delayed target assignment) commits it: partition counts resolved', () => {
    const h = withDelay();
    const j = h.join('A', 'pA');
    h.beat('A', j.res.memberEpoch as number);
    expect(h.advance(3000).some((f) => f.batch !== null)).toBe(true);
    expect(topologyOf(h)[0]!.stateChangelogTopics[0]!.partitions).toBe(2);
  });

  it('a stored topology keeps a source topic listed twice (the configured one is a set)', () => {
    const h = withDelay();
    const topology = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0', 'in0'], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0 }] }] };
    const j = h.join('A', 'pA', topology);
    expect(j.error).toBe('NONE');
    h.beat('A', j.res.memberEpoch as number);
    expect(topologyOf(h)[0]!.sourceTopics).toEqual(['in0', 'in0']);
    h.advance(3000);
    expect(topologyOf(h)[0]!.sourceTopics).toEqual(['in0']);
  });
});
