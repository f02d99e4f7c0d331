// Generated sequences over the whole scenario space (src/core/oracle/generate, exact mode) on each Kafka release's own
// group coordinator shard, in process and on the scenario's clock, and on the simulator run as that release: Kafka
// 4.4.0 (SGP_ORACLE_SHARD_SEQUENCES, default 5000) and 4.1.2, 4.2.2, 4.3.2 (SGP_ORACLE_RELEASE_SEQUENCES, default 1000
// each, what fits CI's 25 minutes; an older release runs each generated scenario with its "kafka" field set to the line and its request versions
// fitted to the release, src/core/oracle/generate/release.ts), of SGP_ORACLE_STEPS
// (default 24) steps from SGP_ORACLE_SEED_OFFSET (default 0). SGP_ORACLE_SHARD_ENGINES (default 2) JVMs per release
// share the work, one sequence at a time each (an engine's reset is global).
// Prints the coverage table; each kind of divergence is shrunk to a minimal scenario in oracle/found/ and fails the
// test, unless oracle/accepted.md explains it ("generated diff") or the release's open list names that seed with that
// kind (oracle/generated-open.md for 4.4, oracle/generated-open-4.N.md for an older line). The default 4.4 run also
// fails on an accepted kind that no longer occurs, and on anything the playground can produce that no sequence reached;
// every default run fails on a listed open seed that agrees again. SGP_ORACLE_WRITE_OPEN=1 rewrites an older release's
// open list from its run instead (a release model change moves it; review the diff).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnShard, startShardEngine, type ShardEngine } from '../../src/cli/oracle/shard.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { fitForRelease } from '../../src/core/oracle/generate/release.ts';
import { RELEASE_PATCH, type KafkaRelease } from '../../src/core/releases/index.ts';
import { generatedOpen, generatedOpenFile } from './accepted.ts';
import { runGenerated, sizeFromEnvironment, type GeneratedSize } from './generatedSequences.ts';

const ENGINES = Math.max(1, Number(process.env.SGP_ORACLE_SHARD_ENGINES ?? 2));
const WRITE_OPEN = process.env.SGP_ORACLE_WRITE_OPEN === '1';

const RUNS: { release: KafkaRelease; size: GeneratedSize }[] = [
  { release: '4.4', size: sizeFromEnvironment('SGP_ORACLE_SHARD_SEQUENCES', 5000) },
  ...(['4.1', '4.2', '4.3'] as const).map((release) => ({ release, size: sizeFromEnvironment('SGP_ORACLE_RELEASE_SEQUENCES', 1000) })),
];

/** An older release's open list, as oracle/generated-open-4.N.md holds it (SGP_ORACLE_WRITE_OPEN=1). */
function writeOpenList(release: KafkaRelease, size: GeneratedSize, known: { seed: number; signature: string }[]): void {
  const byKind = new Map<string, number[]>();
  for (const k of [...known].sort((a, b) => a.seed - b.seed)) byKind.set(k.signature, [...(byKind.get(k.signature) ?? []), k.seed]);
  const kinds = [...byKind].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  const lines = [
    `# Open divergences of the default generated run under Kafka ${release} (shard engine, Kafka ${RELEASE_PATCH[release]}'s jars)`,
    '',
    `\`test/oracle/generated.shard.oracle.test.ts\` runs ${size.count} generated sequences (seeds 1–${size.count}, ${size.steps} steps) as Kafka ${release}`,
    `on Kafka ${RELEASE_PATCH[release]}'s own coordinator and on the simulator. ${known.length} of them still diverge, in ${byKind.size} kinds: simulator gaps of`,
    'the release model (src/core/releases/) **not yet settled**, not explained differences. Each line tolerates one',
    "sequence's divergence of one kind; the run fails when any other sequence diverges, when a listed one diverges with",
    'another kind, and when a listed one agrees again. `SGP_ORACLE_WRITE_OPEN=1` rewrites this file from a run (review',
    'the diff: every line that goes is progress, every line that comes is a regression to explain).',
    '',
    "The kind is the step's action and the first differing field path, as the suite prints it.",
    '',
  ];
  for (const [kind, seeds] of kinds) {
    lines.push(`## \`${kind}\` (${seeds.length})`, '');
    for (const seed of seeds) lines.push(`- generated open seed ${seed} \`${kind}\``);
    lines.push('');
  }
  writeFileSync(join(import.meta.dirname, '../../oracle', generatedOpenFile(release)), lines.join('\n'));
}

for (const { release, size } of RUNS) {
  const patch = RELEASE_PATCH[release];
  const open = generatedOpen(release);
  const writing = WRITE_OPEN && release !== '4.4' && size.isDefault;
  describe(`${size.count} generated sequences of ${size.steps} steps as Kafka ${release} on Kafka ${patch}'s coordinator (shard engine)`, () => {
    let engines: ShardEngine[] = [];
    beforeAll(async () => {
      engines = await Promise.all(Array.from({ length: ENGINES }, () => startShardEngine(patch)));
    }, 900_000);
    afterAll(async () => {
      await Promise.all(engines.map((e) => e.close()));
    });

    /** The engines not running a sequence now; runSequences keeps at most ENGINES in flight, so one is always free. */
    const idle: ShardEngine[] = [];

    async function run(doc: Record<string, unknown>) {
      // an older release runs the generated scenario as that release, its request versions fitted to it (4.4's run is the scenario as generated)
      const parsed = parseScenario(JSON.stringify(release === '4.4' ? doc : fitForRelease(doc, release)));
      if (!parsed.ok) throw new Error(`generated scenario is invalid as Kafka ${release}: ${parsed.errors[0]?.path}: ${parsed.errors[0]?.message}`);
      const engine = idle.pop();
      if (!engine) throw new Error('no idle shard engine: more sequences in flight than engines');
      try {
        return await runOnShard(parsed.scenario, { file: 'generated.json', engine, kafka: patch });
      } finally {
        idle.push(engine);
      }
    }

    it(
      'agree with the simulator (0 unexplained divergences)' + (release === '4.4' ? ', and reach everything the playground can produce' : ''),
      async () => {
        idle.push(...engines);
        const { report, text, failures } = await runGenerated({
          engine: { name: release === '4.4' ? 'shard' : `shard-${release}`, mode: 'exact', run },
          size,
          concurrency: engines.length,
          failoverEvery: 0,
          shrinkRuns: 60,
          open: { list: open, file: `oracle/${generatedOpenFile(release)}` },
          // the shard engine and the generator are deterministic: the default 4.4 run meets the same kinds every time
          checkAcceptedStillOccur: size.isDefault && release === '4.4',
          checkNothingUnreached: size.isDefault && release === '4.4',
          kafka: release === '4.4' ? undefined : release,
          rewritingOpenList: writing,
        });
        if (writing) writeOpenList(release, size, report.known);
        process.stdout.write(text);
        expect(failures).toEqual([]);
      },
      // about 50 ms a sequence on an idle machine; room for a loaded one and for shrinking
      600_000 + size.count * 400,
    );
  });
}
