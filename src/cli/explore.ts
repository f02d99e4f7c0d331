// `sgp explore FILE …`: explores interleavings from a scenario (src/core/explore/) and prints every invariant
// violation as a minimal scenario with its share link. Exit 0: no violation; 1: violations; 2: bad input.
import { parseScenario, parseScenarioUnder } from '../core/scenario/parse.ts';
import { onOneLine } from '../core/scenario/format.ts';
import { VARIANTS, type Variant } from '../core/scenario/types.ts';
import type { ExploreOptions, ExploreResult } from '../core/explore/index.ts';

export const EXPLORE_USAGE = `  sgp explore FILE [--bfs] [--depth N] [--walks N] [--seed S] [--max-states N] [--from-step N]
                 [--variant V] [--durability] [--json] [--out DIR]
                                 explore interleavings of client actions (heartbeats, crashes, restarts),
                                 failovers and time from the scenario's end (or step N): seeded random walks,
                                 or breadth-first search with --bfs; each invariant violation is printed as a
                                 minimal scenario and share link (--out: one JSON file each; exit 1 if any)`;

export interface ExploreIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
}

/** Where --out writes (default: node:fs). */
export interface ExploreFs {
  mkdir(path: string): Promise<void>;
  writeFile(path: string, text: string): Promise<void>;
}

export interface ExploreArgs {
  file: string;
  options: ExploreOptions;
  variant: Variant | null;
  json: boolean;
  out: string | null;
}

/** Parses the explore arguments; a string is a command-line error. */
export function parseExploreArgs(argv: readonly string[]): ExploreArgs | string {
  const out: ExploreArgs = { file: '', options: {}, variant: null, json: false, out: null };
  const counts: [string, keyof ExploreOptions, number][] = [
    ['--depth', 'depth', 1],
    ['--walks', 'walks', 1],
    ['--seed', 'seed', 0],
    ['--max-states', 'maxStates', 1],
    ['--from-step', 'fromStep', 0],
  ];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (name: string) => (a === name ? argv[++i] : a.slice(name.length + 1));
    const named = (name: string) => a === name || a.startsWith(`${name}=`);
    const count = counts.find(([name]) => named(name));
    if (a === '--bfs') out.options.bfs = true;
    else if (a === '--json') out.json = true;
    else if (a === '--durability') out.options.durability = true;
    else if (count) {
      const [name, key, min] = count;
      const v = value(name);
      if (v === undefined || !/^\d{1,9}$/.test(v) || Number(v) < min) return `${name} needs a whole number${min > 0 ? ` of at least ${min}` : ''}`;
      (out.options as Record<string, number>)[key] = Number(v);
    } else if (named('--variant')) {
      const v = value('--variant');
      if (!v || !(VARIANTS as readonly string[]).includes(v)) return `--variant needs one of ${VARIANTS.join(', ')}`;
      out.variant = v as Variant;
    } else if (named('--out')) {
      const v = value('--out');
      if (!v) return '--out needs a directory';
      out.out = v;
    } else if (a.startsWith('-')) return `unknown option "${a}" for "sgp explore"`;
    else if (out.file) return '"sgp explore" takes one FILE';
    else out.file = a;
  }
  if (!out.file) return '"sgp explore" needs a scenario FILE';
  if (!out.options.bfs && out.options.walks === undefined) out.options.walks = 200;
  return out;
}

const nodeFs: () => Promise<ExploreFs> = async () => {
  const fs = await import('node:fs/promises');
  return { mkdir: async (p) => void (await fs.mkdir(p, { recursive: true })), writeFile: (p, t) => fs.writeFile(p, t, 'utf8') };
};

function baseName(file: string): string {
  const name = file.split(/[\\/]/).pop() ?? 'scenario';
  return name.replace(/\.json$/i, '') || 'scenario';
}

export function formatExplore(file: string, args: ExploreArgs, r: ExploreResult): string {
  const lines: string[] = [];
  const how = args.options.bfs ? `breadth-first, depth ${args.options.depth ?? 6}` : `${args.options.walks} random walks, depth ${args.options.depth ?? 40}, seed ${args.options.seed ?? 1}`;
  lines.push(
    `${file}: explored from step ${r.fromStep} (${how}): ${r.states} distinct states, ${r.transitions} transitions, ${r.statesPerSecond} states/s${r.truncated ? ' (stopped early: --max-states reached)' : ''}`,
  );
  if (r.violations.length === 0) lines.push('no invariant violated');
  for (const v of r.violations) {
    lines.push('', `VIOLATION ${v.invariant} after ${v.depth} action(s)${v.reproduced ? '' : ' (NOT reproduced by the runner: please report)'}`, `  ${onOneLine(v.message)}`);
    v.scenario.steps.slice(r.fromStep).forEach((s, i) => lines.push(`  ${String(r.fromStep + i).padStart(3)}. ${onOneLine(s.label ?? JSON.stringify(s))}`));
    lines.push(`  link: ${v.link}`);
  }
  return lines.join('\n') + '\n';
}

/** Runs `sgp explore`; resolves to the exit code (0 none, 1 violations, 2 bad input, 3 internal error). */
export async function exploreCli(argv: readonly string[], io: ExploreIo, fs: () => Promise<ExploreFs> = nodeFs): Promise<number> {
  const args = parseExploreArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`sgp: ${args}\nRun "sgp --help" for usage.\n`);
    return 2;
  }
  let text: string;
  try {
    text = await io.readFile(args.file);
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    io.stderr(`${args.file}: cannot read: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String((e as Error)?.message ?? e).split('\n')[0]}\n`);
    return 2;
  }
  const parsed = parseScenario(text);
  if (!parsed.ok) {
    for (const e of parsed.errors) io.stderr(`${args.file}:${e.line}:${e.column}: ${e.path}: ${e.message}\n`);
    return 2;
  }
  // under another variant the file must still be a valid scenario, or no counterexample could be
  const under = args.variant ? parseScenarioUnder(text, args.variant) : parsed;
  if (!under.ok) {
    for (const e of under.errors) io.stderr(`${args.file}:${e.line}:${e.column}: ${e.path}: under --variant ${args.variant}: ${e.message}\n`);
    return 2;
  }
  const scenario = under.scenario;
  if (args.options.fromStep !== undefined && args.options.fromStep > scenario.steps.length) {
    io.stderr(`sgp: --from-step ${args.options.fromStep} is past the last step (the scenario has ${scenario.steps.length})\n`);
    return 2;
  }
  let result: ExploreResult;
  try {
    const { explore } = await import('../core/explore/index.ts');
    // the run budget's wall time and heap are measured here: the core has no clock
    const t0 = performance.now();
    result = explore(scenario, { ...args.options, probe: { elapsedMs: () => performance.now() - t0, heapBytes: () => process.memoryUsage().heapUsed } });
  } catch (e) {
    io.stderr(`${args.file}: internal error while exploring: ${String((e as Error)?.message ?? e).split('\n')[0]}\n`);
    return 3;
  }
  io.stdout(args.json ? JSON.stringify(result, null, 2) + '\n' : formatExplore(args.file, args, result));
  if (args.out !== null && result.violations.length > 0) {
    const f = await fs();
    await f.mkdir(args.out);
    for (const v of result.violations) {
      const path = `${args.out.replace(/[\\/]+$/, '')}/${baseName(args.file)}-${v.invariant}.json`;
      await f.writeFile(path, JSON.stringify(v.scenario, null, 2) + '\n');
      if (!args.json) io.stdout(`wrote ${path}\n`);
    }
  }
  if (result.stopped) {
    // a search the budget stopped asked for too much: what it found so far is printed, the message names the limit
    io.stderr(`${args.file}: after ${result.states.toLocaleString('en')} states: ${result.stopped.message}\n`);
    return result.violations.length > 0 ? 1 : 2;
  }
  return result.violations.length > 0 ? 1 : 0;
}
