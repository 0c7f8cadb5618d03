import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINK_REL, renderMarkdown } from './markdown.ts';

const SITE = 'https://voip.example';
const render = (md: string) => renderMarkdown(md, SITE);

/** Every tag name in the HTML, lower-cased. */
const tagsOf = (html: string) =>
  [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1]!.toLowerCase());
/** Every attribute name in the HTML's tags. */
const attributesOf = (html: string) =>
  [...html.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((m) =>
    [...m[0].matchAll(/\s([a-zA-Z:-]+)=/g)].map((a) => a[1]!.toLowerCase()),
  );
const hrefsOf = (html: string) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]);

describe('renderMarkdown: Markdown', () => {
  it('renders GFM; a newline is a line break; a # heading becomes h2 (the page title is the h1)', () => {
    expect(render('# Title\nline one\nline two')).toBe(
      '<h2>Title</h2>\n<p>line one<br />\nline two</p>',
    );
    const html = render(
      '## Sub\n\n**b** _i_ ~~d~~ `c`\n\n> q\n\n- a\n- b\n\n1. x\n\n---\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n```ts\nconst a = 1 < 2;\n```',
    );
    for (const tag of [
      'h2',
      'strong',
      'em',
      'del',
      'code',
      'blockquote',
      'ul',
      'ol',
      'li',
      'hr',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'pre',
    ])
      expect(tagsOf(html), tag).toContain(tag);
    expect(html).toContain('<code class="language-ts">const a = 1 &lt; 2;\n</code>');
    expect(html).toContain('<th align="left">a</th>');
  });

  it('keeps http(s), mailto and relative links and images; marks links to other origins', () => {
    const html = render(
      '[ext](https://other.example/a) [own](https://voip.example/blog) [rel](/contact) [mail](mailto:a@b.example "Mail")\n\n![alt](https://img.example/a.png "T") ![local](/x.png)',
    );
    expect(html).toContain(`<a href="https://other.example/a" rel="${EXTERNAL_LINK_REL}">ext</a>`);
    expect(html).toContain('<a href="https://voip.example/blog">own</a>');
    expect(html).toContain('<a href="/contact">rel</a>');
    expect(html).toContain('<a href="mailto:a@b.example" title="Mail">mail</a>');
    expect(html).toContain('<img src="https://img.example/a.png" alt="alt" title="T" />');
    expect(html).toContain('<img src="/x.png" alt="local" />');
  });

  it('links bare URLs with a scheme or www. and bare email addresses, not file names', () => {
    const html = render(
      'see https://other.example/x?a=1 or a@b.example, www.other.example/p. Not README.md or node.js',
    );
    expect(html).toContain(
      `<a href="https://other.example/x?a=1" rel="${EXTERNAL_LINK_REL}">https://other.example/x?a=1</a>`,
    );
    expect(html).toContain('<a href="mailto:a@b.example">a@b.example</a>');
    expect(html).toContain(
      `<a href="https://www.other.example/p" rel="${EXTERNAL_LINK_REL}">www.other.example/p</a>. Not README.md or node.js</p>`,
    );
    expect(render('awww.other.example')).toBe('<p>awww.other.example</p>');
  });

  it('an external link hidden behind control characters still gets rel', () => {
    const html = render(
      '<a href="&#1;https://other.example/">x</a> [y](&#9;https://other.example/)',
    );
    const rels = [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    expect(rels.length).toBeGreaterThan(0);
    for (const a of rels)
      if (a.includes('href=')) expect(a).toContain(`rel="${EXTERNAL_LINK_REL}"`);
  });

  it("an author's own rel is replaced: internal links get none, external ones ours", () => {
    const html = render(
      '<a href="/x" rel="opener">in</a> <a href="http://other.example" rel="opener">out</a>',
    );
    expect(html).toContain('<a href="/x">in</a>');
    expect(html).toContain(`<a href="http://other.example" rel="${EXTERNAL_LINK_REL}">out</a>`);
  });
});

describe('renderMarkdown: hostile input is inert', () => {
  it('drops script and style elements with their content', () => {
    const html = render(
      'before <script>alert(1)</script> after\n\n<script src="https://evil.example/x.js"></script>\n\n<style>body{display:none}</style>text',
    );
    expect(tagsOf(html)).not.toContain('script');
    expect(tagsOf(html)).not.toContain('style');
    expect(html).not.toContain('alert');
    expect(html).not.toContain('display:none');
    expect(html).toContain('before');
    expect(html).toContain('after');
  });

  it('drops every on* attribute', () => {
    const html = render(
      '<img src="/a.png" onerror="alert(1)" ONLOAD="x()">\n\n<p onclick="alert(2)">para</p>\n\n<a href="/x" onmouseover="alert(3)">l</a>',
    );
    expect(attributesOf(html).filter((a) => a.startsWith('on'))).toEqual([]);
    expect(html).not.toContain('alert');
    expect(html).toContain('<img src="/a.png" />');
    expect(html).toContain('<a href="/x">l</a>');
  });

  it.each([
    ['markdown link', '[x](javascript:alert(1))'],
    ['mixed case', '[x](JaVaScRiPt:alert(1))'],
    ['tab entity inside', '[x](java&#x09;script:alert(1))'],
    ['decimal entity', '[x](&#106;avascript:alert(1))'],
    ['hex entities', '[x](&#x6A;&#x61;&#x76;&#x61;script:alert(1))'],
    ['raw html', '<a href="javascript:alert(1)">x</a>'],
    ['raw html, tab entity', '<a href="java&#x09;script:alert(1)">x</a>'],
    ['raw html, newline entity', '<a href="java&#10;script:alert(1)">x</a>'],
    ['raw html, leading space', '<a href="  javascript:alert(1)">x</a>'],
    ['raw html, entity colon', '<a href="javascript&colon;alert(1)">x</a>'],
    ['vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['data: image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['img javascript:', '<img src="javascript:alert(1)">'],
    ['protocol-relative', '[x](//evil.example/a)'],
  ])('no dangerous URL survives: %s', (_name, md) => {
    const html = render(md);
    for (const url of hrefsOf(html)) {
      expect(url).not.toMatch(/^\s*(javascript|vbscript|data):/i);
      expect(url).not.toMatch(/^\/\//);
    }
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(html.toLowerCase()).not.toContain('vbscript:');
  });

  it('drops svg and math with their content, and frames, objects, forms', () => {
    const html = render(
      '<svg onload="alert(1)"><script>alert(2)</script><text>svgtext</text></svg>\n\n<math><mi xlink:href="javascript:alert(3)">m</mi></math>\n\n<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><form action="https://evil.example"><input name="a"><button>b</button></form>kept',
    );
    const tags = tagsOf(html);
    for (const t of ['svg', 'math', 'mi', 'iframe', 'object', 'embed', 'form', 'input', 'button'])
      expect(tags, t).not.toContain(t);
    expect(html).not.toContain('alert');
    expect(html).not.toContain('svgtext');
    expect(html).toContain('kept');
  });

  it('raw HTML blocks keep only allowed tags (others unwrapped, their text kept as text)', () => {
    const html = render(
      '<div class="x" style="color:red"><span>inner <b>bold</b></span></div>\n\n<p style="background:url(javascript:alert(1))" class="y">p</p>\n\n<h1 id="a">Big</h1>',
    );
    expect(tagsOf(html)).not.toContain('div');
    expect(tagsOf(html)).not.toContain('span');
    expect(attributesOf(html)).toEqual([]);
    expect(html).toContain('inner bold');
    expect(html).toContain('<p>p</p>');
    expect(html).toContain('<h2>Big</h2>');
  });

  it('escapes text that looks like markup after sanitising (no tag can be smuggled in)', () => {
    const html = render('&lt;script&gt;alert(1)&lt;/script&gt; and `<img src=x onerror=alert(1)>`');
    expect(tagsOf(html)).not.toContain('script');
    expect(tagsOf(html)).not.toContain('img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('renderMarkdown: size', () => {
  it('renders a 200 KB post', () => {
    const section =
      '## Section\n\n' +
      'Lorem ipsum dolor sit amet, **consectetur** adipiscing elit, [a link](https://example.com/x).\n'.repeat(
        20,
      ) +
      '\n- one\n- two\n\n';
    const md = section.repeat(Math.ceil(200_000 / section.length));
    expect(md.length).toBeGreaterThanOrEqual(200_000);
    const started = performance.now();
    const html = render(md);
    // Informational only (never asserted): how long a 200 KB post takes to render.
    process.stdout.write(
      `renderMarkdown: ${md.length} chars in ${Math.round(performance.now() - started)} ms\n`,
    );
    expect(html.match(/<h2>Section<\/h2>/g)?.length).toBe(Math.ceil(200_000 / section.length));
    expect(html.endsWith('</ul>')).toBe(true);
  });
});
