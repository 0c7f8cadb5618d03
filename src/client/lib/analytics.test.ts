import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageUrlOf, redactPath, referrerOf, trackingAllowed } from './analytics.ts';

const HASH = 'a3f9c2e1b4d5a6f7e8c9d0b1a2f3e4d5';
const ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('redactPath', () => {
  it.each([
    [`/api/${HASH}`, '/api/:hash'],
    [`/api/${HASH}/`, '/api/:hash/'],
    [`/API/${HASH}`, '/api/:hash'],
    [`//api//${HASH}`, '/api/:hash'],
    [`/single/${HASH}`, '/single/:hash'],
    [`/Single/${HASH}/x`, '/single/:hash/x'],
    [`/dashboard/edit/${ID}`, '/dashboard/edit/:id'],
    [`/edit/${ID}`, '/edit/:id'],
  ])('%s → %s', (path, sent) => {
    expect(redactPath(path)).toBe(sent);
    expect(redactPath(path)).not.toContain(HASH);
  });

  it.each(['/', '/api', '/api/', '/single', '/dashboard', '/dashboard/edit', '/blog/my-post'])(
    'keeps %s',
    (path) => expect(redactPath(path)).toBe(path),
  );
});

describe('pageUrlOf', () => {
  it('keeps an ordinary path and query', () => {
    expect(pageUrlOf({ pathname: '/admin/users', search: '?tab=admins&status=all' })).toBe(
      '/admin/users?tab=admins&status=all',
    );
    expect(pageUrlOf({ pathname: '/blog', search: '' })).toBe('/blog');
    expect(pageUrlOf({ pathname: '/blog', search: '?' })).toBe('/blog');
  });

  it('drops the whole query of a redacted path', () => {
    expect(pageUrlOf({ pathname: `/api/${HASH}`, search: `?k=${HASH}` })).toBe('/api/:hash');
  });

  it('drops search text, addresses, tokens and codes; redacts next', () => {
    expect(
      pageUrlOf({
        pathname: '/auth',
        search: `?email=a%40b.com&next=${encodeURIComponent(`/dashboard/edit/${ID}?q=555`)}&error=link`,
      }),
    ).toBe(`/auth?next=${encodeURIComponent('/dashboard/edit/:id')}&error=link`);
    expect(pageUrlOf({ pathname: '/dashboard', search: '?q=4155550100&Token=x&code=123456' })).toBe(
      '/dashboard',
    );
    expect(
      pageUrlOf({ pathname: '/auth', search: `?next=${encodeURIComponent('/admin/users?q=bob')}` }),
    ).toBe(`/auth?next=${encodeURIComponent('/admin/users')}`);
  });

  it('cuts to the 2048 characters the server takes', () => {
    expect(pageUrlOf({ pathname: '/blog', search: `?x=${'a'.repeat(5000)}` })).toHaveLength(2048);
  });
});

describe('referrerOf', () => {
  const origin = 'https://voip.example';
  it('redacts a same-site referrer like a page, keeps another site’s, drops junk', () => {
    expect(referrerOf(`${origin}/single/${HASH}?a=1`, origin)).toBe('/single/:hash');
    expect(referrerOf(`${origin}/blog?q=x&c=Security`, origin)).toBe('/blog?c=Security');
    expect(referrerOf('https://search.example/', origin)).toBe('https://search.example/');
    expect(referrerOf('', origin)).toBeUndefined();
    expect(referrerOf('not a url', origin)).toBeUndefined();
  });
});

describe('trackingAllowed', () => {
  it('is false with Global Privacy Control or Do Not Track 1, true otherwise', () => {
    expect(trackingAllowed({})).toBe(true);
    expect(trackingAllowed({ globalPrivacyControl: false, doNotTrack: '0' })).toBe(true);
    expect(trackingAllowed({ doNotTrack: 'unspecified' })).toBe(true);
    expect(trackingAllowed({ globalPrivacyControl: true })).toBe(false);
    expect(trackingAllowed({ doNotTrack: '1' })).toBe(false);
  });

  it('is false where there is no navigator (Node 21 and later define one of their own)', () => {
    vi.stubGlobal('navigator', undefined);
    try {
      expect(trackingAllowed()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('sending', () => {
  const fetchMock = vi.fn();
  let nav: { globalPrivacyControl?: boolean; doNotTrack?: string };
  let store: Map<string, string>;

  beforeEach(() => {
    vi.resetModules();
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response(null, { status: 202 }));
    nav = {};
    store = new Map();
    vi.stubGlobal('navigator', nav);
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', {
      origin: 'https://voip.example',
      pathname: `/api/${HASH}`,
      search: '',
    });
    vi.stubGlobal('document', { referrer: `https://voip.example/single/${HASH}` });
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const bodies = () =>
    fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));

  it('posts a keepalive page view, redacted, with the referrer on the first view only', async () => {
    const { trackPageView, EVENTS_URL } = await import('./analytics.ts');
    trackPageView();
    trackPageView({ pathname: '/blog', search: '' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe(EVENTS_URL);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    const [first, second] = bodies();
    expect(first).toEqual({
      type: 'page_view',
      sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      pageUrl: '/api/:hash',
      referrer: '/single/:hash',
    });
    expect(second).toEqual({ type: 'page_view', sessionId: first.sessionId, pageUrl: '/blog' });
    expect(JSON.stringify(bodies())).not.toContain(HASH);
  });

  it('sends nothing with Do Not Track or Global Privacy Control', async () => {
    const { trackPageView, trackEvent } = await import('./analytics.ts');
    nav.doNotTrack = '1';
    trackPageView();
    trackEvent('admin_dashboard_viewed');
    delete nav.doNotTrack;
    nav.globalPrivacyControl = true;
    trackPageView();
    trackEvent('blog_post_shared', { slug: 'x' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('trackEvent sends the type, page and data; failures are swallowed', async () => {
    const { trackEvent } = await import('./analytics.ts');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    trackEvent('blog_post_shared', { slug: 'hello' });
    fetchMock.mockImplementationOnce(() => {
      throw new TypeError('keepalive quota');
    });
    expect(() => trackEvent('admin_settings_viewed')).not.toThrow();
    await vi.waitFor(() =>
      expect(bodies()[0]).toEqual({
        type: 'blog_post_shared',
        sessionId: expect.any(String),
        pageUrl: '/api/:hash',
        data: { slug: 'hello' },
      }),
    );
  });

  it('trackPageViews counts the first page and each change of path, not a query-only change', async () => {
    const { trackPageViews } = await import('./analytics.ts');
    let listener: (s: { location: { pathname: string; search: string } }) => void = () => {};
    const router = {
      state: { location: { pathname: '/admin/users', search: '' } },
      subscribe: (fn: typeof listener) => {
        listener = fn;
        return () => {};
      },
    };
    trackPageViews(router);
    listener({ location: { pathname: '/admin/users', search: '?q=a' } });
    listener({ location: { pathname: '/admin/users', search: '?q=ab' } });
    listener({ location: { pathname: '/admin/settings', search: '' } });
    listener({ location: { pathname: '/admin/settings', search: '' } });
    listener({ location: { pathname: `/dashboard/edit/${ID}`, search: '' } });
    expect(bodies().map((b) => b.pageUrl)).toEqual([
      '/admin/users',
      '/admin/settings',
      '/dashboard/edit/:id',
    ]);
  });
});
