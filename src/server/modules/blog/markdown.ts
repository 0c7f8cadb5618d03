import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Blog Markdown → safe HTML, once at write time (stored in `content_html`) and for the editor's
 * preview. `markdown-it` (CommonMark with GFM tables and strikethrough; bare URLs with a scheme
 * or `www.`, and bare email addresses, become links; `breaks`: a newline is a line break, as the
 * product rules say) and then `sanitize-html` with an allow-list: whatever
 * the Markdown or raw HTML inside it says, only these tags and attributes survive, links only to
 * http(s) and mailto (relative ones too), images only from http(s) or relative URLs. Scripts,
 * styles, frames, SVG and MathML go with their content; every event handler attribute,
 * `javascript:`/`data:` URL (however encoded) and protocol-relative URL is dropped. A post's own
 * title is its page's h1, so a Markdown `#` heading becomes an h2. Links to another origin get
 * `rel="nofollow noopener noreferrer"`.
 *
 * markdown-it runs in time linear in the input, pathological input included (unmatched emphasis
 * delimiters, brackets, deep nesting, which it caps at 100 levels): `marked`, used before, took
 * minutes on the main thread for 250 KB of unmatched `*`/`_` (its issue #4099; bench/markdown).
 */
const markdown = new MarkdownIt({ html: true, linkify: true, breaks: true });
// Every link and image is rendered, its URL judged by the sanitiser's allow-list alone (one rule
// for Markdown and raw HTML): `[x](javascript:…)` becomes `<a>x</a>`, not its source text.
markdown.validateLink = () => true;
// A bare `www.host…` is a link too, as in GFM (linkify-it's fuzzy links would also take names
// such as README.md): the host and path are checked by the `//` rule's validator.
markdown.linkify.add('www.', {
  validate: (text, pos, self) => self.testSchemaAt(text, '//', pos),
  normalize: (match) => {
    match.url = `https://${match.url}`;
  },
});
// Table cell alignment as the `align` attribute (the sanitiser allows no inline style).
for (const rule of ['th_open', 'td_open'] as const) {
  markdown.renderer.rules[rule] = (tokens, idx, options, _env, self): string => {
    const token = tokens[idx]!;
    const align = /text-align:(left|right|center)/.exec(String(token.attrGet('style') ?? ''))?.[1];
    token.attrs = token.attrs?.filter(([name]) => name !== 'style') ?? null;
    if (align !== undefined) token.attrSet('align', align);
    return self.renderToken(tokens, idx, options);
  };
}

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'del',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** Tags dropped together with everything inside them (not just unwrapped). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'title',
  'head',
  'select',
  'button',
];

export const EXTERNAL_LINK_REL = 'nofollow noopener noreferrer';

function isOtherOrigin(raw: string, siteOrigin: string | undefined): boolean {
  // Browsers strip leading control characters and spaces and drop tabs and newlines anywhere, so
  // "\u0001https://other.example" goes to other.example; removing them all errs towards `rel`.
  // eslint-disable-next-line no-control-regex
  const href = raw.replace(/[\u0000-\u0020]/g, '');
  if (!/^[a-z][a-z0-9+.-]*:/i.test(href)) return false; // relative: this site
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false; // mailto
    return siteOrigin === undefined || url.origin !== siteOrigin;
  } catch {
    return true;
  }
}

function sanitizeOptions(siteOrigin: string | undefined): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title'],
      th: ['align'],
      td: ['align'],
      code: ['class'],
    },
    allowedClasses: { code: ['language-*'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedStyles: {},
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: {
      h1: 'h2',
      // markdown-it writes ~~strikethrough~~ as <s>; GFM (and the stored posts) say <del>.
      s: 'del',
      // Runs before the attributes are filtered: `rel` is always ours, never the author's.
      a: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = { ...attribs };
        delete out.rel;
        if (out.href !== undefined && isOtherOrigin(out.href, siteOrigin))
          out.rel = EXTERNAL_LINK_REL;
        return { tagName, attribs: out };
      },
    },
  };
}

const optionsByOrigin = new Map<string, sanitizeHtml.IOptions>();

/**
 * The sanitised HTML of a post's Markdown. `siteOrigin` (PUBLIC_URL's origin) says which absolute
 * links are this site's own (no `rel`); without it every absolute http(s) link counts as external.
 */
export function renderMarkdown(source: string, siteOrigin?: string): string {
  const key = siteOrigin ?? '';
  let options = optionsByOrigin.get(key);
  if (!options) optionsByOrigin.set(key, (options = sanitizeOptions(siteOrigin)));
  return sanitizeHtml(markdown.render(source), options).trim();
}
