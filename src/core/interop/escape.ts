// Escaping for the Markdown report: text from scenarios and traces (member ids, labels, error
// messages) must never break the Markdown around it or the Mermaid diagram it is drawn in.

/**
 * Plain text inside Markdown prose, a heading or a table cell (never at the start of a block): the
 * characters that open inline syntax (code, emphasis, links, strikethrough, math), end a table cell
 * or start HTML are escaped; newlines become `<br>`.
 */
export function mdText(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|~$])/g, '\\$1')
    .replace(/\r\n|\r|\n/g, '<br>')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Inline code span that cannot be broken by backticks, pipes or newlines in `s`. */
export function mdCode(s: string): string {
  const flat = s.replace(/\r\n|\r|\n/g, ' ').replace(/\|/g, '\\|');
  let fence = '`';
  while (flat.includes(fence)) fence += '`';
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Characters that are safe as they are in Mermaid message and note text. */
const MERMAID_SAFE = /[A-Za-z0-9 _.,=()[\]/+*@!?'-]/;

/**
 * Text for a Mermaid sequence diagram (message, note, participant label): every character outside a
 * small safe set becomes an entity code (`#59;`), which Mermaid decodes when it renders. So `;`, `#`,
 * `:`, `<`, `>`, `%`, quotes, backticks and newlines can never end a statement or open a comment.
 */
export function mermaidText(s: string): string {
  let out = '';
  for (const ch of s) out += MERMAID_SAFE.test(ch) ? ch : `#${ch.codePointAt(0)};`;
  // a leading space would be swallowed; keyword-like text is harmless after ":" / "as"
  return out;
}

/** Stricter than `mermaidText`, for participant labels (after `as`). */
const MERMAID_LABEL_SAFE = /[A-Za-z0-9 _.]/;

export function mermaidLabel(s: string): string {
  let out = '';
  for (const ch of s) out += MERMAID_LABEL_SAFE.test(ch) ? ch : `#${ch.codePointAt(0)};`;
  return out.trim() === '' ? '#160;' : out;
}
