// `sgp oracle FILE (--engine shard | --engine broker | --bootstrap HOST:PORT) [--kafka RELEASE] [--json] [--time-scale N]
// [--margin MS]`: runs a scenario on Kafka and on the simulator, and prints both traces side by side with the first
// divergence. Three engines: Kafka's own coordinator shard in process on the scenario's clock (shard.ts: any modelled
// release, 4.1.2 to 4.4.0), the bundled live broker (`--engine broker`, alias `--broker`: 4.4.0 only), or a cluster the
// user runs (`--bootstrap`: run as 4.4.0).
import { basename } from 'node:path';
import type { Scenario } from '../../core/scenario/types.ts';
import { planOracle } from '../../core/oracle/plan.ts';
import { compareWithKafka, type OracleResult } from '../../core/oracle/compare.ts';
import { formatOracleResult } from '../../core/oracle/report.ts';
import { DEFAULT_MAX_PARTITIONS, footprintNotice, partitionCapReason, planFootprint } from '../../core/oracle/footprint.ts';
import { executePlan } from './execute.ts';
import { editionNamed } from '../../core/editions/index.ts';
import { kafkaChoiceFor, parseKafkaChoice, runOnShard } from './shard.ts';
import { RELEASE_PATCH, releaseOf } from '../../core/releases/index.ts';

export const ORACLE_USAGE = `  sgp oracle FILE (--engine shard | --engine broker | --bootstrap HOST:PORT) [--kafka RELEASE] [--json]
             [--time-scale N] [--margin MS] [--max-partitions N]
                                 run FILE on Kafka and on the simulator; print both traces
                                 side by side with the first divergence (exit 1 when they differ).
                                 --engine shard runs Kafka's own group coordinator shard in process on the
                                 scenario's clock (exact to the millisecond; needs Java 17 and Maven): every
                                 scenario runs, proposals (variants, the draft edition) are refused.
                                 --kafka 4.1 | 4.2 | 4.3 | 4.4 (or a patch: 4.2.2) runs the scenario as that
                                 release, on the shard engine with that release's own jars; default the
                                 scenario's "kafka" (4.4). A line runs its newest patch (4.1.2, 4.2.2, 4.3.2, 4.4.0).
                                 --engine broker (or --broker) starts the bundled Kafka 4.4.0 broker and
                                 can restart it for failover steps; --bootstrap uses a cluster you already run.
                                 The live engines run Kafka 4.4 only.
                                 --time-scale N shrinks the scenario's timeouts N times (default: the largest
                                 that keeps every timer --margin ms, default 1500, away from every step);
                                 a scenario whose timing cannot be reproduced is refused with the reason.
                                 On --bootstrap it first says what it will create (topics, groups, group
                                 configs), refuses a run above --max-partitions N (default ${DEFAULT_MAX_PARTITIONS})
                                 partitions, and removes everything it created when it ends, even on failure`;

export interface OracleArgs {
  file: string;
  bootstrap: { host: string; port: number } | null;
  broker: boolean;
  /** --engine shard: Kafka's coordinator shard in process (src/cli/oracle/shard.ts). */
  shard?: boolean;
  /** --kafka: the release to run ("4.2" or "4.2.2"); default the scenario's own. */
  kafka?: string;
  json: boolean;
  timeScale?: number;
  marginMs?: number;
  /** --max-partitions: the most partitions a --bootstrap run may create on the cluster. */
  maxPartitions?: number;
}

export function parseOracleArgs(argv: readonly string[]): OracleArgs | string {
  const out: OracleArgs = { file: '', bootstrap: null, broker: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') out.json = true;
    else if (a === '--broker') out.broker = true;
    else if (a === '--engine') {
      const v = argv[++i] ?? '';
      if (v === 'broker') out.broker = true;
      else if (v === 'shard') out.shard = true;
      else return `--engine needs shard or broker (got "${v}")`;
    } else if (a === '--kafka') {
      const v = argv[++i] ?? '';
      if (!parseKafkaChoice(v)) return `--kafka needs a modelled release: 4.1, 4.2, 4.3, 4.4 or a patch of one (${Object.values(RELEASE_PATCH).join(', ')}) (got "${v}")`;
      out.kafka = v;
    } else if (a === '--bootstrap') {
      const v = argv[++i] ?? '';
      const m = /^(.+):(\d{1,5})$/.exec(v);
      if (!m) return `--bootstrap needs HOST:PORT (got "${v}")`;
      out.bootstrap = { host: m[1]!, port: Number(m[2]) };
    } else if (a === '--max-partitions') {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v <= 0) return '--max-partitions needs a positive integer';
      out.maxPartitions = v;
    } else if (a === '--time-scale' || a === '--margin') {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v <= 0 || (a === '--time-scale' && !Number.isInteger(v))) return `${a} needs a positive ${a === '--time-scale' ? 'integer' : 'number'}`;
      if (a === '--time-scale') out.timeScale = v;
      else out.marginMs = v;
    } else if (a.startsWith('-')) return `unknown option ${a}`;
    else if (out.file) return 'sgp oracle takes one FILE';
    else out.file = a;
  }
  if (!out.file) return 'sgp oracle needs a FILE';
  if (!out.broker && !out.bootstrap && !out.shard) return 'sgp oracle needs --engine shard, --engine broker (or --broker) or --bootstrap HOST:PORT';
  if ([out.broker, out.bootstrap !== null, out.shard === true].filter(Boolean).length > 1) return 'give one engine: --engine shard, --engine broker (--broker) or --bootstrap, not two';
  return out;
}

interface BundledBroker {
  host: string;
  port: number;
  bootstrap: string;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The bundled broker's harness (oracle/harness), loaded only for --broker: the CLI itself needs no Java. */
async function startBundledBroker(configs: Record<string, string>): Promise<BundledBroker> {
  const url = new URL('../../../oracle/harness/broker.ts', import.meta.url).href;
  const mod = (await import(url)) as { startBroker(o: { configs: Record<string, string> }): Promise<BundledBroker> };
  return mod.startBroker({ configs });
}

export interface OracleOutcome {
  result: OracleResult;
  text: string;
}

/** Plans, runs and compares one scenario. `refused` results carry the reasons; transport failures throw. */
export async function runOracle(
  file: string,
  scenario: Scenario,
  args: Omit<OracleArgs, 'file'>,
  shared?: { host: string; port: number; restart?: () => Promise<void>; configs?: Record<string, string> },
  /** Told, before a --bootstrap run connects, what it will create on the cluster. */
  notice?: (text: string) => void,
): Promise<OracleResult> {
  if (args.shard && !shared) return runOnShard(scenario, { file, kafka: args.kafka });
  const release = kafkaChoiceFor(scenario, args.kafka);
  const canRestart = args.broker || shared?.restart !== undefined;
  const base = {
    format: 'sgp-oracle' as const,
    version: 1 as const,
    scenario: basename(file),
    kafka: { version: '4.4.0', bootstrap: shared ? `${shared.host}:${shared.port}` : args.bootstrap ? `${args.bootstrap.host}:${args.bootstrap.port}` : '(bundled)', configs: shared?.configs ?? {} },
    timeScale: args.timeScale ?? 1,
    marginMs: 0,
    groupConfigs: {},
    normalisations: [],
    steps: [],
    firstDivergence: null,
    elapsedMs: 0,
    medianRoundTripMs: null,
  };
  // the live broker (bundled or the user's) is run as Kafka 4.4 only: an older release runs on the shard engine
  if (release.line !== '4.4')
    return {
      ...base,
      kafka: { ...base.kafka, version: release.version },
      refused: [`Kafka ${release.version} runs on the shard engine only (--engine shard); the live broker engines (--engine broker, --bootstrap) run Kafka 4.4`],
    };
  // --kafka 4.4 on a scenario of another release runs it as 4.4 on both sides
  const as44: Scenario = editionNamed(scenario.protocol).hasReleases && releaseOf(scenario) !== '4.4' ? { ...scenario, kafka: '4.4' } : scenario;
  const planned = planOracle(as44, { timeScale: args.timeScale, marginMs: args.marginMs, canRestart, brokerConfigsApplied: args.broker || shared?.configs !== undefined });
  if (!planned.ok) return { ...base, refused: planned.reasons };
  const plan = planned.plan;
  if (!shared && args.bootstrap) {
    // a cluster the user runs: the run's footprint is bounded and told before anything is created
    const footprint = planFootprint(plan);
    const over = partitionCapReason(footprint, args.maxPartitions ?? DEFAULT_MAX_PARTITIONS);
    if (over) return { ...base, refused: [over] };
    notice?.(footprintNotice(footprint, base.kafka.bootstrap));
  }
  let broker: BundledBroker | undefined;
  try {
    let target = shared ?? args.bootstrap!;
    let restart = shared?.restart;
    if (!shared && args.broker) {
      broker = await startBundledBroker(plan.brokerConfigs);
      target = { host: broker.host, port: broker.port };
      restart = () => broker!.restart();
      base.kafka.bootstrap = broker.bootstrap;
      base.kafka.configs = plan.brokerConfigs;
    }
    const run = await executePlan(plan, { host: target.host, port: target.port, restart });
    const cmp = compareWithKafka(plan.trace, run.steps);
    return {
      ...base,
      timeScale: plan.timeScale,
      marginMs: plan.marginMs,
      groupConfigs: plan.groupConfigs,
      normalisations: [...cmp.normalisations, ...run.notes],
      steps: cmp.steps,
      firstDivergence: cmp.firstDivergence,
      elapsedMs: run.elapsedMs,
      medianRoundTripMs: run.medianRoundTripMs,
    };
  } finally {
    await broker?.stop();
  }
}

export function oracleText(result: OracleResult, json: boolean): string {
  return json ? `${JSON.stringify(result, null, 2)}\n` : formatOracleResult(result);
}
