// The embed's read-only views of one step of a trace: the message flow (a sequence diagram), the group, the narration
// and the request with its response. Built from the trace alone, with text nodes only (dom.ts).
import { stepFlow, type FlowEvent, type Trace, type TraceGroupView, type TraceStep } from '../core/index.ts';
import { el, list, svg } from './dom.ts';

export const VIEWS = ['flow', 'group', 'narration', 'request'] as const;
export type View = (typeof VIEWS)[number];

export const VIEW_LABELS: Record<View, string> = { flow: 'Flow', group: 'Group', narration: 'Narration', request: 'Request' };

export function isView(name: string | null): name is View {
  return VIEWS.some((v) => v === name);
}

/** Steps shown around the selected one in the flow. */
const FLOW_CONTEXT = 2;
const LANE_GAP = 130;
const ROW = 24;
const FIXED_LANES = ['broker', 'coordinator', 'log'];

/** The message flow of the steps around `selected`, the selected step's arrows highlighted. */
export function flowView(trace: Trace, selected: number): Element {
  const from = Math.max(0, selected - FLOW_CONTEXT);
  const steps = trace.steps.slice(from, selected + FLOW_CONTEXT + 1);
  const events: FlowEvent[] = [];
  for (const s of steps) for (const e of stepFlow(s)) events.push(e);
  const clients: string[] = [];
  for (const e of events) for (const lane of [e.from, e.to]) if (!FIXED_LANES.includes(lane) && !clients.includes(lane)) clients.push(lane);
  const lanes = [...clients.sort(), ...FIXED_LANES];
  const x = (lane: string) => 70 + lanes.indexOf(lane) * LANE_GAP;
  const width = 140 + (lanes.length - 1) * LANE_GAP;
  const height = 50 + Math.max(1, events.length) * ROW;
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': `Message flow of steps ${from} to ${from + steps.length - 1}` });
  const defs = svg('defs');
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'head' }));
  defs.append(marker);
  root.append(defs);
  for (const lane of lanes) {
    root.append(svg('text', { x: x(lane), y: 16, class: 'lane', 'text-anchor': 'middle' }, lane));
    root.append(svg('line', { x1: x(lane), y1: 24, x2: x(lane), y2: height - 6, class: 'lifeline' }));
  }
  events.forEach((e, i) => {
    const y = 44 + i * ROW;
    const cls = `${e.kind}${e.step === selected ? ' selected' : ''}`;
    const group = svg('g', { class: cls });
    const title = svg('title', {}, `step ${e.step}, ${e.at} ms: ${e.label}${e.detail ? ` (${e.detail})` : ''}`);
    group.append(title);
    if (e.from === e.to) {
      group.append(svg('circle', { cx: x(e.from), cy: y - 4, r: 4 }));
      group.append(svg('text', { x: x(e.from) + 8, y: y - 8 }, e.label));
    } else {
      const x1 = x(e.from);
      const x2 = x(e.to);
      group.append(svg('line', { x1, y1: y, x2, y2: y, 'marker-end': 'url(#arrow)' }));
      group.append(svg('text', { x: (x1 + x2) / 2, y: y - 5, 'text-anchor': 'middle' }, e.label));
    }
    root.append(group);
  });
  const figure = el('figure', { class: 'flow' }, root);
  if (events.length === 0) figure.append(el('figcaption', {}, 'No messages in these steps.'));
  return figure;
}

function tasks(byId: Record<string, number[]>): string {
  const parts = Object.entries(byId).map(([sub, ps]) => `${sub}: ${ps.join(',')}`);
  return parts.length > 0 ? parts.join('; ') : '—';
}

/** The group after the step: its state and epochs, one row per member. */
export function groupView(group: TraceGroupView | null): Element {
  if (!group) return el('p', {}, 'No group exists after this step.');
  const head = el(
    'p',
    { class: 'group-head' },
    `${group.groupId}: ${group.state}, group epoch ${group.groupEpoch}, assignment epoch ${group.assignmentEpoch}${group.topicProblem ? ` — ${group.topicProblem.detail}` : ''}`,
  );
  const table = el(
    'table',
    {},
    el(
      'thead',
      {},
      list(
        'tr',
        {},
        ['member', 'state', 'epoch', 'active', 'standby', 'pending revocation'].map((h) => el('th', { scope: 'col' }, h)),
      ),
    ),
  );
  const body = el('tbody');
  for (const m of Object.values(group.members)) {
    body.append(
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, m.alias ?? m.memberId),
        el('td', {}, m.state),
        el('td', {}, String(m.memberEpoch)),
        el('td', {}, tasks(m.assigned.active)),
        el('td', {}, tasks(m.assigned.standby)),
        el('td', {}, tasks(m.pendingRevocation.active)),
      ),
    );
  }
  table.append(body);
  return el('div', { class: 'group' }, head, Object.keys(group.members).length > 0 ? table : el('p', {}, 'No members.'));
}

/** The step's narration, with its failed expectations and violated invariants. */
export function narrationView(step: TraceStep): Element {
  const lines = list(
    'ul',
    { class: 'narration' },
    step.narration.map((line) => el('li', {}, line)),
  );
  for (const m of step.mismatches) lines.append(el('li', { class: 'bad' }, `Expectation failed at ${m.path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`));
  for (const v of step.violations) lines.append(el('li', { class: 'bad' }, `Invariant ${v.invariant}: ${v.message}`));
  return lines;
}

/** The step's request and response as JSON text. */
export function requestView(step: TraceStep): Element {
  if (step.request === null && step.response === null) return el('p', {}, 'This step sends no request.');
  const title = `${step.api ?? 'request'}${step.version !== null ? ` v${step.version}` : ''}${step.member ? ` from ${step.member}` : ''}`;
  return el(
    'div',
    { class: 'request' },
    el('h3', {}, title),
    el('pre', {}, JSON.stringify(step.request, null, 2)),
    el('h3', {}, `Response${step.errorName && step.errorName !== 'NONE' ? `: ${step.errorName}` : ''}`),
    el('pre', {}, JSON.stringify(step.response, null, 2)),
  );
}

export function stepView(view: View, trace: Trace, selected: number): Element {
  const step = trace.steps[selected];
  if (!step) return el('p', {}, 'This scenario has no steps.');
  if (view === 'flow') return flowView(trace, selected);
  if (view === 'group') return groupView(step.group);
  if (view === 'narration') return narrationView(step);
  return requestView(step);
}
