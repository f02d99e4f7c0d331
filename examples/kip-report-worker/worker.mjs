// A Cloudflare Worker (or any workerd host) that answers a scenario with its KIP report.
//
//   POST /   body: a scenario document (JSON), or a playground share link (…#sgp=2.…)
//   → 200 text/markdown: the report (Mermaid sequence diagram, records, expectations) of the scenario under its
//     variant and its checkVariants; header x-sgp-mismatches: how many expectations did not hold
//   → 400 text/plain: why the body is not a scenario (line:column: JSON path: message, one per line)
//   → 405 for another method, 413 for a body over 1 MiB
//
// The scenario is data: the worker parses it, runs the deterministic core on it and writes Markdown; nothing in it is
// ever run as code.
import { decodeLink, exportMarkdown, parseScenario, runScenario } from 'streams-group-core';

const MAX_BODY_BYTES = 1024 * 1024;

function text(status, body, headers = {}) {
  return new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
}

/** The scenario text of a request body: the body itself, or the scenario a share link in it carries. */
function scenarioText(body) {
  if (!body.includes('#sgp=')) return { ok: true, text: body };
  const link = decodeLink(body.trim());
  return link.ok ? { ok: true, text: link.text } : { ok: false, message: link.message };
}

async function report(body) {
  const input = scenarioText(body);
  if (!input.ok) return text(400, `${input.message}\n`);
  const parsed = parseScenario(input.text);
  if (!parsed.ok) return text(400, parsed.errors.map((e) => `${e.line}:${e.column}: ${e.path}: ${e.message}\n`).join(''));
  const scenario = parsed.scenario;
  const variants = [...new Set([scenario.variant, ...(scenario.checkVariants ?? [])])];
  const traces = variants.map((variant) => ({ variant, trace: runScenario({ ...scenario, variant }) }));
  const mismatches = traces.reduce((n, t) => n + t.trace.steps.reduce((m, s) => m + s.mismatches.length, 0), 0);
  return new Response(exportMarkdown(scenario, traces), {
    headers: { 'content-type': 'text/markdown; charset=utf-8', 'x-sgp-mismatches': String(mismatches) },
  });
}

export default {
  async fetch(request) {
    if (request.method !== 'POST') return text(405, 'POST a scenario (JSON) or a share link (…#sgp=…) to get its KIP report.\n', { allow: 'POST' });
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > MAX_BODY_BYTES) return text(413, `The body is over ${MAX_BODY_BYTES} bytes.\n`);
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.length > MAX_BODY_BYTES) return text(413, `The body is over ${MAX_BODY_BYTES} bytes.\n`);
    let body;
    try {
      body = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return text(400, 'The body is not UTF-8 text.\n');
    }
    return report(body);
  },
};
