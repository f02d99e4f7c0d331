// Differential test (issue 11 item 8): the playground's sticky assignor against Kafka's own StickyTaskAssignor
// (kafka-group-coordinator 4.4.0 from Maven, run by oracle/…/AssignorRunner.java) on 1,200 seeded random inputs
// and four inputs of the assignor benchmark's largest shape.
// Needs Java 17 and Maven; run with `npm run test:oracle` (the default `npm test` leaves *.oracle.test.ts out).
import { beforeAll, describe, expect, it } from 'vitest';
import { benchmarkInputs, randomInput, runPlayground, type AssignorInput, type AssignorOutput } from './assignorInputs.ts';
import { oracleClasspath, runJsonLines } from './javaOracle.ts';

const RUNNER = 'dev.sgp.oracle.AssignorRunner';
let classpath = '';

beforeAll(() => {
  classpath = oracleClasspath();
}, 15 * 60_000);

function processMember(i: number, processId: string) {
  return { memberId: `m${i}`, instanceId: null, rackId: null, processId, clientTags: {}, active: {}, standby: {}, warmup: {}, taskOffsets: {}, taskEndOffsets: {} };
}

describe('StickyTaskAssignor = Kafka 4.4.0', () => {
  it("the issue's minimal case: the second standby goes to m5 (processes filled by computeIfAbsent)", () => {
    const shared = '75b9b4f6-ec01-e14f-e860-c891bb9fa962';
    const input: AssignorInput = {
      id: 0,
      subtopologies: [{ id: '0', partitions: 1, stateful: true }],
      configs: { 'num.standby.replicas': '2' },
      members: Array.from({ length: 8 }, (_, i) => processMember(i, i === 5 || i === 7 ? shared : `p${i}`)),
    };
    const [java] = runJsonLines<AssignorInput, AssignorOutput>(classpath, RUNNER, [input]);
    expect(java).toMatchObject({ members: { m5: { standby: { '0': [0] } } } });
    expect(runPlayground(input)).toEqual(java);
  });

  it("1,200 seeded random inputs and the benchmark's shapes give identical assignments (or the same exception)", () => {
    const inputs = [...Array.from({ length: 1200 }, (_, i) => randomInput(i + 1)), ...benchmarkInputs(100001)];
    const java = runJsonLines<AssignorInput, AssignorOutput>(classpath, RUNNER, inputs);
    expect(java.length).toBe(inputs.length);
    const differing: number[] = [];
    for (let i = 0; i < inputs.length; i++) {
      const ours = runPlayground(inputs[i]!);
      if (JSON.stringify(ours) !== JSON.stringify(java[i])) differing.push(inputs[i]!.id);
    }
    // the first differing input in full, for the report
    if (differing.length > 0) {
      const first = inputs.find((x) => x.id === differing[0])!;
      expect({ input: first, ours: runPlayground(first) }).toEqual({ input: first, ours: java.find((j) => j.id === first.id) });
    }
    expect(differing).toEqual([]);
  });
});
