// The message flow as an animation (RaftScope-style), loaded on first use: the selected step's messages travel
// between the lanes one after another, and its records land in __consumer_offsets. Only the current step is
// animated (a handful of elements whatever the trace's length), with the Web Animations API (no timers, no frame
// loop of our own). The packets stay where they ended until the next step, so what is drawn does not depend on
// when one looks.
import type { FlowEvent } from '../../../workers/api.ts';

export interface Move {
  x1: number;
  x2: number;
  y: number;
  kind: FlowEvent['kind'];
  /** A response or rejection that carries an error. */
  error: boolean;
}

const NS = 'http://www.w3.org/2000/svg';
/** One message's flight, and the pause before the next one leaves, at speed 1 (ms). */
const FLIGHT_MS = 520;
const STAGGER_MS = 300;

function packet(m: Move): SVGElement {
  if (m.kind === 'records') {
    const r = document.createElementNS(NS, 'rect');
    r.setAttribute('x', '-6');
    r.setAttribute('y', '-5');
    r.setAttribute('width', '12');
    r.setAttribute('height', '10');
    r.setAttribute('rx', '2');
    r.setAttribute('fill', 'var(--standby)');
    return r;
  }
  const c = document.createElementNS(NS, 'circle');
  c.setAttribute('r', m.x1 === m.x2 ? '6' : '5');
  c.setAttribute('fill', m.error ? 'var(--err)' : m.kind === 'timer' ? 'var(--warn)' : m.kind === 'response' ? 'var(--ok)' : 'var(--accent)');
  if (m.x1 === m.x2) {
    c.setAttribute('fill', 'none');
    c.setAttribute('stroke', m.error ? 'var(--err)' : 'var(--warn)');
    c.setAttribute('stroke-width', '2');
  }
  return c;
}

/** Animates `moves` (the current step's events, in order) inside `layer`; returns a function that stops and clears them. */
export function animateStep(layer: SVGGElement, moves: Move[], speed: number): () => void {
  layer.replaceChildren();
  const animations: Animation[] = [];
  const flight = FLIGHT_MS / speed;
  const stagger = STAGGER_MS / speed;
  moves.forEach((m, i) => {
    const g = document.createElementNS(NS, 'g');
    g.setAttribute('data-testid', 'flow-packet');
    g.setAttribute('data-kind', m.kind);
    g.append(packet(m));
    layer.append(g);
    const at = (x: number) => `translate(${x}px, ${m.y}px)`;
    const keyframes: Keyframe[] =
      m.x1 === m.x2
        ? // a mark on one lane (a rejection, a timer): a ring that opens where it happens
          [
            { transform: `${at(m.x1)} scale(0.4)`, opacity: 1 },
            { transform: `${at(m.x1)} scale(2.2)`, opacity: 0 },
          ]
        : m.kind === 'records'
          ? // a record batch drops into the log and stays there, settled
            [
              { transform: at(m.x1), opacity: 0 },
              { transform: at(m.x1), opacity: 1, offset: 0.1 },
              { transform: `${at(m.x2)} scale(1.5)`, opacity: 1, offset: 0.85 },
              { transform: at(m.x2), opacity: 0.55 },
            ]
          : [
              { transform: at(m.x1), opacity: 0 },
              { transform: at(m.x1), opacity: 1, offset: 0.1 },
              { transform: at(m.x2), opacity: 1, offset: 0.9 },
              { transform: at(m.x2), opacity: 0 },
            ];
    animations.push(g.animate(keyframes, { duration: flight, delay: i * stagger, easing: 'ease-in-out', fill: 'both' }));
  });
  return () => {
    for (const a of animations) a.cancel();
    layer.replaceChildren();
  };
}
