// Every example (static/examples) under each older Kafka release (4.1, 4.2, 4.3) on that release's own group
// coordinator shard (the shard engine built against the release's jars, oracle/harness/maven.ts; one JVM per release)
// and on the simulator run as that release. 4.4 runs every scenario file in shard.oracle.test.ts. An example runs as
// a release by its "kafka" field set to that line, its request versions fitted to the release, and a config the release
// lacks dropped where the example sets the value the release behaves as (src/core/oracle/generate/release.ts); one that
// the validator refuses as that release (a config, field or request
// version the release does not have), or a proposal, is listed in oracle/accepted.md ("release refused"); a step that
// still differs is listed there too ("release diff"), with its reason; anything else that differs fails, and so does
// an entry that no longer applies.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnShard, startShardEngine, type ShardEngine } from '../../src/cli/oracle/shard.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { fitForRelease } from '../../src/core/oracle/generate/release.ts';
import { RELEASE_PATCH, type KafkaRelease } from '../../src/core/releases/index.ts';
import { RELEASE_REFUSALS, RELEASE_STEP_DIFFS, unexplainedDiffs } from './accepted.ts';

const root = join(import.meta.dirname, '../..');
const examples = readdirSync(join(root, 'static/examples'))
  .filter((f) => f.endsWith('.json') && f !== 'index.json')
  .sort();

/** The older release lines checked here (4.4 is shard.oracle.test.ts's). */
const OLDER_RELEASES: readonly KafkaRelease[] = ['4.1', '4.2', '4.3'];

for (const release of OLDER_RELEASES) {
  const patch = RELEASE_PATCH[release];
  describe(`examples as Kafka ${release} on Kafka ${patch}'s coordinator (shard engine)`, () => {
    let engine: ShardEngine;
    beforeAll(async () => {
      engine = await startShardEngine(patch);
    }, 900_000);
    afterAll(async () => {
      await engine?.close();
    });

    for (const name of examples) {
      it(name, async () => {
        const doc = JSON.parse(readFileSync(join(root, 'static/examples', name), 'utf8')) as Record<string, unknown>;
        const refusedHere = RELEASE_REFUSALS.some((r) => r.release === release && r.file === name);
        // the draft edition has no releases: it stays as it is, and the engine refuses it as a proposal
        // as the release: its kafka field, and the configs it lacks dropped where the example sets the value the release behaves as
        const parsed = parseScenario(JSON.stringify(doc.protocol === 'kip1071-draft' ? doc : fitForRelease(doc, release, { configs: 'same' })));
        if (!parsed.ok) {
          const why = parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
          expect(refusedHere, `${name} is not valid as Kafka ${release} (${why}) but oracle/accepted.md does not list it ("release refused ${release}")`).toBe(true);
          return;
        }
        const result = await runOnShard(parsed.scenario, { file: name, engine, kafka: patch });
        if (result.refused) {
          expect(refusedHere, `${name} was refused as Kafka ${release} (${result.refused.join('; ')}) but oracle/accepted.md does not list it`).toBe(true);
          return;
        }
        expect(refusedHere, `${name} now runs as Kafka ${release}: remove "release refused ${release} \`${name}\`" from oracle/accepted.md`).toBe(false);
        const accepted = RELEASE_STEP_DIFFS.filter((d) => d.release === release && d.file === name).map((d) => d.step);
        const unexplained = result.steps.flatMap((s) =>
          accepted.includes(s.index + 1)
            ? []
            : unexplainedDiffs(s).map((d) => `step ${s.index + 1} (${s.label}): ${d.path}: playground ${JSON.stringify(d.playground)}, Kafka ${JSON.stringify(d.kafka)}`),
        );
        expect(unexplained, `${name} as Kafka ${release} differs from Kafka ${patch}'s coordinator`).toEqual([]);
        for (const step of accepted) expect(result.steps[step - 1]?.diffs.length ?? 0, `${name} step ${step} now agrees as Kafka ${release}: remove it from oracle/accepted.md`).toBeGreaterThan(0);
      });
    }

    if (release === '4.1')
      it('OffsetFetch of all topics: 4.1.2 GroupCoordinatorService.fetchAllOffsets (the shard engine routes a group without topics there, KafkaLine 4.1)', async () => {
        const commit = {
          send: 'OffsetCommit',
          data: { groupId: 'app', generationIdOrMemberEpoch: -1, memberId: '', topics: [{ name: 'in', partitions: [{ partitionIndex: 0, committedOffset: 7 }] }] },
        };
        const fetchAll = { send: 'OffsetFetch', version: 8, data: { groups: [{ groupId: 'app', topics: null }], requireStable: false } };
        const parsed = parseScenario(JSON.stringify({ kafka: '4.1', topics: [{ name: 'in', partitions: 1 }], clients: {}, steps: [commit, fetchAll] }));
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
        const result = await runOnShard(parsed.scenario, { file: 'fetch-all.json', engine, kafka: patch });
        const group = (result.steps[1]!.kafka.response as { groups: { errorCode: number; topics: { name: string }[] }[] }).groups[0]!;
        expect(group.errorCode).toBe(0);
        expect(group.topics.map((t) => t.name)).toEqual(['in']);
        expect(result.steps.flatMap((s) => unexplainedDiffs(s))).toEqual([]);
      });
  });
}
