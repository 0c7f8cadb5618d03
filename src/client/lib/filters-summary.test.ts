import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../server/i18n.ts';
import { filtersSummary } from './filters-summary.ts';
import type { Translate } from './i18n.tsx';

const t = (locale: 'en' | 'zh' | 'ru' | 'es') => i18nFor(locale).t as Translate;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('filtersSummary', () => {
  it('says what the number and tag filters keep', () => {
    const en = t('en');
    expect(filtersSummary(en, { numberIds: [], tagIds: [] })).toBe('All numbers');
    expect(filtersSummary(en, { numberIds: [id(1)], tagIds: [] })).toBe('1 number');
    expect(filtersSummary(en, { numberIds: [], tagIds: [id(1), id(2)] })).toBe('2 tags');
    expect(filtersSummary(en, { numberIds: [id(1), id(2), id(3)], tagIds: [id(4)] })).toBe(
      '3 numbers · 1 tag',
    );
  });

  it('in the reader’s language, with its plural forms', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => id(i));
    const ru = t('ru');
    expect(filtersSummary(ru, { numberIds: [], tagIds: [] })).toBe('Все номера');
    expect(filtersSummary(ru, { numberIds: ids(1), tagIds: ids(2) })).toBe('1 номер · 2 метки');
    expect(filtersSummary(ru, { numberIds: ids(5), tagIds: ids(21) })).toBe('5 номеров · 21 метка');
    expect(filtersSummary(t('zh'), { numberIds: ids(3), tagIds: [] })).toBe('3 个号码');
    expect(filtersSummary(t('es'), { numberIds: ids(1), tagIds: ids(2) })).toBe(
      '1 número · 2 etiquetas',
    );
  });
});
