// Runs oracle/'s Java classes (Kafka 4.4.0 from Maven): builds the module and its classpath on first use.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const ORACLE = 'oracle';
const CLASSPATH_FILE = join(ORACLE, 'target', 'classpath.txt');
const JAR = join(ORACLE, 'target', 'sgp-oracle-0.1.0.jar');

/** `mvn -q -B -f oracle/pom.xml package`, plus the dependency classpath (once per test run). */
export function oracleClasspath(): string {
  execFileSync('mvn', ['-q', '-B', '-f', join(ORACLE, 'pom.xml'), 'package', 'dependency:build-classpath', `-Dmdep.outputFile=${join('target', 'classpath.txt')}`, '-DskipTests'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 15 * 60_000,
  });
  if (!existsSync(JAR)) throw new Error(`${JAR} was not built`);
  return [JAR, readFileSync(CLASSPATH_FILE, 'utf8').trim()].join(delimiter);
}

/** Feeds JSON lines to a main class on stdin; returns its stdout lines parsed. */
export function runJsonLines<I, O>(classpath: string, mainClass: string, inputs: readonly I[]): O[] {
  const r = spawnSync('java', ['-cp', classpath, mainClass], { input: inputs.map((i) => JSON.stringify(i)).join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 30, timeout: 10 * 60_000 });
  if (r.status !== 0) throw new Error(`${mainClass} exited with ${r.status}: ${r.stderr}`);
  return r.stdout.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as O);
}
