// Entry point of the sgp command (bin/sgp.mjs imports this file through tsx). All logic is in cli.ts.
import { readInput } from './input.ts';
import { EXIT, runCli, type CliIo } from './cli.ts';
import type { Scenario } from '../core/scenario/types.ts';

const io: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  readFile: readInput,
};

// A closed pipe (e.g. `sgp run f.json | head`) is not an error worth a stack trace.
process.stdout.on('error', () => process.exit(process.exitCode ?? 0));
process.on('uncaughtException', (e) => {
  process.stderr.write(`sgp: internal error: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}\n`);
  process.exit(EXIT.INTERNAL);
});

// the run budget's wall time and heap are measured here: the core has no clock
const loadRunner = async () => {
  const { runScenario } = await import('../core/scenario/runner.ts');
  return (scenario: Scenario) => {
    const t0 = performance.now();
    return runScenario(scenario, { probe: { elapsedMs: () => performance.now() - t0, heapBytes: () => process.memoryUsage().heapUsed } });
  };
};

process.exitCode = await runCli(process.argv.slice(2), io, { loadRunner });
