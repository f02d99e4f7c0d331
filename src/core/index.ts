// The public API of the core, published as the `streams-group-core` package (packages/core): a small, stable
// surface, versioned with semver (README "Use it from your code"). Everything else in src/core is internal: the
// package's exports map reaches only this module, so internals may change in any release.
//
// Pure and deterministic in every runtime (Node, Deno, Bun, workerd, browsers): no DOM, no Node built-ins, no I/O,
// no clock, no Math.random; the same scenario gives the same trace byte for byte everywhere.

// ---- parse and validate: scenario text → Scenario, or every error with its line, column and JSON path
export { parseScenario, parseScenarioUnder, parseScenarioUnderRelease } from './scenario/parse.ts';
export type { ParseResult, ScenarioError } from './scenario/json.ts';
export { SCENARIO_FORMAT_VERSION } from './scenario/types.ts';
export type { Scenario, Step, Expectation, ClientSpec, RpcName } from './scenario/types.ts';

// ---- run: Scenario → Trace (the run budget stops a runaway run with a message naming the limit)
export { runScenario } from './scenario/runner.ts';
export type { RunProbe } from './scenario/budget.ts';

// ---- the trace
export type { Trace, TraceStep, TraceInitial, TraceRecord, TraceGroupView, TraceMemberView, TimerFired, Mismatch } from './scenario/types.ts';
export { formatTrace } from './scenario/format.ts';
export { stepFlow } from './scenario/flow.ts';
export type { FlowEvent, FlowKind } from './scenario/flow.ts';

// ---- protocol editions and coordinator variants
export { editionNames } from './editions/index.ts';
export { VARIANTS, variantsFor, isVariant } from './variants/index.ts';
export type { Variant } from './variants/index.ts';
export { KAFKA_RELEASES } from './releases/index.ts';
export type { KafkaRelease } from './releases/index.ts';

// ---- compare: one scenario under two variants (or editions), step by step
export { compareScenario, formatComparison } from './compare/compare.ts';
export type { Comparison, Difference, ResolvedSide, Side } from './compare/compare.ts';

// ---- explore: random walks or breadth-first search for invariant violations
export { explore } from './explore/index.ts';
export type { ExploreOptions, ExploreProgress, ExploreResult, ExploreViolation } from './explore/index.ts';

// ---- the wire codec: Kafka's binary form of the group RPCs, for a version and edition
export { encodeMessage, decodeMessage, annotate, supportedVersions, defaultMessage, MESSAGE_KINDS, toHex, fromHex, WireError } from './wire/index.ts';
export type { Annotation, Decoded, DecodeOptions, EncodeOptions, MessageKind } from './wire/index.ts';

// ---- share links: the scenario text in a URL fragment (#sgp=2.…), checksummed
export { encodeLink, decodeLink } from './share/link.ts';
export type { DecodeResult } from './share/link.ts';

// ---- the KIP report: Markdown with a Mermaid sequence diagram; broker request-log lines in and out
export { exportMarkdown, sequenceDiagram, scenarioFromRequestLog, toRequestLogLines } from './interop/index.ts';
export type { VariantTrace, MarkdownOptions, ScenarioImport, ScenarioImportOptions } from './interop/index.ts';
