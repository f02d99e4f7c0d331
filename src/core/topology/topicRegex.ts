// Source-topic regular expressions, matched in time linear in the topic name (issue 22 item 1).
//
// Kafka matches a source-topic regex with java.util.regex.Pattern (Pattern.compile(regex).matcher(topic).matches()),
// a backtracking engine: `(a+)+b` against a long run of `a` takes exponential time. A pattern comes from a scenario or
// a stranger's link, and a synchronous match cannot be interrupted by the run budgets, so the playground matches with
// RE2JS (a pure-JavaScript port of RE2: an automaton simulation, linear in the input, no backtracking).
//
// Both engines agree on whole-name matching wherever both accept a pattern built from the regular constructs (literals,
// classes, alternation, groups, greedy and lazy quantifiers, anchors, \d \w \s \b, (?i) (?s) (?m)) against a Kafka
// topic name ([a-zA-Z0-9._-], ASCII). Java accepts some constructs RE2 has no linear algorithm for, or reads some text
// differently; the playground refuses those up front, with the reason, rather than give a result Kafka would not
// (docs/topic-regex.md lists them):
//   - backreferences (\1, \k<name>), lookahead and lookbehind, atomic groups, possessive quantifiers: not regular;
//   - class intersection (&&) and nested classes ([a[b]]): RE2 reads both as literal characters;
//   - an unescaped `{` that is not a repetition (Java refuses it, RE2 reads a literal), repetition counts above 1000;
//   - flags other than i, s and m (x, u, d, U, c: U means Unicode classes to Java but "ungreedy" to RE2);
//   - \Q inside a class, (?P<name>...), and escapes Java and RE2 read differently or RE2 lacks (\v, \h, \R, \X, \G,
//     \Z, \e, \c, \u: write \x{..} instead; octal \0);
//   - non-ASCII text or \x, \p escapes under (?i) (RE2 folds case by Unicode, Java by ASCII unless (?u)).
import { RE2JS } from 're2js';

/** Largest repetition count RE2 compiles ({n,m} with n or m above it is refused). */
export const MAX_REPEAT_COUNT = 1000;

/** A compiled source-topic regex, or why it cannot be used. */
export type TopicRegex =
  | { readonly ok: true; readonly matches: (topic: string) => boolean }
  /** `unsupported`: Java accepts the pattern but it has no linear-time match (or RE2 reads it differently). */
  | { readonly ok: false; readonly kind: 'invalid' | 'unsupported'; readonly reason: string };

/** Compiles a source-topic regex for whole-name matching (Java's matcher(topic).matches()). */
export function compileTopicRegex(regex: string): TopicRegex {
  const unsupported = unsupportedJavaConstruct(regex);
  if (unsupported !== null) return { ok: false, kind: 'unsupported', reason: unsupported };
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(regex);
  } catch (e) {
    return { ok: false, kind: 'invalid', reason: e instanceof Error ? e.message : String(e) };
  }
  return { ok: true, matches: (topic) => compiled.matches(topic) };
}

const DIGIT = /[0-9]/;
const ALLOWED_FLAGS = new Set(['i', 's', 'm', '-']);
/** Escapes (after a backslash) both engines read alike; any other letter or digit is refused or left to RE2 to refuse. */
const SHARED_LETTER_ESCAPES = new Set(['d', 'D', 's', 'S', 'w', 'W', 'b', 'B', 'A', 'z', 't', 'n', 'r', 'f', 'a', 'x', 'p', 'P', 'Q', 'E']);

/**
 * The first construct of `regex` that Java accepts but the playground will not match (see the file comment), as a
 * sentence; null when there is none. Text both engines refuse is left to the compiler's message.
 */
export function unsupportedJavaConstruct(regex: string): string | null {
  let inClass = 0;
  let caseInsensitive = false;
  let nonAsciiOrCodeEscape = false;
  let i = 0;
  const at = (k: number): string => regex.charAt(k);
  while (i < regex.length) {
    const ch = at(i);
    if (ch.charCodeAt(0) > 0x7f) nonAsciiOrCodeEscape = true;
    if (ch === '\\') {
      const next = at(i + 1);
      if (next === 'Q') {
        if (inClass > 0) return 'a \\Q quote inside a character class (Java reads it, RE2 does not)';
        const end = regex.indexOf('\\E', i + 2);
        const quoted = end < 0 ? regex.slice(i + 2) : regex.slice(i + 2, end);
        if ([...quoted].some((c) => c.charCodeAt(0) > 0x7f)) nonAsciiOrCodeEscape = true;
        i = end < 0 ? regex.length : end + 2;
        continue;
      }
      if (DIGIT.test(next)) return next === '0' ? 'an octal escape \\0 (Java reads an octal character, RE2 refuses it)' : `a backreference \\${next} (no linear-time match exists)`;
      if (next === 'k') return 'a named backreference \\k<name> (no linear-time match exists)';
      if (/[a-zA-Z]/.test(next) && !SHARED_LETTER_ESCAPES.has(next)) return `the escape \\${next} (Java and RE2 read it differently, or RE2 lacks it)`;
      if (next === 'x' || next === 'p' || next === 'P') {
        nonAsciiOrCodeEscape = true;
        // \p{Lu}, \x{41}: the braces belong to the escape
        if (at(i + 2) === '{') {
          const close = regex.indexOf('}', i + 3);
          i = close < 0 ? regex.length : close + 1;
          continue;
        }
      }
      i += 2;
      continue;
    }
    if (inClass > 0) {
      if (ch === '[') return 'a nested character class [..[..]..] (Java takes the union, RE2 reads a literal [)';
      if (ch === '&' && at(i + 1) === '&') return 'a class intersection && (Java intersects, RE2 reads literal &)';
      if (ch === ']') inClass = 0;
      i += 1;
      continue;
    }
    if (ch === '[') {
      inClass = 1;
      i += 1;
      if (at(i) === '^') i += 1;
      // a ] first in a class is a literal to both engines
      if (at(i) === ']') i += 1;
      continue;
    }
    if (ch === '(' && at(i + 1) === '?') {
      const kind = at(i + 2);
      if (kind === '=' || kind === '!') return 'a lookahead (?= or (?! (no linear-time match exists)';
      if (kind === '<' && (at(i + 3) === '=' || at(i + 3) === '!')) return 'a lookbehind (?<= or (?<! (no linear-time match exists)';
      if (kind === '>') return 'an atomic group (?> (no linear-time match exists)';
      if (kind === 'P') return 'a (?P<name>...) group (Java refuses it)';
      if (kind === '<' || kind === ':') {
        i += 2;
        continue;
      }
      let j = i + 2;
      while (j < regex.length && at(j) !== ')' && at(j) !== ':') {
        if (!ALLOWED_FLAGS.has(at(j))) return `the flag (?${at(j)}) (only i, s and m mean the same to Java and RE2)`;
        j += 1;
      }
      const flags = regex.slice(i + 2, j);
      const on = flags.split('-')[0] ?? '';
      if (on.includes('i')) caseInsensitive = true;
      i = j;
      continue;
    }
    if (ch === '*' || ch === '+' || ch === '?' || ch === '}') {
      if (ch === '}') {
        // a } closing a repetition was consumed with its {; a lone } is a literal to both engines
        i += 1;
        continue;
      }
      if (at(i + 1) === '+') return `a possessive quantifier ${ch}+ (no linear-time match exists)`;
      i += 1;
      continue;
    }
    if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(regex.slice(i));
      if (m === null) return 'a { that starts no repetition {n}, {n,} or {n,m} (Java refuses it, RE2 reads a literal {)';
      const low = Number(m[1]);
      const high = m[3] === undefined || m[3] === '' ? low : Number(m[3]);
      if (low > MAX_REPEAT_COUNT || high > MAX_REPEAT_COUNT) return `a repetition count above ${MAX_REPEAT_COUNT} (RE2's limit)`;
      i += m[0].length;
      if (at(i) === '+') return 'a possessive quantifier }+ (no linear-time match exists)';
      continue;
    }
    i += 1;
  }
  if (caseInsensitive && nonAsciiOrCodeEscape) return 'case-insensitive matching with non-ASCII text or \\x, \\p escapes (Java folds ASCII only, RE2 folds Unicode)';
  return null;
}
