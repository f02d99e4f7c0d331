// The oracle module's Java side, built by Maven from the published Kafka 4.4.0 jars: its classpath, built on first use.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ORACLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = join(ORACLE_DIR, 'target');
const CLASSPATH_FILE = join(TARGET, 'classpath.txt');
const JAR = join(TARGET, 'sgp-oracle-0.1.0.jar');

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

/** Builds the oracle jar and its dependency classpath with Maven when either is missing or older than the sources. */
export function buildOracle(): void {
  const fresh = existsSync(JAR) && existsSync(CLASSPATH_FILE) && statSync(JAR).mtimeMs >= newestSource();
  if (fresh) return;
  execFileSync('mvn', ['-q', '-B', '-f', join(ORACLE_DIR, 'pom.xml'), 'package', 'dependency:build-classpath', `-Dmdep.outputFile=${CLASSPATH_FILE}`, '-DskipTests'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 15 * 60_000,
  });
}

/** The classpath of Kafka 4.4.0 and the oracle's own classes. */
export function oracleClasspath(): string {
  buildOracle();
  return [JAR, readFileSync(CLASSPATH_FILE, 'utf8').trim()].join(delimiter);
}
