// An allow-list HTML sanitiser for operator-written news, run once when an article is
// stored, so the client can render the body as is. No dependencies: a small scanner
// that keeps only the tags and attributes below, re-escapes every text and attribute
// value, drops comments/doctype/processing instructions, drops the content of active or
// foreign elements (script, style, svg …), closes what is left open and ignores stray
// closing tags. Anything it does not understand becomes escaped text.

/** Tags kept, with the attributes each may keep. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  h3: [],
  h4: [],
  a: ['href'],
  img: ['src', 'alt'],
};

const VOID = new Set(['br', 'img']);

/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'xmp',
  'noembed',
  'noframes',
  'head',
]);

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  yen: '¥',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Text with entities resolved (unknown named ones stay literal). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]{2,10});?/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const n = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      const valid = Number.isFinite(n) && n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff);
      return valid ? String.fromCodePoint(n) : '\ufffd';
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** http(s) and mailto links only; whitespace and control characters cannot hide a scheme. */
function safeHref(raw: string): string | null {
  const value = decodeEntities(raw).trim();
  // eslint-disable-next-line no-control-regex -- control characters are what this strips: they could hide a scheme.
  const probe = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  return /^(https?:\/\/|mailto:)/.test(probe) ? value : null;
}

/** Absolute http(s) images, or images uploaded to this server. */
function safeSrc(raw: string): string | null {
  const value = decodeEntities(raw).trim();
  // eslint-disable-next-line no-control-regex -- control characters are what this strips: they could hide a scheme.
  const probe = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (/^https?:\/\//.test(probe)) return value;
  return /^\/uploads\/[a-z0-9/_.-]+$/i.test(value) && !value.includes('..') ? value : null;
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = (m[1] ?? '').toLowerCase();
    if (!out.has(name)) out.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

function openTag(tag: string, attributeText: string): string {
  const attrs = parseAttributes(attributeText);
  const kept: string[] = [];
  for (const name of ALLOWED[tag] ?? []) {
    const raw = attrs.get(name);
    if (raw === undefined) continue;
    const value = name === 'href' ? safeHref(raw) : name === 'src' ? safeSrc(raw) : decodeEntities(raw);
    if (value !== null) kept.push(`${name}="${escapeHtml(value)}"`);
  }
  if (tag === 'img' && !kept.some((a) => a.startsWith('src='))) return '';
  if (tag === 'a' && kept.length > 0) kept.push('rel="noopener noreferrer nofollow"', 'target="_blank"');
  return `<${tag}${kept.length ? ` ${kept.join(' ')}` : ''}>`;
}

/** Index of the `>` ending the tag that starts at `start` (quotes respected), or -1. */
function tagEnd(html: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < html.length; i += 1) {
    const ch = html[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i;
    }
  }
  return -1;
}

const TAG_START = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/;

export function sanitiseHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  const text = (t: string) => {
    out += escapeHtml(decodeEntities(t));
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text(html.slice(i));
      break;
    }
    text(html.slice(i, lt));
    // Comments, doctype, CDATA, processing instructions: dropped whole.
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const m = TAG_START.exec(html.slice(lt, lt + 64));
    const end = m ? tagEnd(html, lt) : -1;
    if (!m || end === -1) {
      // A lone '<' is text.
      text('<');
      i = lt + 1;
      continue;
    }
    const closing = m[1] === '/';
    const tag = (m[2] ?? '').toLowerCase();
    const attributeText = html.slice(lt + m[0].length, end);
    i = end + 1;
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!closing) {
        const close = html.toLowerCase().indexOf(`</${tag}`, i);
        i =
          close === -1
            ? html.length
            : (() => {
                const e = tagEnd(html, close);
                return e === -1 ? html.length : e + 1;
              })();
      }
      continue;
    }
    if (!(tag in ALLOWED)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      // Close everything opened inside it too, so the output stays balanced.
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    const rendered = openTag(tag, attributeText);
    if (!rendered) continue;
    out += rendered;
    if (!VOID.has(tag)) open.push(tag);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The visible text of (sanitised) HTML, whitespace collapsed: for summaries. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>|<\/(p|li|h3|h4|blockquote)>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}
