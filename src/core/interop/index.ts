// Interop with the world outside the playground: broker request logs in, Markdown reports out.
export { importRequestLog, scenarioFromRequestLog, letterAlias, rpcForApiKey, API_KEY_NAMES } from './requestLog.ts';
export type { ImportOptions, ImportResult, ImportedStep, ScenarioImportOptions, ScenarioImport } from './requestLog.ts';
export { parseLogLine, parseTimestamp, COMPLETED_REQUEST } from './logline.ts';
export type { LogLine } from './logline.ts';
export { toRequestLogLines, requestLogLine, exchangesOf, log4jDate } from './render.ts';
export type { RenderOptions, LoggedExchange } from './render.ts';
export { exportMarkdown, sequenceDiagram, requestSummary, responseSummary, valueSummary, taskList } from './markdown.ts';
export type { VariantTrace, MarkdownOptions } from './markdown.ts';
export { mdText, mdCode, mermaidText, mermaidLabel } from './escape.ts';
