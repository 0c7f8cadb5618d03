import type { Translate } from './i18n.tsx';

/**
 * An endpoint's number and tag filters (webhooks, notification channels): 'All numbers', or what
 * they keep: '3 numbers', '2 tags', '3 numbers · 2 tags'.
 */
export function filtersSummary(
  t: Translate,
  w: { numberIds: readonly string[]; tagIds: readonly string[] },
) {
  const parts = [
    w.numberIds.length > 0 && t('common.filters.numberCount', { count: w.numberIds.length }),
    w.tagIds.length > 0 && t('common.filters.tagCount', { count: w.tagIds.length }),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('common.filters.allNumbers');
}
