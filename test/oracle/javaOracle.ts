// Runs oracle/'s Java classes (Kafka 4.4.0 from Maven): builds the module and its classpath on first use.
import { spawnSync } from 'node:child_process';
import { parseJsonKeepingInt64 } from '../../src/core/util/int64.ts';

// the oracle module's classpath, built by Maven on first use (shared with the broker harness)
export { oracleClasspath } from '../../oracle/harness/maven.ts';

const LONG_MARK = '__sgp_long__:';

/**
 * A long for Kafka's JsonConverters, which read one only from a JSON number: the playground's decimal-string form of a
 * long beyond ±(2^53−1) (src/core/util/int64.ts), marked so that the input line carries it as the bare number.
 */
export const longForJava = (value: number | string): number | string => (typeof value === 'string' ? `${LONG_MARK}${value}` : value);

const jsonLine = (input: unknown): string => JSON.stringify(input).replace(new RegExp(`"${LONG_MARK}(-?\\d+)"`, 'g'), '$1');

/** Feeds JSON lines to a main class on stdin; returns its stdout lines parsed (a long beyond 2^53 as its decimal string). */
export function runJsonLines<I, O>(classpath: string, mainClass: string, inputs: readonly I[]): O[] {
  const r = spawnSync('java', ['-cp', classpath, mainClass], { input: inputs.map(jsonLine).join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 30, timeout: 10 * 60_000 });
  if (r.status !== 0) throw new Error(`${mainClass} exited with ${r.status}: ${r.stderr}`);
  return r.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => parseJsonKeepingInt64(l) as O);
}
