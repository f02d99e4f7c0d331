// Runs oracle/'s Java classes (Kafka 4.4.0 from Maven): builds the module and its classpath on first use.
import { spawnSync } from 'node:child_process';

// the oracle module's classpath, built by Maven on first use (shared with the broker harness)
export { oracleClasspath } from '../../oracle/harness/maven.ts';

/** Feeds JSON lines to a main class on stdin; returns its stdout lines parsed. */
export function runJsonLines<I, O>(classpath: string, mainClass: string, inputs: readonly I[]): O[] {
  const r = spawnSync('java', ['-cp', classpath, mainClass], { input: inputs.map((i) => JSON.stringify(i)).join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 30, timeout: 10 * 60_000 });
  if (r.status !== 0) throw new Error(`${mainClass} exited with ${r.status}: ${r.stderr}`);
  return r.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as O);
}
