// The embed's only way to write the page: elements with text content. Nothing from a scenario ever becomes markup
// (no innerHTML, no attribute but class, title and ARIA ones), so a hostile title or label stays text.

type Attrs = Record<string, string>;

/** An element with attributes and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

/** A list element (ul, ol, tr, ...) with one child per item. */
export function list<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs, items: readonly (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = el(tag, attrs);
  for (const item of items) e.append(item);
  return e;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element; `text` becomes its text content. */
export function svg(tag: string, attrs: Record<string, string | number> = {}, text?: string): SVGElement {
  const e = document.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}
