// A small layered layout for the topology diagram (pure JS): topics and sub-topologies in columns,
// data flowing left to right; rows ordered by the mean row of their predecessors to limit crossings.

import { maxOf } from '../../core/util/arrays.ts';

export interface LayoutSub {
  id: string;
  sources: string[];
  patterns: string[];
  repartitionSources: string[];
  repartitionSinks: string[];
  changelogs: string[];
}

export type NodeKind = 'source' | 'pattern' | 'subtopology' | 'repartition' | 'changelog';

export interface LayoutNode {
  id: string;
  label: string;
  kind: NodeKind;
  layer: number;
  row: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LayoutEdge {
  from: string;
  to: string;
  d: string;
  kind: 'read' | 'write' | 'changelog';
}

export interface Layout {
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  width: number;
  height: number;
}

const COL_W = 170;
const NODE_W = 140;
const ROW_H = 44;
const NODE_H = 28;

export function layoutTopology(subs: readonly LayoutSub[]): Layout {
  const nodes = new Map<string, { id: string; label: string; kind: NodeKind; layer: number }>();
  const edges: { from: string; to: string; kind: LayoutEdge['kind'] }[] = [];
  const topicId = (t: string) => `t:${t}`;
  const subId = (s: string) => `s:${s}`;
  const add = (id: string, label: string, kind: NodeKind) => {
    if (!nodes.has(id)) nodes.set(id, { id, label, kind, layer: 0 });
  };
  for (const s of subs) {
    add(subId(s.id), `sub-topology ${s.id}`, 'subtopology');
    for (const t of s.sources) {
      add(topicId(t), t, 'source');
      edges.push({ from: topicId(t), to: subId(s.id), kind: 'read' });
    }
    for (const t of s.patterns) {
      add(`p:${t}`, `/${t}/`, 'pattern');
      edges.push({ from: `p:${t}`, to: subId(s.id), kind: 'read' });
    }
    for (const t of s.repartitionSources) {
      add(topicId(t), t, 'repartition');
      edges.push({ from: topicId(t), to: subId(s.id), kind: 'read' });
    }
    for (const t of s.repartitionSinks) {
      add(topicId(t), t, 'repartition');
      edges.push({ from: subId(s.id), to: topicId(t), kind: 'write' });
    }
    for (const t of s.changelogs) {
      add(`c:${t}`, t, 'changelog');
      edges.push({ from: subId(s.id), to: `c:${t}`, kind: 'changelog' });
    }
  }
  // longest-path layering, bounded so cycles cannot loop forever
  for (let pass = 0; pass < nodes.size + 1; pass++) {
    let changed = false;
    for (const e of edges) {
      const a = nodes.get(e.from)!;
      const b = nodes.get(e.to)!;
      if (b.layer < a.layer + 1 && b.layer < nodes.size * 2) {
        b.layer = a.layer + 1;
        changed = true;
      }
    }
    if (!changed) break;
  }
  // order rows per layer by the mean row of predecessors
  const layers = new Map<number, string[]>();
  for (const n of nodes.values()) layers.set(n.layer, [...(layers.get(n.layer) ?? []), n.id]);
  const rowOf = new Map<string, number>();
  const sortedLayers = [...layers.keys()].sort((a, b) => a - b);
  for (const l of sortedLayers) {
    const ids = layers.get(l)!;
    const key = (id: string) => {
      const preds = edges
        .filter((e) => e.to === id)
        .map((e) => rowOf.get(e.from))
        .filter((r): r is number => r !== undefined);
      return preds.length ? preds.reduce((a, b) => a + b, 0) / preds.length : Number.MAX_SAFE_INTEGER;
    };
    ids.sort((a, b) => key(a) - key(b) || (a < b ? -1 : 1));
    ids.forEach((id, i) => rowOf.set(id, i));
  }
  const maxRows = maxOf(layers.values(), (v) => v.length, 1);
  const out: LayoutNode[] = [];
  for (const n of nodes.values()) {
    const count = layers.get(n.layer)!.length;
    const row = rowOf.get(n.id)!;
    const offset = ((maxRows - count) * ROW_H) / 2;
    out.push({ ...n, row, x: 10 + sortedLayers.indexOf(n.layer) * COL_W, y: 10 + offset + row * ROW_H, w: NODE_W, h: NODE_H });
  }
  const byId = new Map(out.map((n) => [n.id, n]));
  const outEdges: LayoutEdge[] = edges.map((e) => {
    const a = byId.get(e.from)!;
    const b = byId.get(e.to)!;
    const x1 = a.x + a.w;
    const y1 = a.y + a.h / 2;
    const x2 = b.x;
    const y2 = b.y + b.h / 2;
    const mx = (x1 + x2) / 2;
    return { ...e, d: `M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}` };
  });
  return {
    nodes: out,
    edges: outEdges,
    width: 20 + Math.max(1, sortedLayers.length) * COL_W,
    height: 20 + maxRows * ROW_H,
  };
}

/**
 * A node's label in at most two lines of `max` characters, broken after a '-', '_' or '.' where it
 * can be; only a label longer than two lines is cut (its full text stays in the node's tooltip).
 */
export function labelLines(label: string, max = 20): string[] {
  if (label.length <= max) return [label];
  let cut = -1;
  for (let i = Math.min(max, label.length - 1); i > max / 3; i--) {
    if ('-_.'.includes(label[i - 1]!)) {
      cut = i;
      break;
    }
  }
  if (cut < 0) cut = max;
  const rest = label.slice(cut);
  return [label.slice(0, cut), rest.length > max ? rest.slice(0, max - 1) + '…' : rest];
}
