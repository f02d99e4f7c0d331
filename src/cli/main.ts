// Entry point of the sgp command (bin/sgp.mjs imports this file through tsx). All logic is in cli.ts.
import { readFile } from 'node:fs/promises';
import { EXIT, runCli, type CliIo } from './cli.ts';

const io: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  readFile: (path) => readFile(path, 'utf8'),
};

// A closed pipe (e.g. `sgp run f.json | head`) is not an error worth a stack trace.
process.stdout.on('error', () => process.exit(process.exitCode ?? 0));
process.on('uncaughtException', (e) => {
  process.stderr.write(`sgp: internal error: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}\n`);
  process.exit(EXIT.INTERNAL);
});

const loadRunner = async () => (await import('../core/scenario/runner.ts')).runScenario;

process.exitCode = await runCli(process.argv.slice(2), io, { loadRunner });
