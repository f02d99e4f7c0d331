// The refined assignment a streams group caches per assignment epoch (Kafka 4.4.0 StreamsGroup.refinedAssignment,
// GroupMetadataManager.refinedAssignmentForEpoch and maybeCacheRefinedAssignment): with warm-ups on, the target map a
// heartbeat computed is cached as a snapshot; a later heartbeat at the same assignment epoch reads the snapshot, even
// for a member whose target record was deleted when it left.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

function run(warmups: number | undefined) {
  const doc = JSON.parse(readFileSync('test/oracle/shard/scenarios/refined-assignment-after-rejoin.json', 'utf8')) as { config: Record<string, unknown> };
  if (warmups !== undefined) doc.config['group.streams.num.warmup.replicas'] = warmups;
  const p = parseScenario(JSON.stringify(doc));
  if (!p.ok) throw new Error('the scenario does not parse');
  const rejoin = runScenario(p.scenario).steps[4]!;
  return rejoin.response as { memberEpoch: number; activeTasks: { subtopologyId: string; partitions: number[] }[] };
}

describe('the cached refined assignment', () => {
  it("a member that left and rejoins within the assignment interval gets its old target from epoch 3's snapshot", () => {
    const r = run(undefined);
    expect(r.memberEpoch).toBe(3);
    expect(r.activeTasks).toEqual([{ subtopologyId: '0', partitions: [0, 2, 4] }]);
  });

  it('without warm-ups nothing is cached: the rejoining member has no target until the next assignment', () => {
    const r = run(0);
    expect(r.activeTasks).toEqual([]);
  });
});
