// Mermaid, loaded on first use only (a dynamic import: it is large and the page's first load does not need it),
// at its strict security level: labels are encoded, never HTML; click handlers and scripts are off.
type Mermaid = (typeof import('mermaid'))['default'];

let loading: Promise<Mermaid> | null = null;
let drawn = 0;

function load(): Promise<Mermaid> {
  loading ??= import('mermaid').then(
    (m) => m.default,
    (e: unknown) => {
      loading = null; // a failed load (offline before it was cached) is tried again next time
      throw e;
    },
  );
  return loading;
}

/** Whether Mermaid's code is on the page yet (tests: it loads on first use). */
export const mermaidLoaded = (): boolean => loading !== null;

/** A drawing's width: its viewBox's (Mermaid sets it to the drawn size). */
export function svgWidth(svg: string): number {
  const m = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"/.exec(svg);
  return m ? Number(m[1]) : 0;
}

/** The font size of a drawing made to fit (px): Mermaid's top-level fontSize, which sets its messages', notes' and lanes' sizes. */
const FIT_FONT = 12;
/** Mermaid's own default font size. */
const NATURAL_FONT = 16;

/**
 * The narrowest a lane may be when a drawing is made to fit: Mermaid wraps a label at spaces and cuts a word longer
 * than its lane, so a lane is never narrower than the longest word of the diagram's texts (a record name such as
 * StreamsGroupCurrentMemberAssignment stays whole), and never below 150 px.
 */
function minLane(source: string): number {
  const ctx = document.createElement('canvas').getContext('2d');
  let widest = 0;
  for (const line of source.split('\n')) {
    const colon = line.indexOf(':');
    const words = /^\s*participant\s/.test(line) ? line.split(/\s+as\s+/)[1]?.split(/\s+/) : colon >= 0 ? line.slice(colon + 1).split(/\s+/) : [];
    for (const w of words ?? []) {
      if (!w) continue;
      if (ctx) ctx.font = `${FIT_FONT}px system-ui, sans-serif`;
      widest = Math.max(widest, ctx ? ctx.measureText(w).width : w.length * 9);
    }
  }
  return Math.max(150, Math.ceil(widest) + 20);
}

/**
 * The SVG of one Mermaid diagram, in the page's theme. Mermaid draws a sequence diagram at its natural width, as wide as
 * its longest message; when that is wider than `fit` (CSS px), it is drawn again with its labels wrapped and its lanes
 * closer, as narrow as `fit` allows (never below minLane): what is still wider scrolls in its own box.
 */
export async function drawMermaid(source: string, dark: boolean, fit?: number): Promise<string> {
  const natural = await render(source, dark, {});
  if (fit === undefined || fit <= 0 || svgWidth(natural) <= fit) return natural;
  const lanes = Math.max(1, (source.match(/^\s*participant\s/gm) ?? []).length);
  const [margin, gap, least] = [8, 12, minLane(source)];
  let width = Math.max(least, Math.floor((fit - 2 * margin - (lanes - 1) * gap) / lanes));
  let svg = await render(source, dark, { wrap: true, width, actorMargin: gap, diagramMarginX: margin }, FIT_FONT);
  // Mermaid adds room of its own (wider boxes for long names, note padding): narrow the lanes by what is left over
  for (let tries = 0; tries < 3 && svgWidth(svg) > fit && width > least; tries++) {
    width = Math.max(least, width - Math.ceil((svgWidth(svg) - fit) / lanes));
    svg = await render(source, dark, { wrap: true, width, actorMargin: gap, diagramMarginX: margin }, FIT_FONT);
  }
  return svg;
}

async function render(source: string, dark: boolean, sequence: Record<string, unknown>, fontSize?: number): Promise<string> {
  const mermaid = await load();
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    fontFamily: 'system-ui, sans-serif',
    // every drawing sets it: Mermaid keeps its last configuration
    fontSize: fontSize ?? NATURAL_FONT,
    sequence: { useMaxWidth: false, wrap: false, ...sequence },
  });
  const { svg } = await mermaid.render(`sgp-mermaid-${++drawn}`, source);
  return svg;
}
