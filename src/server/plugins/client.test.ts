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
