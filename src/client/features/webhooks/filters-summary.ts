import type { WebhookDto } from '../../../shared/webhooks.ts';
import { countOf } from '../../lib/format.ts';

/** 'All numbers', or what the filters keep: '3 numbers', '2 tags', '3 numbers · 2 tags'. */
export function filtersSummary(w: Pick<WebhookDto, 'numberIds' | 'tagIds'>) {
  const parts = [
    w.numberIds.length > 0 && countOf(w.numberIds.length, 'number'),
    w.tagIds.length > 0 && countOf(w.tagIds.length, 'tag'),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'All numbers';
}
