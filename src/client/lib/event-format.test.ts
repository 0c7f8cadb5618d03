import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../server/i18n.ts';
import { eventPath, eventUser, prettifyEventType } from './event-format.ts';
import type { Translate } from './i18n.tsx';

const t = (locale: 'en' | 'zh' | 'ru' | 'es') => i18nFor(locale).t as Translate;

describe('prettifyEventType', () => {
  it('turns underscores into spaces and capitalises each word', () => {
    expect(prettifyEventType('blog_post_created')).toBe('Blog Post Created');
    expect(prettifyEventType('page_view')).toBe('Page View');
    expect(prettifyEventType('admin_analytics_viewed')).toBe('Admin Analytics Viewed');
  });
  it('keeps a one-word type and drops doubled underscores', () => {
    expect(prettifyEventType('custom')).toBe('Custom');
    expect(prettifyEventType('a__b_')).toBe('A B');
  });
});

describe('eventUser', () => {
  it("shows 'User' and the id's first 8 characters, or Anonymous", () => {
    expect(eventUser(t('en'), '0f3c2a9e-1111-4222-8333-444455556666')).toBe('User 0f3c2a9e');
    expect(eventUser(t('en'), null)).toBe('Anonymous');
    expect(eventUser(t('en'), undefined)).toBe('Anonymous');
  });
  it('in the reader’s language', () => {
    expect(eventUser(t('ru'), '0f3c2a9e-1111')).toBe('Пользователь 0f3c2a9e');
    expect(eventUser(t('zh'), null)).toBe('匿名');
    expect(eventUser(t('es'), null)).toBe('Anónimo');
  });
});

describe('eventPath', () => {
  it('keeps only the path of a path, a path with a query, or an absolute URL', () => {
    expect(eventPath('/blog/hello?utm=x#top')).toBe('/blog/hello');
    expect(eventPath('/admin')).toBe('/admin');
    expect(eventPath('https://example.com/pricing?a=1')).toBe('/pricing');
  });
  it('is null without a URL', () => {
    expect(eventPath(null)).toBeNull();
    expect(eventPath('')).toBeNull();
  });
});
