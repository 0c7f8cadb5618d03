import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/setting-definitions.ts';
import { withSiteInfo } from './client.ts';

const html =
  '<html><head><title>VOIP Manager</title></head><body><div id="root">' +
  '<a data-blog-link="" href="/blog">Blog</a></div></body></html>';
const HIDE = '<style>[data-blog-link]{display:none}</style>';

describe('withSiteInfo: the blog links follow blog_enabled', () => {
  it('leaves them alone while the blog is on', () => {
    const out = withSiteInfo(html, { ...DEFAULT_SETTINGS, blog_enabled: true });
    expect(out).not.toContain(HIDE);
    expect(out).toContain('"blogEnabled":true');
  });

  it('hides them with a style rule in <head> when the blog is off', () => {
    const out = withSiteInfo(html, { ...DEFAULT_SETTINGS, blog_enabled: false });
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain(HIDE);
    expect(out.split(HIDE)).toHaveLength(2);
    expect(out).toContain('"blogEnabled":false');
  });
});

describe('withSiteInfo: the site name in pre-rendered HTML', () => {
  const page =
    '<html><head><title>About · VOIP Manager</title></head><body><div id="root">' +
    '<span class="text-lg" data-site-name="">VOIP Manager</span> and ' +
    '<h1>Sign in to <span data-site-name="">VOIP Manager</span></h1>' +
    '<p>VOIP Manager polls your numbers</p></div></body></html>';

  it('puts the current name, escaped, in the title and every data-site-name element only', () => {
    const out = withSiteInfo(page, { ...DEFAULT_SETTINGS, site_name: 'Acme & <Co> $1' });
    expect(out).toContain('<title>About · Acme &amp; &lt;Co&gt; $1</title>');
    expect(out).toContain(
      '<span class="text-lg" data-site-name="">Acme &amp; &lt;Co&gt; $1</span>',
    );
    expect(out).toContain('<h1>Sign in to <span data-site-name="">Acme &amp; &lt;Co&gt; $1</span>');
    // Running text is the page's copy, not the brand.
    expect(out).toContain('<p>VOIP Manager polls your numbers</p>');
  });
});
