// The embed page (embed.html): one scenario from a share-link fragment, read-only. A timeline of its steps, the
// selected step's view (flow, group, narration, request) and a link that opens the scenario in the playground.
//
//   embed.html?view=flow&step=3#sgp=2.<data>.<check>[.<step>]
//
// It runs in a sandboxed iframe (allow-scripts, no allow-same-origin: an opaque origin, so it cannot reach the host
// page, its cookies or its storage), never evaluates anything from the scenario, and writes text nodes only.
import { decodeLink, encodeLink, parseScenario, runScenario, type Trace } from '../core/index.ts';
import { el, list } from './dom.ts';
import { VIEW_LABELS, VIEWS, isView, stepView, type View } from './views.ts';

// the app's theme (src/theme.css), light or dark as the system prefers: the same data-theme the app sets
const darkScheme = matchMedia('(prefers-color-scheme: dark)');
const followScheme = () => (document.documentElement.dataset.theme = darkScheme.matches ? 'dark' : 'light');
followScheme();
darkScheme.addEventListener('change', followScheme);

interface Shown {
  text: string;
  trace: Trace;
  view: View;
  selected: number;
}

function fail(title: string, lines: readonly string[]): void {
  document.body.replaceChildren(
    el(
      'main',
      { class: 'embed failed' },
      el('p', { class: 'title' }, title),
      list(
        'ul',
        {},
        lines.map((l) => el('li', {}, l)),
      ),
    ),
  );
}

function clampStep(step: number, trace: Trace): number {
  return Math.max(0, Math.min(step, trace.steps.length - 1));
}

function render(shown: Shown): void {
  const { trace, view, selected } = shown;
  const playground = new URL(`./${encodeLink(shown.text, selected)}`, location.href).href;
  const open = el('a', { class: 'open', href: playground, target: '_blank', rel: 'noopener noreferrer' }, 'Open in the playground ↗');
  const tabs = el('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Views' });
  for (const v of VIEWS) {
    const tab = el('button', { type: 'button', role: 'tab', 'aria-selected': String(v === view) }, VIEW_LABELS[v]);
    tab.addEventListener('click', () => render({ ...shown, view: v }));
    tabs.append(tab);
  }
  const timeline = el('ol', { class: 'timeline', 'aria-label': 'Steps' });
  for (const s of trace.steps) {
    const failed = s.errorName !== null && s.errorName !== 'NONE';
    const item = el(
      'button',
      { type: 'button', class: `${failed ? 'error' : ''}${s.mismatches.length + s.violations.length > 0 ? ' bad' : ''}`, 'aria-current': String(s.index === selected) },
      el('span', { class: 'index' }, String(s.index)),
      el('span', { class: 'label' }, s.label),
      el('span', { class: 'time' }, `${s.time} ms`),
    );
    item.addEventListener('click', () => render({ ...shown, selected: s.index }));
    timeline.append(el('li', {}, item));
  }
  const step = trace.steps[selected];
  document.body.replaceChildren(
    el(
      'main',
      { class: 'embed' },
      el('header', {}, el('p', { class: 'title' }, trace.title || 'Untitled scenario'), el('span', { class: 'meta' }, `${trace.protocol} · ${trace.variant}`), open),
      el('div', { class: 'body' }, timeline, el('section', { class: 'view', 'aria-label': step ? `Step ${step.index}: ${step.label}` : 'Step' }, tabs, stepView(view, trace, selected))),
    ),
  );
  // the selected step in view, scrolling the timeline only (scrollIntoView could scroll the host page too)
  const current = timeline.querySelector<HTMLElement>('[aria-current="true"]');
  if (current) timeline.scrollTop = Math.max(0, current.offsetTop - timeline.offsetTop - timeline.clientHeight / 2);
}

function main(): void {
  const params = new URLSearchParams(location.search);
  const link = decodeLink(location.hash);
  if (!link.ok) return fail('This embed has no scenario to show.', [link.message]);
  const parsed = parseScenario(link.text);
  if (!parsed.ok)
    return fail(
      'This scenario is not valid.',
      parsed.errors.map((e) => `${e.line}:${e.column}: ${e.path}: ${e.message}`),
    );
  const started = performance.now();
  let trace: Trace;
  try {
    trace = runScenario(parsed.scenario, { probe: { elapsedMs: () => performance.now() - started, heapBytes: () => null } });
  } catch (e) {
    return fail('This scenario could not be run.', [e instanceof Error ? e.message : String(e)]);
  }
  const asked = Number(params.get('step') ?? link.step ?? 0);
  const view = params.get('view');
  render({ text: link.text, trace, view: isView(view) ? view : 'flow', selected: clampStep(Number.isSafeInteger(asked) ? asked : 0, trace) });
}

main();
