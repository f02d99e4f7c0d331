// Makes static/examples/25-real-kafka-streams-app.json from a real Kafka Streams application's request log.
//
//   npx tsx oracle/scripts/streams-example.ts             run CountApp on Kafka 4.4.0 (Java 17 + Maven; about a minute),
//                                                         write oracle/traces/word-count.{request.log,run.json}, build the example
//   npx tsx oracle/scripts/streams-example.ts --rebuild   build the example again from the committed trace (no Kafka)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ORACLE_DIR } from '../harness/maven.ts';
import { buildExample, EXAMPLE_FILE, EXAMPLE_SUMMARY, EXAMPLE_TITLE, streamsGroupLines, type TraceRun } from '../harness/streamsExample.ts';

const TRACES = join(ORACLE_DIR, 'traces');
const LOG = join(TRACES, 'word-count.request.log');
const RUN = join(TRACES, 'word-count.run.json');
const EXAMPLES = join(ORACLE_DIR, '..', 'static', 'examples');

async function main(): Promise<void> {
  if (!process.argv.includes('--rebuild')) {
    const { runStreamsApp } = await import('../harness/streamsApp.ts');
    const r = await runStreamsApp({ log: (l) => process.stderr.write(`${l}\n`) });
    const run: TraceRun = {
      kafkaVersion: '4.4.0',
      applicationId: r.applicationId,
      partitions: r.partitions,
      groupConfigs: r.groupConfigs,
      brokerConfigs: Object.fromEntries(Object.entries(r.brokerConfigs).filter(([k]) => k.startsWith('group.') || k.startsWith('offsets.'))),
      startedAtMs: r.startedAtMs,
      events: r.events,
      describe: r.describe,
    };
    mkdirSync(TRACES, { recursive: true });
    writeFileSync(LOG, streamsGroupLines(r.requestLog, r.applicationId));
    writeFileSync(RUN, JSON.stringify(run, null, 2) + '\n');
  }
  const run = JSON.parse(readFileSync(RUN, 'utf8')) as TraceRun;
  const { scenario, divergentSteps } = buildExample(readFileSync(LOG, 'utf8'), run);
  writeFileSync(join(EXAMPLES, EXAMPLE_FILE), JSON.stringify(scenario, null, 2) + '\n');
  const indexFile = join(EXAMPLES, 'index.json');
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { examples: { file: string; title: string; summary: string }[] };
  const entry = { file: EXAMPLE_FILE, title: EXAMPLE_TITLE, summary: EXAMPLE_SUMMARY };
  const at = index.examples.findIndex((e) => e.file === EXAMPLE_FILE);
  if (at >= 0) index.examples[at] = entry;
  else index.examples.push(entry);
  index.examples.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  writeFileSync(indexFile, JSON.stringify(index, null, 2) + '\n');
  process.stderr.write(`${EXAMPLE_FILE}: ${scenario.steps.length} steps; the playground differs at steps ${divergentSteps.map((i) => i + 1).join(', ') || '(none)'}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
