// The oracle module's Java side, built by Maven from the published Kafka jars: its classpath, built on first use.
// Kafka 4.4.0 (the default) builds the whole module into oracle/target; an older release (4.1.x, 4.2.x, 4.3.x) builds
// the shard engine alone against that release's own jars, with its line's adapters, into oracle/target/kafka-VERSION
// (oracle/pom.xml), so that every release's build stays beside the others.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ORACLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The Kafka release the whole oracle (every runner, the live broker) is built on. */
export const ORACLE_KAFKA_VERSION = '4.4.0';

function newestSource(): number {
  let newest = statSync(join(ORACLE_DIR, 'pom.xml')).mtimeMs;
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  const src = join(ORACLE_DIR, 'src');
  if (existsSync(src)) walk(src);
  return newest;
}

/** Where a release's build lives, and the Maven properties that make it. */
function build(version: string): { target: string; properties: string[] } {
  if (version === ORACLE_KAFKA_VERSION) return { target: join(ORACLE_DIR, 'target'), properties: [] };
  const m = /^(4\.[1-4])\.\d+$/.exec(version);
  if (!m) throw new Error(`no shard engine for Kafka ${version}: the oracle builds Kafka 4.1.x to 4.4.x`);
  return { target: join(ORACLE_DIR, 'target', `kafka-${version}`), properties: [`-Dkafka.line=${m[1]}`, `-Dkafka.version=${version}`] };
}

/**
 * Builds the oracle jar and its dependency classpath with Maven when either is missing or older than the sources.
 * With an older Kafka release, only the shard engine is built (against that release's jars).
 */
export function buildOracle(version: string = ORACLE_KAFKA_VERSION): void {
  const { target, properties } = build(version);
  const jar = join(target, 'sgp-oracle-0.1.0.jar');
  const classpathFile = join(target, 'classpath.txt');
  const fresh = existsSync(jar) && existsSync(classpathFile) && statSync(jar).mtimeMs >= newestSource();
  if (fresh) return;
  execFileSync(
    'mvn',
    ['-q', '-B', '-Dstyle.color=never', '-f', join(ORACLE_DIR, 'pom.xml'), ...properties, 'package', 'dependency:build-classpath', `-Dmdep.outputFile=${classpathFile}`, '-DskipTests'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 15 * 60_000,
    },
  );
}

/** The classpath of a Kafka release's jars (default 4.4.0) and the oracle's own classes built against them. */
export function oracleClasspath(version: string = ORACLE_KAFKA_VERSION): string {
  buildOracle(version);
  const { target } = build(version);
  return [join(target, 'sgp-oracle-0.1.0.jar'), readFileSync(join(target, 'classpath.txt'), 'utf8').trim()].join(delimiter);
}
