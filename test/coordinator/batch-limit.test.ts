// Issue 13 (scale): a first target assignment whose records exceed message.max.bytes fails as one atomic
// batch, as in Kafka (RecordTooLargeException, answered UNKNOWN_SERVER_ERROR), and the narration says so;
// a larger message.max.bytes lets the same group stabilise.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

function run(maxBytes: number) {
  const clients = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, { processId: `p${i}` }]));
  const doc = {
    format: 1,
    config: { 'message.max.bytes': maxBytes },
    topics: [{ name: 'in', partitions: 40 }],
    topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
    clients,
    steps: [...Object.keys(clients).map((c) => ({ client: c, do: 'join' })), { advance: 3000 }],
  };
  const r = parseScenario(JSON.stringify(doc));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return runScenario(r.scenario).steps.at(-1)!;
}

describe('a target assignment larger than message.max.bytes', () => {
  it('fails as Kafka fails, and says so', () => {
    const step = run(4000);
    expect(step.timers.map((t) => t.effect)).toEqual(['initial rebalance delay ended: target assignment computed for epoch 41 failed: UNKNOWN_SERVER_ERROR']);
    expect(step.narration.join(' ')).toMatch(/message\.max\.bytes = 4000\): the operation is rolled back\. Kafka fails the same way: .*RecordTooLargeException, answered as UNKNOWN_SERVER_ERROR/);
    // a new group starts from the initial target-assignment metadata (epoch 1); the failed write leaves it there
    expect(step.group?.assignmentEpoch).toBe(1);
  });

  it('fits with a larger message.max.bytes', () => {
    const step = run(1048588);
    expect(step.timers.map((t) => t.effect)).toEqual(['initial rebalance delay ended: target assignment computed for epoch 41']);
    expect(step.group?.assignmentEpoch).toBe(41);
  });
});
