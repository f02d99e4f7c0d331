// The sgp command line, as a function of its arguments and I/O so tests can call it in-process.
// It never lets an exception escape: every failure becomes a message and an exit code.
import { parseJson, parseScenario, parseScenarioUnderRelease, type ScenarioError } from '../core/scenario/parse.ts';
import { onOneLine, show, traceLines } from '../core/scenario/format.ts';
import type { Scenario, Trace } from '../core/scenario/types.ts';
import { MAX_FRAGMENT_CHARS, encodeLink } from '../core/share/link.ts';
import { COMPARE_USAGE, compareCommand, parseCompareArgs, sides } from './compare.ts';
import { releaseProblems } from '../core/compare/compare.ts';
import { EXPLORE_USAGE, exploreCli } from './explore.ts';
import { ORACLE_USAGE, oracleText, parseOracleArgs, runOracle } from './oracle/command.ts';
import { parseKafkaChoice } from './oracle/shard.ts';
import { exportMarkdown, scenarioFromRequestLog, type ScenarioImportOptions } from '../core/interop/index.ts';
import { VARIANTS, type Variant } from '../core/scenario/types.ts';
import { VARIANT_DEFINITIONS } from '../core/variants/index.ts';
import { VARIANTS_FOR_BOTH_EDITIONS } from '../core/scenario/validate.ts';
import { editionNamed, editionNames } from '../core/editions/index.ts';
import { DEFAULT_KAFKA_RELEASE, KAFKA_RELEASES, RELEASE_PATCH, releaseOf, type KafkaRelease } from '../core/releases/index.ts';
import { jsonTerminalSafe, terminalSafe, writeJson, writeLines } from './output.ts';

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
  /** Writes a UTF-8 file (`report --out`); default: node:fs. */
  writeFile?(path: string, text: string): Promise<void>;
}

export type RunScenario = (scenario: Scenario) => Trace;

export interface CliDeps {
  /** Loads the simulator only when a command needs it (help and link stay fast). */
  loadRunner(): Promise<RunScenario>;
}

/** One line per variant: its name and summary, wrapped under the name. */
const VARIANT_HELP = VARIANT_DEFINITIONS.map((d) => `  ${d.name.padEnd(22)} ${wrap(`${d.summary}${d.editions.includes('kip1071-draft') ? '' : ' (ak4 only)'}`, 76).join(`\n${' '.repeat(25)}`)}`).join(
  '\n',
);

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export const USAGE = `sgp - Streams Group Playground on the command line

Usage:
  sgp run FILE [--json] [--kafka R]
                                 run a scenario and print its trace (a table; --json: the trace as JSON);
                                 --kafka R: as if its "kafka" were R
  sgp check FILE... [--kafka R]...
                                 run scenarios and evaluate every "expect": under each of its checkVariants and
                                 checkReleases (byVariant and byRelease expectations apply); --kafka R (repeatable):
                                 under these releases instead of its own and its checkReleases
  sgp link FILE [--step N]       print the share-link fragment for a scenario (N: the selected step)
${COMPARE_USAGE}
${EXPLORE_USAGE}
${ORACLE_USAGE}
  sgp import LOGFILE [--protocol ak4|kip1071-draft] [--group G] [--timing advance|ignore]
                 [--clock completed|handled] [--aliases letters|thread] [--partitions N] [--base FILE] [--no-expect]
                                 turn a broker request log (kafka.request.logger, "Completed request:" lines)
                                 into a scenario (JSON on stdout; skipped lines summarised on stderr).
                                 --base: a scenario whose fields (config, topics, title, …) the import keeps;
                                 each step expects the logged errorCode/memberEpoch unless --no-expect;
                                 --clock handled: order and time requests by when the broker handed them to
                                 the coordinator (timestamp - totalTimeMs + requestQueueTimeMs + localTimeMs)
  sgp report FILE [--variant V]... [--out report.md]
                                 run FILE under each variant (default: its own and its checkVariants) and
                                 print (or write) a Markdown report: Mermaid sequence diagram, records,
                                 invariants per variant, memory-only state (exit 1 when an expectation fails)
  sgp --help                     show this help

Variants (--variant V, a scenario's "variant"; src/core/variants/, one file each):
${VARIANT_HELP}

Kafka releases (--kafka R, an ak4 scenario's "kafka"; default ${DEFAULT_KAFKA_RELEASE}; each models the newest patch of its line):
  ${KAFKA_RELEASES.map((r) => `${r} (${RELEASE_PATCH[r]})`).join(', ')}

Exit codes:
  0  success (for check: every expectation holds)
  1  check/report: an expectation did not hold (printed with file, step, JSON path); explore: a violation; compare: divergence
  2  a file is not a valid scenario (FILE:LINE:COLUMN: PATH: message), a file cannot be read,
     the command line is wrong, or a run asked for more than its budget (the message names the limit)
  3  internal error in sgp (please report it with the scenario)
`;

class UsageError extends Error {}

interface Parsed {
  command: 'run' | 'check' | 'link' | 'help';
  files: string[];
  json: boolean;
  step: number | null;
  /** --kafka: the releases to run under instead of the scenario's own (run: at most one). */
  releases: KafkaRelease[];
}

/** `--kafka R`'s value, or a message naming the releases. */
export function releaseArg(v: string | undefined): KafkaRelease | string {
  return v !== undefined && (KAFKA_RELEASES as readonly string[]).includes(v) ? (v as KafkaRelease) : `--kafka needs a Kafka release: ${KAFKA_RELEASES.join(', ')}`;
}

function parseArgs(argv: readonly string[]): Parsed {
  if (argv.length === 0) throw new UsageError('missing command');
  const [cmd, ...rest] = argv;
  const help: Parsed = { command: 'help', files: [], json: false, step: null, releases: [] };
  if (cmd === '--help' || cmd === '-h' || cmd === 'help') return help;
  if (cmd !== 'run' && cmd !== 'check' && cmd !== 'link') throw new UsageError(`unknown command "${cmd}"`);
  const out: Parsed = { command: cmd, files: [], json: false, step: null, releases: [] };
  let onlyFiles = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    if (onlyFiles || !a.startsWith('-') || a === '-') {
      out.files.push(a);
    } else if (a === '--') {
      onlyFiles = true;
    } else if (a === '--help' || a === '-h') {
      return help;
    } else if ((a === '--kafka' || a.startsWith('--kafka=')) && cmd !== 'link') {
      const r = releaseArg(a === '--kafka' ? rest[++i] : a.slice('--kafka='.length));
      if (!(KAFKA_RELEASES as readonly string[]).includes(r)) throw new UsageError(r);
      if (!out.releases.includes(r as KafkaRelease)) out.releases.push(r as KafkaRelease);
      if (cmd === 'run' && out.releases.length > 1) throw new UsageError('"sgp run" takes one --kafka (to see two releases side by side: sgp compare FILE --kafka A --kafka B)');
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

/** Runs the CLI; resolves to the exit code. Never rejects. Nothing it prints carries a raw control character. */
export async function runCli(argv: readonly string[], rawIo: CliIo, deps: CliDeps): Promise<number> {
  // JSON on stdout (run/explore/oracle --json, import) keeps its value; everything else is text for a terminal
  const jsonOut = argv[0] === 'import' || argv.includes('--json');
  const io: CliIo = { ...rawIo, stdout: (t) => rawIo.stdout(jsonOut ? jsonTerminalSafe(t) : terminalSafe(t)), stderr: (t) => rawIo.stderr(terminalSafe(t)) };
  try {
    if (argv[0] === 'compare') return await compareCli(argv.slice(1), io);
    if (argv[0] === 'explore') return await exploreCli(argv.slice(1), io);
    if (argv[0] === 'oracle') return await oracleCli(argv.slice(1), io);
    if (argv[0] === 'import' || argv[0] === 'report') {
      const args = argv[0] === 'import' ? parseImportArgs(argv.slice(1)) : parseReportArgs(argv.slice(1));
      if (typeof args === 'string') {
        io.stderr(`sgp: ${args}\nRun "sgp --help" for usage.\n`);
        return EXIT.INVALID;
      }
      if (args.help) {
        io.stdout(USAGE);
        return EXIT.OK;
      }
      return 'options' in args ? await importCommand(args, io) : await reportCommand(args, io, deps);
    }
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
        return await runCommand(args.files[0] ?? '', args.json, args.releases[0] ?? null, io, deps);
      case 'check': {
        let code: number = EXIT.OK;
        for (const file of args.files) code = Math.max(code, await checkCommand(file, args.releases, io, deps));
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
  const source = await readScenarioText(args.file, io);
  if (source === null) return EXIT.INVALID;
  const scenario = parseLoaded(args.file, source, io);
  if (!scenario) return EXIT.INVALID;
  // each side's release must accept the document (a field or request version it lacks is refused, the release named)
  const refused = releaseProblems(source, scenario, sides(args));
  if (refused) {
    printErrors(args.file, withRelease(refused.errors, refused.release), io);
    return EXIT.INVALID;
  }
  const { text, diverged, stopped } = compareCommand(scenario, args);
  io.stdout(text);
  if (stopped) {
    // runs the budget stopped asked for too much: the steps run are printed, the message names the limit
    io.stderr(`${args.file}: ${stopped}\n`);
    return EXIT.INVALID;
  }
  return diverged ? EXIT.EXPECTATION_FAILED : EXIT.OK;
}

async function oracleCli(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseOracleArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`sgp: ${args}\nRun "sgp --help" for usage.\n`);
    return EXIT.INVALID;
  }
  const text = await readScenarioText(args.file, io);
  if (text === null) return EXIT.INVALID;
  const loaded = parseLoaded(args.file, text, io);
  if (!loaded) return EXIT.INVALID;
  // --kafka names another release than the file's: the file must be valid as that release too
  const scenario = args.kafka === undefined ? loaded : asRelease(args.file, text, loaded, args.kafka, io);
  if (!scenario) return EXIT.INVALID;
  let result;
  try {
    result = await runOracle(args.file, scenario, args, undefined, (text) => io.stderr(terminalSafe(text)));
  } catch (e) {
    io.stderr(`sgp oracle: ${oneLine(e)}\n`);
    return EXIT.INVALID;
  }
  io.stdout(oracleText(result, args.json));
  if (result.refused) return EXIT.INVALID;
  return result.firstDivergence === null ? EXIT.OK : EXIT.EXPECTATION_FAILED;
}

/**
 * The scenario as another Kafka release runs it: the file with its "kafka" field set to that release's line, checked
 * again (a field or RPC version the release does not have is an error naming it). A draft-edition scenario has no
 * release: it stays as it is (the engine refuses it as a proposal).
 */
function asRelease(file: string, text: string, scenario: Scenario, kafka: string, io: CliIo): Scenario | null {
  const choice = parseKafkaChoice(kafka);
  if (!choice || !editionNamed(scenario.protocol).hasReleases || releaseOf(scenario) === choice.line) return scenario;
  const parsed = parseScenario(JSON.stringify({ ...(JSON.parse(text) as object), kafka: choice.line }));
  if (parsed.ok) return parsed.scenario;
  for (const e of parsed.errors) io.stderr(`${file}: as Kafka ${choice.line}: ${e.path}: ${e.message}\n`);
  return null;
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
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : oneLine(e);
    io.stderr(`${file}: cannot read: ${why}\n`);
    return null;
  }
}

function printErrors(file: string, errors: readonly ScenarioError[], io: CliIo): void {
  for (const e of errors) io.stderr(`${file}:${e.line}:${e.column}: ${e.path}: ${e.message}\n`);
}

async function load(file: string, io: CliIo): Promise<Scenario | null> {
  const text = await readScenarioText(file, io);
  return text === null ? null : parseLoaded(file, text, io);
}

function parseLoaded(file: string, text: string, io: CliIo): Scenario | null {
  const parsed = parseScenario(text);
  if (!parsed.ok) {
    printErrors(file, parsed.errors, io);
    return null;
  }
  return parsed.scenario;
}

/**
 * The scenario as if its "kafka" were `release` (--kafka, checkReleases): what that release lacks is refused at its
 * line, each message ending with the release it was checked under.
 */
function parseUnderRelease(file: string, text: string, release: KafkaRelease, io: CliIo): Scenario | null {
  const parsed = parseScenarioUnderRelease(text, release);
  if (parsed.ok) return parsed.scenario;
  printErrors(file, withRelease(parsed.errors, release), io);
  return null;
}

/** The validator's errors under a release, each naming it (most already do). */
function withRelease(errors: readonly ScenarioError[], release: KafkaRelease): ScenarioError[] {
  return errors.map((e) => ({ ...e, message: e.message.includes(release) ? e.message : `${e.message} (under Kafka ${release})` }));
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

async function runCommand(file: string, json: boolean, release: KafkaRelease | null, io: CliIo, deps: CliDeps): Promise<number> {
  const text = await readScenarioText(file, io);
  if (text === null) return EXIT.INVALID;
  const scenario = release === null ? parseLoaded(file, text, io) : parseUnderRelease(file, text, release, io);
  if (!scenario) return EXIT.INVALID;
  const trace = await simulate(file, scenario, io, deps);
  if (!trace) return EXIT.INTERNAL;
  if (json) {
    // streamed: a trace of any size prints (one string of it could pass V8's string length limit)
    writeJson(trace, io.stdout);
    io.stdout('\n');
  } else writeLines(traceLines(trace), io.stdout);
  return stoppedByBudget(file, trace, io) ? EXIT.INVALID : EXIT.OK;
}

/** A run the budget stopped is an input that asks for too much: the message names the limit. */
function stoppedByBudget(file: string, trace: Trace, io: CliIo): boolean {
  if (!trace.stopped) return false;
  io.stderr(`${file}: after step ${trace.steps.length - 1}: ${trace.stopped.message}\n`);
  return true;
}

/** A course index (an object listing `examples`, with no `steps`) sits beside the examples; `check` skips it. */
function isCourseIndex(text: string): boolean {
  try {
    const v = JSON.parse(text) as unknown;
    return !!v && typeof v === 'object' && Array.isArray((v as { examples?: unknown }).examples) && !('steps' in v);
  } catch {
    return false;
  }
}

async function checkCommand(file: string, releaseArgs: readonly KafkaRelease[], io: CliIo, deps: CliDeps): Promise<number> {
  const text = await readScenarioText(file, io);
  if (text === null) return EXIT.INVALID;
  if (isCourseIndex(text)) {
    io.stdout(`${file}: skipped (a course index, not a scenario)\n`);
    return EXIT.OK;
  }
  const scenario = parseLoaded(file, text, io);
  if (!scenario) return EXIT.INVALID;
  const expectations = scenario.steps.filter((s) => s.expect !== undefined).length;
  // a scenario may ask to be checked under several variants and releases (byVariant and byRelease expectations apply)
  const variants = scenario.checkVariants?.length ? scenario.checkVariants : [scenario.variant];
  const hasReleases = editionNamed(scenario.protocol).hasReleases;
  const releases: (KafkaRelease | null)[] = releaseArgs.length > 0 ? [...releaseArgs] : !hasReleases ? [null] : scenario.checkReleases?.length ? scenario.checkReleases : [releaseOf(scenario)];
  // each release validates the document anew: a field or request version it lacks is refused with the release named
  const under = new Map<KafkaRelease | null, Scenario>();
  let invalid = false;
  for (const r of releases) {
    const s = r === null || (r === releaseOf(scenario) && hasReleases) ? scenario : parseUnderRelease(file, text, r, io);
    if (s) under.set(r, s);
    else invalid = true;
  }
  if (invalid) return EXIT.INVALID;
  let failed = 0;
  let steps = 0;
  for (const [release, base] of under) {
    for (const variant of variants) {
      const trace = await simulate(file, { ...base, variant, ...(release ? { kafka: release } : {}) }, io, deps);
      if (!trace) return EXIT.INTERNAL;
      if (stoppedByBudget(file, trace, io)) return EXIT.INVALID;
      steps = trace.steps.length;
      const tags = [...(variants.length > 1 ? [`variant ${variant}`] : []), ...(releases.length > 1 && release ? [`kafka ${release}`] : [])];
      const tag = tags.length ? ` [${tags.join(', ')}]` : '';
      for (const step of trace.steps) {
        for (const m of step.mismatches) {
          failed++;
          const label = step.label ? ` "${onOneLine(step.label)}"` : '';
          io.stdout(`${file}${tag}: step ${step.index}${label}: ${m.path}\n    expected: ${show(m.expected, 2000)}\n    actual:   ${show(m.actual, 2000)}\n`);
        }
      }
    }
  }
  if (failed > 0) {
    io.stdout(`${file}: FAILED (${failed} mismatch${failed === 1 ? '' : 'es'})\n`);
    return EXIT.EXPECTATION_FAILED;
  }
  const runs = [...(variants.length > 1 ? [`under ${variants.join(', ')}`] : []), ...(releases.length > 1 || releaseArgs.length > 0 ? [`Kafka ${releases.join(', ')}`] : [])];
  io.stdout(`${file}: ok (${steps} step${steps === 1 ? '' : 's'}, ${expectations} with expectations${runs.length ? `, ${runs.join('; ')}` : ''})\n`);
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

// ---- sgp import / sgp report ----

interface ImportArgs {
  help: boolean;
  file: string;
  options: ScenarioImportOptions;
  base: string | null;
}

interface ReportArgs {
  help: boolean;
  file: string;
  variants: Variant[];
  out: string | null;
}

/** Reads `--name value` / `--name=value` at argv[i]; `undefined` when argv[i] is not that option. */
function optionValue(argv: readonly string[], i: number, name: string): { value: string | undefined; next: number } | undefined {
  const a = argv[i]!;
  if (a === name) return { value: argv[i + 1], next: i + 1 };
  if (a.startsWith(`${name}=`)) return { value: a.slice(name.length + 1), next: i };
  return undefined;
}

function parseImportArgs(argv: readonly string[]): ImportArgs | string {
  const out: ImportArgs = { help: false, file: '', options: { expectResponses: true }, base: null };
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    let o: { value: string | undefined; next: number } | undefined;
    if (a === '--help' || a === '-h') return { ...out, help: true };
    if (!a.startsWith('-') || a === '-') files.push(a);
    else if (a === '--no-expect') out.options.expectResponses = false;
    else if ((o = optionValue(argv, i, '--protocol'))) {
      if (o.value === undefined || !editionNames().includes(o.value)) return `--protocol needs ${editionNames().join(' or ')}`;
      out.options.protocol = o.value;
      i = o.next;
    } else if ((o = optionValue(argv, i, '--group'))) {
      if (!o.value) return '--group needs a group id';
      out.options.group = o.value;
      i = o.next;
    } else if ((o = optionValue(argv, i, '--timing'))) {
      if (o.value !== 'advance' && o.value !== 'ignore') return '--timing needs advance or ignore';
      out.options.timing = o.value;
      i = o.next;
    } else if ((o = optionValue(argv, i, '--clock'))) {
      if (o.value !== 'completed' && o.value !== 'handled') return '--clock needs completed or handled';
      out.options.clock = o.value;
      i = o.next;
    } else if ((o = optionValue(argv, i, '--aliases'))) {
      if (o.value !== 'letters' && o.value !== 'thread') return '--aliases needs letters or thread';
      out.options.aliases = o.value;
      i = o.next;
    } else if ((o = optionValue(argv, i, '--base'))) {
      if (!o.value) return '--base needs a scenario FILE';
      out.base = o.value;
      i = o.next;
    } else if ((o = optionValue(argv, i, '--partitions'))) {
      if (!o.value || !/^[1-9]\d{0,5}$/.test(o.value)) return '--partitions needs a partition count (1, 2, …)';
      out.options.defaultPartitions = Number(o.value);
      i = o.next;
    } else return `unknown option "${a}" for "sgp import"`;
  }
  if (files.length !== 1) return files.length === 0 ? '"sgp import" needs a LOGFILE' : `"sgp import" takes one LOGFILE (got ${files.length})`;
  out.file = files[0]!;
  return out;
}

function parseReportArgs(argv: readonly string[]): ReportArgs | string {
  const out: ReportArgs = { help: false, file: '', variants: [], out: null };
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    let o: { value: string | undefined; next: number } | undefined;
    if (a === '--help' || a === '-h') return { ...out, help: true };
    if (!a.startsWith('-') || a === '-') files.push(a);
    else if ((o = optionValue(argv, i, '--variant'))) {
      if (!o.value || !(VARIANTS as readonly string[]).includes(o.value)) return `--variant needs one of ${VARIANTS.join(', ')}`;
      if (!out.variants.includes(o.value as Variant)) out.variants.push(o.value as Variant);
      i = o.next;
    } else if ((o = optionValue(argv, i, '--out'))) {
      if (!o.value) return '--out needs a file name';
      out.out = o.value;
      i = o.next;
    } else return `unknown option "${a}" for "sgp report"`;
  }
  if (files.length !== 1) return files.length === 0 ? '"sgp report" needs a scenario FILE' : `"sgp report" takes one FILE (got ${files.length})`;
  out.file = files[0]!;
  return out;
}

async function importCommand(args: ImportArgs, io: CliIo): Promise<number> {
  let base: Partial<Scenario> = {};
  if (args.base !== null) {
    // the fields the base file gives (validated as a scenario; its defaults are not taken)
    const full = await load(args.base, io);
    if (!full) return EXIT.INVALID;
    const raw = parseJson((await readScenarioText(args.base, io)) ?? '{}');
    const given = raw.ok && raw.root.kind === 'object' ? raw.root.entries.map((e) => e.key) : [];
    base = Object.fromEntries(given.filter((k) => k !== 'steps' && k !== 'format').map((k) => [k, full[k as keyof Scenario]]));
  }
  const text = await readScenarioText(args.file, io);
  if (text === null) return EXIT.INVALID;
  const { scenario, result } = scenarioFromRequestLog(text, base, args.options);
  const sends = result.sourceLines.filter((l) => l !== null).length;
  const reasons = new Map<string, { count: number; first: number }>();
  for (const sk of result.skipped) {
    const r = reasons.get(sk.reason);
    if (r) r.count++;
    else reasons.set(sk.reason, { count: 1, first: sk.line });
  }
  for (const [reason, { count, first }] of [...reasons].slice(0, 20)) io.stderr(`${args.file}:${first}: skipped${count > 1 ? ` (${count} lines like it)` : ''}: ${reason}\n`);
  if (reasons.size > 20) io.stderr(`${args.file}: … and ${reasons.size - 20} more reasons\n`);
  for (const w of result.warnings.slice(0, 20)) io.stderr(`${args.file}:${w.line}: warning: ${w.message}\n`);
  if (sends === 0) {
    io.stderr(`${args.file}: no streams group request to import (${result.skipped.length} line${result.skipped.length === 1 ? '' : 's'} skipped)\n`);
    return EXIT.INVALID;
  }
  const json = JSON.stringify(scenario, null, 2) + '\n';
  const check = parseScenario(json);
  if (!check.ok) {
    io.stderr(`${args.file}: the imported scenario is not valid:\n`);
    for (const e of check.errors.slice(0, 20)) io.stderr(`  ${e.path}: ${e.message}\n`);
    return EXIT.INVALID;
  }
  io.stdout(json);
  const members = Object.entries(result.members)
    .map(([a, id]) => `${a}=${id}`)
    .join(', ');
  io.stderr(
    `${args.file}: imported ${sends} request${sends === 1 ? '' : 's'} of group ${scenario.groupId}${members ? ` (members ${members})` : ''}; ${result.skipped.length} line${result.skipped.length === 1 ? '' : 's'} skipped\n`,
  );
  return EXIT.OK;
}

async function reportCommand(args: ReportArgs, io: CliIo, deps: CliDeps): Promise<number> {
  const scenario = await load(args.file, io);
  if (!scenario) return EXIT.INVALID;
  const variants: Variant[] = args.variants.length > 0 ? args.variants : [...new Set([scenario.variant, ...(scenario.checkVariants ?? [])])];
  if (scenario.protocol !== 'ak4') {
    const bad = variants.find((v) => !VARIANTS_FOR_BOTH_EDITIONS.includes(v));
    if (bad) {
      io.stderr(`sgp: variant "${bad}" is a proposal against protocol ak4; ${args.file} uses ${scenario.protocol}\n`);
      return EXIT.INVALID;
    }
  }
  const traces: { variant: Variant; trace: Trace }[] = [];
  for (const variant of variants) {
    const trace = await simulate(args.file, { ...scenario, variant }, io, deps);
    if (!trace) return EXIT.INTERNAL;
    traces.push({ variant, trace });
  }
  const markdown = exportMarkdown(scenario, traces);
  if (args.out === null) io.stdout(markdown);
  else {
    try {
      const write = io.writeFile ?? (async (path: string, text: string) => (await import('node:fs/promises')).writeFile(path, text, 'utf8'));
      await write(args.out, markdown);
    } catch (e) {
      io.stderr(`${args.out}: cannot write: ${oneLine(e)}\n`);
      return EXIT.INVALID;
    }
    io.stderr(`${args.file}: report written to ${args.out} (${variants.join(', ')})\n`);
  }
  // expectations are written for the scenario's own variant and its checkVariants
  const checked = new Set<string>([scenario.variant, ...(scenario.checkVariants ?? [])]);
  const failed = traces.filter((t) => checked.has(t.variant)).reduce((n, t) => n + t.trace.steps.reduce((m, s) => m + s.mismatches.length, 0), 0);
  if (failed > 0) {
    io.stderr(`${args.file}: ${failed} expectation mismatch${failed === 1 ? '' : 'es'} under ${[...checked].join(', ')} (see the Expectations section)\n`);
    return EXIT.EXPECTATION_FAILED;
  }
  return EXIT.OK;
}
