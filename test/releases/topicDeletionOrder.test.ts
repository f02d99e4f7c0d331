// The offset tombstones of a deleted topic (topicDeletionByPartitionList): Kafka 4.2.2's broker hands the group
// coordinator the deleted topics' partitions (GroupCoordinatorShard.onPartitionsDeleted), and
// OffsetMetadataManager.onPartitionsDeleted walks each group's topics in its table's order and, for a deleted one,
// the listed partitions 0…n-1 in that order; 4.4.0's OffsetMetadataManager.onTopicsDeleted walks the deleted topics and
// each one's partitions in its table's order. Checked on the 4.2.2 and 4.4.0 shard engines.
import { describe, expect, it } from 'vitest';
import type { KafkaRelease } from '../../src/core/releases/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

const partition = (index: number) => ({ partitionIndex: index, committedOffset: 7, committedLeaderEpoch: -1, committedMetadata: null });

/** Admin commits (in1: partition 2, then 0 and 1; in0: partition 1, when `alsoIn0`), then the topics are deleted: the tombstones. */
function tombstones(kafka: KafkaRelease, deleted: string[], alsoIn0 = false): string[] {
  const topics = [{ name: 'in1', partitions: [partition(2)] }, { name: 'in1', partitions: [partition(0), partition(1)] }, ...(alsoIn0 ? [{ name: 'in0', partitions: [partition(1)] }] : [])];
  const doc = {
    format: 1,
    protocol: 'ak4',
    kafka,
    groupId: 'app',
    topics: [
      { name: 'in0', partitions: 4 },
      { name: 'in1', partitions: 3 },
    ],
    topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'] }] },
    clients: {},
    steps: [{ send: 'OffsetCommit', version: 8, data: { groupId: 'app', memberId: '', generationIdOrMemberEpoch: -1, groupInstanceId: null, topics } }, { topics: { delete: deleted } }],
  };
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) throw new Error(`${parsed.errors[0]?.path}: ${parsed.errors[0]?.message}`);
  const trace = runScenario(parsed.scenario);
  expect(trace.steps[0]!.errorName).toBe('NONE');
  return trace.steps[1]!.records.filter((r) => r.type === 'OffsetCommit' && r.value === null).map((r) => `${String(r.key.topic)}:${String(r.key.partition)}`);
}

describe('offsets of a deleted topic: the order of their tombstones', () => {
  it('4.2 (OffsetMetadataManager.onPartitionsDeleted): the deleted partitions in ascending order; 4.4 (onTopicsDeleted): the partition table order', () => {
    expect(tombstones('4.2', ['in1'])).toEqual(['in1:0', 'in1:1', 'in1:2']);
    expect(tombstones('4.4', ['in1'])).toEqual(['in1:0', 'in1:2', 'in1:1']);
  });

  it("4.2: the group's topics in its table's order, whatever the order the topics were deleted in", () => {
    expect(tombstones('4.2', ['in1', 'in0'], true)).toEqual(['in1:0', 'in1:1', 'in1:2', 'in0:1']);
    expect(tombstones('4.2', ['in0', 'in1'], true)).toEqual(['in1:0', 'in1:1', 'in1:2', 'in0:1']);
  });
});
