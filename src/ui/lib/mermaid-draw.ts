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

/** The SVG of one Mermaid diagram, in the page's theme. */
export async function drawMermaid(source: string, dark: boolean): Promise<string> {
  const mermaid = await load();
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    fontFamily: 'system-ui, sans-serif',
    sequence: { useMaxWidth: false, wrap: false },
  });
  const { svg } = await mermaid.render(`sgp-mermaid-${++drawn}`, source);
  return svg;
}
