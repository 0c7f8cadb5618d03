import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from './admin-access.ts';
import { ANALYTICS_RANGES, CLIENT_EVENT_TYPES, MAX_EVENT_DATA_BYTES } from './analytics.ts';
import { MAX_API_KEY_NAME_LENGTH } from './api-keys.ts';
import { BLOG_CATEGORIES, BLOG_LIMITS } from './blog-rules.ts';
import { CHANNEL_TYPES, MAX_REMINDER_DAYS, MAX_REMINDERS } from './channels.ts';
import { MAX_DATE_CHECK_LINES } from './check-rules.ts';
import { MAX_CODE_WAIT_SECONDS, MAX_IDEMPOTENCY_KEY_LENGTH } from './code-wait.ts';
import { MAX_CONTACT_MESSAGE_LENGTH } from './contact.ts';
import { LOCALE_TAGS, LOCALES, type Locale } from './i18n/locales.ts';
import { MAX_FILTER_DATE, MIN_FILTER_DATE } from './messages.ts';
import {
  MAX_EXPIRING_SOON_DAYS,
  MAX_NOTES_LENGTH,
  MAX_TAG_NAME_LENGTH,
  MAX_TAGS_PER_NUMBER,
} from './numbers.ts';
import {
  MAX_PAGE_NUMBERS,
  MAX_REMARK_LENGTH,
  MAX_SHARE_NAME_LENGTH,
  MAX_WAIT_SECONDS,
} from './sharing.ts';
import { THEMES } from './theme.ts';
import {
  messageText,
  readMessage,
  withValues,
  type ValidationMessageId,
} from './validation-message.ts';
import { MAX_EXPIRING_DAYS, MAX_WEBHOOK_FILTER_IDS } from './webhooks.ts';

const catalogDir = path.join(import.meta.dirname, 'i18n/catalog');
const catalog = (locale: Locale) =>
  JSON.parse(fs.readFileSync(path.join(catalogDir, locale, 'validation.json'), 'utf8')) as Record<
    ValidationMessageId,
    string
  >;

describe('validation messages', () => {
  it('name only keys of the catalogue (a mistyped key would be shown as it is)', () => {
    const english = catalog('en');
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
          for (const m of fs.readFileSync(full, 'utf8').matchAll(/'(validation\.[\w.]+)'/g))
            used.add(m[1]!);
      }
    };
    walk(path.resolve(import.meta.dirname, '..'));
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((key) => !(key in english))).toEqual([]);
  });

  it('carry their values after the key, and read back', () => {
    const text = withValues('validation.settings.atLeast', { key: 'max_numbers_per_user', min: 1 });
    expect(text).toBe('validation.settings.atLeast {"key":"max_numbers_per_user","min":1}');
    expect(readMessage(text)).toEqual({
      id: 'validation.settings.atLeast',
      values: { key: 'max_numbers_per_user', min: 1 },
    });
    expect(readMessage('validation.email.invalid')).toEqual({ id: 'validation.email.invalid' });
    expect(readMessage('common.filters.pickANumber')).toEqual({ id: 'common.filters.pickANumber' });
    // The server's texts and anything else stay text.
    for (const other of ['Invalid input', 'validation', 'validation.x {not json}', 'app.x'])
      expect(readMessage(other), other).toBeNull();
  });

  it('are read from the namespaces asked for only (the server reads back its own kept texts)', () => {
    const kept = messageText('server.disabled.tagDeleted', { name: 'Work' });
    expect(kept).toBe('server.disabled.tagDeleted {"name":"Work"}');
    expect(readMessage(kept)).toBeNull();
    expect(readMessage(kept, ['server'])).toEqual({
      id: 'server.disabled.tagDeleted',
      values: { name: 'Work' },
    });
    expect(readMessage('validation.email.invalid', ['server'])).toBeNull();
    expect(messageText('server.disabled.failedDay')).toBe('server.disabled.failedDay');
  });

  /**
   * A limit written in a message's words in every language (a key with placeholders would need
   * its values wherever it is shown) follows the constant the schema checks.
   */
  it.each(LOCALES)('%s: the limits and choices in the words are the schemas’', (locale) => {
    const texts = catalog(locale);
    const number = new Intl.NumberFormat(LOCALE_TAGS[locale]);
    const limits: [ValidationMessageId, number][] = [
      ['validation.apiKeys.nameTooLong', MAX_API_KEY_NAME_LENGTH],
      ['validation.numbers.tooManyTags', MAX_TAGS_PER_NUMBER],
      ['validation.tags.nameTooLong', MAX_TAG_NAME_LENGTH],
      ['validation.numbers.notesTooLong', MAX_NOTES_LENGTH],
      ['validation.numbers.expiringDaysMax', MAX_EXPIRING_SOON_DAYS],
      ['validation.webhooks.expiringDaysMax', MAX_EXPIRING_DAYS],
      ['validation.channels.reminderMax', MAX_REMINDER_DAYS],
      ['validation.channels.tooManyReminders', MAX_REMINDERS],
      ['validation.tooManyIds', MAX_WEBHOOK_FILTER_IDS],
      ['validation.sharing.nameTooLong', MAX_SHARE_NAME_LENGTH],
      ['validation.sharing.pageTooManyNumbers', MAX_PAGE_NUMBERS],
      ['validation.sharing.remarkTooLong', MAX_REMARK_LENGTH],
      ['validation.sharing.waitMax', MAX_WAIT_SECONDS],
      ['validation.blog.titleTooLong', BLOG_LIMITS.title],
      ['validation.blog.slugTooLong', BLOG_LIMITS.slug],
      ['validation.blog.excerptTooLong', BLOG_LIMITS.excerpt],
      ['validation.blog.contentTooLong', BLOG_LIMITS.content],
      ['validation.blog.authorTooLong', BLOG_LIMITS.author],
      ['validation.blog.readTimeTooLong', BLOG_LIMITS.readTime],
      ['validation.blog.metaDescriptionTooLong', BLOG_LIMITS.metaDescription],
      ['validation.blog.metaKeywordsTooLong', BLOG_LIMITS.metaKeywords],
      ['validation.checks.tooManyNumbers', MAX_DATE_CHECK_LINES],
      ['validation.codeWait.waitMax', MAX_CODE_WAIT_SECONDS],
      ['validation.codeWait.keyTooLong', MAX_IDEMPOTENCY_KEY_LENGTH],
      ['validation.analytics.dataTooLarge', MAX_EVENT_DATA_BYTES],
      ['validation.contact.messageTooLong', MAX_CONTACT_MESSAGE_LENGTH],
    ];
    const wrong = limits.filter(([key, n]) => {
      // Digits as written: plain, grouped as the language groups them, or grouped with a comma.
      const digits = (texts[key].match(/\d[\d\s.,\u00a0\u202f]*\d|\d/g) ?? []).map((d) =>
        d.replace(/[\s.,\u00a0\u202f]/g, ''),
      );
      return !digits.includes(String(n)) && !texts[key].includes(number.format(n));
    });
    expect(wrong).toEqual([]);
    const lists: [ValidationMessageId, readonly string[]][] = [
      ['validation.blog.category', BLOG_CATEGORIES],
      ['validation.channels.type', CHANNEL_TYPES],
      ['validation.analytics.type', CLIENT_EVENT_TYPES],
      ['validation.analytics.range', ANALYTICS_RANGES],
      ['validation.admin.role', ADMIN_ROLES],
      ['validation.me.theme', THEMES],
      ['validation.me.locale', LOCALES],
      ['validation.messages.dateRange', [MIN_FILTER_DATE, MAX_FILTER_DATE]],
    ];
    for (const [key, items] of lists) {
      const words: string[] = texts[key].match(/[\w-]+/g) ?? [];
      expect(
        items.filter((item) => !words.includes(item)),
        key,
      ).toEqual([]);
    }
  });
});
