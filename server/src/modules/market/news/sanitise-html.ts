// The allow-list HTML sanitiser for operator-written news, run once when an article is stored,
// so the client can render the body as is. sanitize-html (htmlparser2 underneath) does the
// parsing, entity decoding, escaping, scheme checks and balancing: a home-made scanner got
// each of those subtly wrong at some point. What stays here is our policy: which tags and
// attributes, which links and images, and how links open.
import sanitizeHtml from 'sanitize-html';

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

/** Elements dropped together with everything inside them (active or foreign content). */
const DROP_WITH_CONTENT = [
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
];

const LINK_REL = 'noopener noreferrer nofollow';

// Stricter than the scheme list below, which sanitize-html checks as well: a link must say
// http(s):// or mailto: from its first character, and anything else is no link at all (so
// it gets no rel/target either).
const LINK = /^(https?:\/\/|mailto:)/i;
// Images: absolute http(s), or a file uploaded to this server; no other path on our origin.
const IMAGE = /^https?:\/\//i;
const UPLOADED_IMAGE = /^\/uploads\/[a-z0-9/_.-]+$/i;

function safeLink(href: string | undefined): string | undefined {
  const value = href?.trim();
  return value !== undefined && LINK.test(value) ? value : undefined;
}

function safeImage(src: string | undefined): string | undefined {
  const value = src?.trim();
  if (value === undefined) return undefined;
  if (IMAGE.test(value)) return value;
  return UPLOADED_IMAGE.test(value) && !value.includes('..') ? value : undefined;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(ALLOWED),
  // rel and target are ours (set below), never the author's.
  allowedAttributes: { ...ALLOWED, a: [...(ALLOWED.a ?? []), 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  selfClosing: ['br', 'img'],
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = safeLink(attribs.href);
      const attrs: Record<string, string> = href === undefined ? {} : { href, rel: LINK_REL, target: '_blank' };
      return { tagName, attribs: attrs };
    },
    img: (tagName, attribs) => {
      const src = safeImage(attribs.src);
      const attrs: Record<string, string> = {};
      if (src !== undefined) attrs.src = src;
      if (src !== undefined && attribs.alt !== undefined) attrs.alt = attribs.alt;
      return { tagName, attribs: attrs };
    },
  },
  // An image without a source shows nothing.
  exclusiveFilter: (frame) => frame.tag === 'img' && frame.attribs.src === undefined,
  // sanitize-html leaves quotes in text as they are; escaping them too keeps the stored body
  // safe wherever it is pasted, attribute values included.
  textFilter: (text) => text.replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
};

export function sanitiseHtml(html: string): string {
  // Void elements come out as `<br />`; HTML needs no slash. Text and attribute values have
  // every `>` escaped, so ` />` can only be the end of one of those tags.
  return sanitizeHtml(html, OPTIONS).replace(/ \/>/g, '>');
}

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

/** Text with entities resolved (unknown named ones stay literal). For summaries of sanitised HTML, not for sanitising. */
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

/** The visible text of (sanitised) HTML, whitespace collapsed: for summaries. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>|<\/(p|li|h3|h4|blockquote)>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}
