import { countOf } from './format.ts';

/**
 * An endpoint's number and tag filters (webhooks, notification channels): 'All numbers', or what
 * they keep: '3 numbers', '2 tags', '3 numbers · 2 tags'.
 */
export function filtersSummary(w: { numberIds: readonly string[]; tagIds: readonly string[] }) {
  const parts = [
    w.numberIds.length > 0 && countOf(w.numberIds.length, 'number'),
    w.tagIds.length > 0 && countOf(w.tagIds.length, 'tag'),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'All numbers';
}
