// TypeScript against the installed package's declarations (module nodenext, no DOM and no Node types): the public
// API compiles as a user writes it.
import { decodeLink, encodeLink, exportMarkdown, parseScenario, runScenario, type Trace, type TraceStep } from 'streams-group-core';

export function report(text: string): string {
  const parsed = parseScenario(text);
  if (!parsed.ok) return parsed.errors.map((e) => `${e.line}:${e.column}: ${e.path}: ${e.message}`).join('\n');
  const trace: Trace = runScenario(parsed.scenario);
  const first: TraceStep | undefined = trace.steps[0];
  const link = decodeLink(encodeLink(text, first ? first.index : null));
  return link.ok ? exportMarkdown(parsed.scenario, [{ variant: trace.variant, trace }]) : link.message;
}
