// A real application's broker request log, replayed in the simulator: `sgp import` turns the log into a scenario
// (raw sends, advances from the timestamps), the simulator runs it, and every simulated response is compared with the
// response the broker logged, through the same named normalisations as `sgp oracle`.
import { scenarioFromRequestLog } from '../../src/core/interop/requestLog.ts';
import { compareWithKafka, type KafkaStepResult, type OracleStepRow } from '../../src/core/oracle/compare.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario, Trace } from '../../src/core/scenario/types.ts';

export interface LogReplay {
  scenario: Scenario;
  trace: Trace;
  rows: OracleStepRow[];
  /** Rows whose simulated response differs from the logged one. */
  divergent: OracleStepRow[];
  normalisations: string[];
}

/** Group-level config names (IncrementalAlterConfigs on GROUP) -> the scenario's broker-level names. */
export function scenarioConfig(groupConfigs: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(groupConfigs)) out[`group.${k}`] = Number(v);
  return out;
}

export function replayRequestLog(text: string, base: Partial<Scenario>): LogReplay {
  const { scenario, result } = scenarioFromRequestLog(text, base, { timing: 'advance', clock: 'handled', expectResponses: true });
  const trace = runScenario(scenario);
  const kafka: KafkaStepResult[] = [];
  result.steps.forEach((step, index) => {
    if (!('send' in step)) return;
    kafka.push({ index, label: trace.steps[index]?.label ?? '', kind: 'send', response: result.responses[index] as Record<string, unknown>, exchanges: [], records: [] });
  });
  // the log has no records: compare responses only
  const rows = compareWithKafka(trace.steps, kafka).steps.map((r) => ({ ...r, diffs: r.diffs.filter((d) => !d.path.startsWith('records')) }));
  return { scenario, trace, rows, divergent: rows.filter((r) => r.diffs.length > 0), normalisations: compareWithKafka([], []).normalisations };
}
