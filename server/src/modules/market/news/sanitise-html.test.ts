import { decodeEntities, htmlToText, sanitiseHtml } from './sanitise-html';

describe('sanitiseHtml', () => {
  it('keeps allowed formatting and escapes text', () => {
    expect(sanitiseHtml('<p>Toyota <strong>up</strong> 3% &amp; <em>more</em></p>')).toBe('<p>Toyota <strong>up</strong> 3% &amp; <em>more</em></p>');
    expect(sanitiseHtml('a < b > c "q"')).toBe('a &lt; b &gt; c &quot;q&quot;');
    // An <li> closes the open <li>, as a browser parses it: siblings, not one inside the other.
    expect(sanitiseHtml('<ul><li>one<li>two</ul>')).toBe('<ul><li>one</li><li>two</li></ul>');
  });

  it('drops scripts, styles, foreign content and their text', () => {
    expect(sanitiseHtml('<p>x</p><script>alert(1)</script><style>p{}</style><svg><g onload=alert(1)></g></svg>y')).toBe('<p>x</p>y');
    expect(sanitiseHtml('<SCRIPT src=//evil>alert(1)</SCRIPT >ok')).toBe('ok');
    expect(sanitiseHtml('<script>never closed')).toBe('');
  });

  it('drops unknown tags but keeps their text; drops comments and doctype', () => {
    expect(sanitiseHtml('<div class="x"><span>hi</span></div>')).toBe('hi');
    expect(sanitiseHtml('<!DOCTYPE html><!-- <script>x</script> -->t<?xml x?>')).toBe('t');
  });

  it('removes event handlers and style attributes', () => {
    expect(sanitiseHtml('<p onclick="alert(1)" style="x">t</p>')).toBe('<p>t</p>');
    expect(sanitiseHtml('<img src="https://x.test/a.png" onerror="alert(1)" alt="A">')).toBe('<img src="https://x.test/a.png" alt="A">');
  });

  it('allows only http(s)/mailto links and marks them', () => {
    expect(sanitiseHtml('<a href="https://jpx.co.jp/">JPX</a>')).toBe(
      '<a href="https://jpx.co.jp/" rel="noopener noreferrer nofollow" target="_blank">JPX</a>',
    );
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseHtml('<a href="java&#x09;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseHtml('<a href="data:text/html,x">x</a>')).toBe('<a>x</a>');
    expect(sanitiseHtml('<a href=\'https://a.test/?q="x"\'>x</a>')).toBe(
      '<a href="https://a.test/?q=&quot;x&quot;" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });

  it('drops images without a safe source', () => {
    expect(sanitiseHtml('<img src="javascript:x">')).toBe('');
    expect(sanitiseHtml('<img src="/uploads/imgs/AbC123.png">')).toBe('<img src="/uploads/imgs/AbC123.png">');
    expect(sanitiseHtml('<img src="/uploads/../secret">')).toBe('');
  });

  it('balances tags and ignores stray closers', () => {
    expect(sanitiseHtml('<p><strong>x</p>')).toBe('<p><strong>x</strong></p>');
    expect(sanitiseHtml('</strong>x<em>y')).toBe('x<em>y</em>');
  });

  it('treats a lone < as text and drops a tag cut off by the end of the input, as a browser does', () => {
    expect(sanitiseHtml('1 <2 and <p')).toBe('1 &lt;2 and ');
    expect(sanitiseHtml('<p title="unterminated>x')).toBe('');
  });

  it('cannot be tricked by attribute quoting into smuggling a tag', () => {
    const out = sanitiseHtml('<a title="<script>" href="https://a.test">x</a><p a=\'>\'>y</p>');
    expect(out).not.toMatch(/<script/i);
    expect(out).toBe('<a href="https://a.test" rel="noopener noreferrer nofollow" target="_blank">x</a><p>y</p>');
  });
});

describe('decodeEntities / htmlToText', () => {
  it('decodes numeric and known named entities only', () => {
    expect(decodeEntities('&lt;&#65;&#x42;&yen;&unknown;&#0;')).toBe('<AB¥&unknown;\ufffd');
  });
  it('gives the visible text', () => {
    expect(htmlToText('<p>One&amp;two</p><p>three<br>four</p>')).toBe('One&two three four');
  });
});
