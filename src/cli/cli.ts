// The sgp command line, as a function of its arguments and I/O so tests can call it in-process.
// It never lets an exception escape: every failure becomes a message and an exit code.
import { parseScenario, type ScenarioError } from '../core/scenario/parse.ts';
import { formatTrace, show } from '../core/scenario/format.ts';
import type { Scenario, Trace } from '../core/scenario/types.ts';
import { MAX_FRAGMENT_CHARS, encodeLink } from '../core/share/link.ts';
import { COMPARE_USAGE, compareCommand, parseCompareArgs } from './compare.ts';

export const EXIT = {
  OK: 0,
  /** `check`: some expectation did not hold. */
  EXPECTATION_FAILED: 1,
  /** Invalid scenario, unreadable file or bad command line. */
  INVALID: 2,
  /** A bug in sgp itself (the simulator threw). */
  INTERNAL: 3,
} as const;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads a file as UTF-8; rejects with a Node-style error (with `code`) when it cannot. */
  readFile(path: string): Promise<string>;
}

export type RunScenario = (scenario: Scenario) => Trace;

export interface CliDeps {
  /** Loads the simulator only when a command needs it (help and link stay fast). */
  loadRunner(): Promise<RunScenario>;
}

export const USAGE = `sgp - Streams Group Playground on the command line

Usage:
  sgp run FILE [--json]          run a scenario and print its trace (a table; --json: the trace as JSON)
  sgp check FILE...              run scenarios and evaluate every "expect"
  sgp link FILE [--step N]       print the share-link fragment for a scenario (N: the selected step)
${COMPARE_USAGE}
  sgp --help                     show this help

Exit codes:
  0  success (for check: every expectation holds)
  1  check: an expectation did not hold (file, step, JSON path, expected and actual are printed)
  2  a file is not a valid scenario (FILE:LINE:COLUMN: PATH: message), a file cannot be read,
     or the command line is wrong
  3  internal error in sgp (please report it with the scenario)
`;

class UsageError extends Error {}

interface Parsed {
  command: 'run' | 'check' | 'link' | 'help';
  files: string[];
  json: boolean;
  step: number | null;
}

function parseArgs(argv: readonly string[]): Parsed {
  if (argv.length === 0) throw new UsageError('missing command');
  const [cmd, ...rest] = argv;
  if (cmd === '--help' || cmd === '-h' || cmd === 'help') return { command: 'help', files: [], json: false, step: null };
  if (cmd !== 'run' && cmd !== 'check' && cmd !== 'link') throw new UsageError(`unknown command "${cmd}"`);
  const out: Parsed = { command: cmd, files: [], json: false, step: null };
  let onlyFiles = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    if (onlyFiles || !a.startsWith('-') || a === '-') {
      out.files.push(a);
    } else if (a === '--') {
      onlyFiles = true;
    } else if (a === '--help' || a === '-h') {
      return { command: 'help', files: [], json: false, step: null };
    } else if (a === '--json' && cmd === 'run') {
      out.json = true;
    } else if ((a === '--step' || a.startsWith('--step=')) && cmd === 'link') {
      const v = a === '--step' ? rest[++i] : a.slice('--step='.length);
      if (v === undefined || !/^\d{1,9}$/.test(v)) throw new UsageError('--step needs a step index (0, 1, 2, …)');
      out.step = Number(v);
    } else {
      throw new UsageError(`unknown option "${a}" for "sgp ${cmd}"`);
    }
  }
  if (out.files.length === 0) throw new UsageError(`"sgp ${cmd}" needs a scenario FILE`);
  if (cmd !== 'check' && out.files.length > 1) throw new UsageError(`"sgp ${cmd}" takes one FILE (got ${out.files.length})`);
  return out;
}

/** Runs the CLI; resolves to the exit code. Never rejects. */
export async function runCli(argv: readonly string[], io: CliIo, deps: CliDeps): Promise<number> {
  try {
    if (argv[0] === 'compare') return await compareCli(argv.slice(1), io);
    let args: Parsed;
    try {
      args = parseArgs(argv);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      io.stderr(`sgp: ${e.message}\nRun "sgp --help" for usage.\n`);
      return EXIT.INVALID;
    }
    switch (args.command) {
      case 'help':
        io.stdout(USAGE);
        return EXIT.OK;
      case 'run':
        return await runCommand(args.files[0] ?? '', args.json, io, deps);
      case 'check': {
        let code: number = EXIT.OK;
        for (const file of args.files) code = Math.max(code, await checkCommand(file, io, deps));
        return code;
      }
      case 'link':
        return await linkCommand(args.files[0] ?? '', args.step, io);
    }
  } catch (e) {
    io.stderr(`sgp: internal error: ${oneLine(e)}\n`);
    return EXIT.INTERNAL;
  }
}

async function compareCli(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseCompareArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`sgp: ${args}\nRun "sgp --help" for usage.\n`);
    return EXIT.INVALID;
  }
  const scenario = await load(args.file, io);
  if (!scenario) return EXIT.INVALID;
  const { text, diverged } = compareCommand(scenario, args);
  io.stdout(text);
  return diverged ? EXIT.EXPECTATION_FAILED : EXIT.OK;
}

function oneLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split('\n')[0] ?? '';
}

async function readScenarioText(file: string, io: CliIo): Promise<string | null> {
  try {
    return await io.readFile(file);
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : oneLine(e);
    io.stderr(`${file}: cannot read: ${why}\n`);
    return null;
  }
}

function printErrors(file: string, errors: readonly ScenarioError[], io: CliIo): void {
  for (const e of errors) io.stderr(`${file}:${e.line}:${e.column}: ${e.path}: ${e.message}\n`);
}

async function load(file: string, io: CliIo): Promise<Scenario | null> {
  const text = await readScenarioText(file, io);
  if (text === null) return null;
  const parsed = parseScenario(text);
  if (!parsed.ok) {
    printErrors(file, parsed.errors, io);
    return null;
  }
  return parsed.scenario;
}

/** Runs the simulator; a throw is an internal error, reported in one line. */
async function simulate(file: string, scenario: Scenario, io: CliIo, deps: CliDeps): Promise<Trace | null> {
  try {
    const run = await deps.loadRunner();
    return run(scenario);
  } catch (e) {
    io.stderr(`${file}: internal error while running the scenario: ${oneLine(e)}\n`);
    return null;
  }
}

async function runCommand(file: string, json: boolean, io: CliIo, deps: CliDeps): Promise<number> {
  const scenario = await load(file, io);
  if (!scenario) return EXIT.INVALID;
  const trace = await simulate(file, scenario, io, deps);
  if (!trace) return EXIT.INTERNAL;
  io.stdout(json ? JSON.stringify(trace, null, 2) + '\n' : formatTrace(trace));
  return EXIT.OK;
}

async function checkCommand(file: string, io: CliIo, deps: CliDeps): Promise<number> {
  const scenario = await load(file, io);
  if (!scenario) return EXIT.INVALID;
  const expectations = scenario.steps.filter((s) => s.expect !== undefined).length;
  // a scenario may ask to be checked under several variants (byVariant expectations apply)
  const variants = scenario.checkVariants?.length ? scenario.checkVariants : [scenario.variant];
  let failed = 0;
  let steps = 0;
  for (const variant of variants) {
    const trace = await simulate(file, { ...scenario, variant }, io, deps);
    if (!trace) return EXIT.INTERNAL;
    steps = trace.steps.length;
    const under = variants.length > 1 ? ` [variant ${variant}]` : '';
    for (const step of trace.steps) {
      for (const m of step.mismatches) {
        failed++;
        const label = step.label ? ` "${step.label}"` : '';
        io.stdout(`${file}${under}: step ${step.index}${label}: ${m.path}\n    expected: ${show(m.expected, 2000)}\n    actual:   ${show(m.actual, 2000)}\n`);
      }
    }
  }
  if (failed > 0) {
    io.stdout(`${file}: FAILED (${failed} mismatch${failed === 1 ? '' : 'es'})\n`);
    return EXIT.EXPECTATION_FAILED;
  }
  const under = variants.length > 1 ? `, under ${variants.join(', ')}` : '';
  io.stdout(`${file}: ok (${steps} step${steps === 1 ? '' : 's'}, ${expectations} with expectations${under})\n`);
  return EXIT.OK;
}

async function linkCommand(file: string, step: number | null, io: CliIo): Promise<number> {
  const text = await readScenarioText(file, io);
  if (text === null) return EXIT.INVALID;
  const parsed = parseScenario(text);
  if (!parsed.ok) {
    printErrors(file, parsed.errors, io);
    return EXIT.INVALID;
  }
  if (step !== null && step >= parsed.scenario.steps.length) {
    io.stderr(`sgp: --step ${step} is past the last step (the scenario has ${parsed.scenario.steps.length})\n`);
    return EXIT.INVALID;
  }
  const fragment = encodeLink(text, step);
  if (fragment.length > MAX_FRAGMENT_CHARS) {
    io.stderr(`${file}: too large for a share link (${fragment.length} characters; the limit is ${MAX_FRAGMENT_CHARS})\n`);
    return EXIT.INVALID;
  }
  io.stdout(fragment + '\n');
  return EXIT.OK;
}
