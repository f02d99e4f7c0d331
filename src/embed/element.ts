// <sgp-scenario>: a scenario in any page. Load this script from the playground's site, then
//
//   <sgp-scenario src="https://example.org/sgp/examples/02-scale-out-revocation.json" step="3" view="flow"></sgp-scenario>
//   <sgp-scenario src="https://example.org/sgp/#sgp=2.…"></sgp-scenario>
//
// src: a share link, or the URL of a scenario document (fetched by the host page, so it must allow the host's origin);
// step: the selected step; view: flow | group | narration | request; playground: the playground's URL (default: where
// this script was loaded from); height: the frame's CSS height (default 420px).
//
// The scenario is shown by embed.html in a sandboxed iframe (scripts only: an opaque origin, no access to this page,
// its cookies or storage, no navigation of this page); this element only builds the frame's URL.
import { encodeLink } from '../core/share/link.ts';

const SCRIPT_URL = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : location.href;

/** The frame's sandbox: scripts, and popups (the "Open in the playground" link) that leave the sandbox. */
export const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

export class SgpScenario extends HTMLElement {
  static observedAttributes = ['src', 'step', 'view', 'playground', 'height'];
  #frame: HTMLIFrameElement | null = null;
  #status: HTMLParagraphElement | null = null;
  #loading = 0;

  connectedCallback(): void {
    if (this.#frame) return;
    const shadow = this.attachShadow({ mode: 'closed' });
    // a constructed style sheet, which a host page's CSP (style-src) allows where it would refuse a <style>
    const style = new CSSStyleSheet();
    style.replaceSync(':host{display:block}iframe{display:block;width:100%;border:1px solid #d9dce1;border-radius:6px}p{font:14px system-ui,sans-serif;color:#b3261e}');
    shadow.adoptedStyleSheets = [style];
    this.#frame = document.createElement('iframe');
    this.#frame.setAttribute('sandbox', SANDBOX);
    this.#frame.setAttribute('referrerpolicy', 'no-referrer');
    this.#frame.setAttribute('loading', 'lazy');
    this.#status = document.createElement('p');
    this.#status.hidden = true;
    shadow.append(this.#frame, this.#status);
    void this.#load();
  }

  attributeChangedCallback(): void {
    if (this.#frame) void this.#load();
  }

  async #load(): Promise<void> {
    const frame = this.#frame!;
    const load = ++this.#loading;
    frame.style.height = this.getAttribute('height') ?? '420px';
    frame.title = this.getAttribute('title') ?? 'Streams Group Playground scenario';
    const src = this.getAttribute('src') ?? '';
    let fragment: string;
    try {
      fragment = src.includes('#sgp=') ? src.slice(src.indexOf('#')) : encodeLink(await this.#fetchText(new URL(src, document.baseURI).href), null);
    } catch (e) {
      if (load === this.#loading) this.#show(`sgp-scenario: cannot load ${src}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    if (load !== this.#loading) return;
    const page = new URL('embed.html', new URL(this.getAttribute('playground') ?? './', SCRIPT_URL));
    for (const name of ['view', 'step']) {
      const value = this.getAttribute(name);
      if (value !== null) page.searchParams.set(name, value);
    }
    page.hash = fragment;
    this.#show(null);
    frame.src = page.href;
  }

  async #fetchText(url: string): Promise<string> {
    const res = await fetch(url, { credentials: 'omit' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.text();
  }

  #show(message: string | null): void {
    this.#status!.hidden = message === null;
    this.#status!.textContent = message ?? '';
    this.#frame!.hidden = message !== null;
  }
}

if (!customElements.get('sgp-scenario')) customElements.define('sgp-scenario', SgpScenario);
