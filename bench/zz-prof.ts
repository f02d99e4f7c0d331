import { joinScenario } from '/work/wt13/bench/scale.ts';
import { ScenarioRunner } from '/work/wt13/src/core/scenario/runner.ts';
const s = joinScenario(Number(process.argv[2] ?? 1000));
const r = new ScenarioRunner(s);
const t0 = performance.now();
s.steps.forEach((st, i) => r.runStep(st, i));
console.log('ms', performance.now() - t0, r.broker.coordinator.groups.get('app')?.state());
