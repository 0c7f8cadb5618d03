import { filterParams, type MessageFilters } from './keys.ts';

/** The CSV download of the messages matching `filters` (message-history-YYYY-MM-DD.csv). */
export function exportMessagesUrl(filters: MessageFilters): string {
  const search = filterParams(filters).toString();
  return `/v1/messages/export${search ? `?${search}` : ''}`;
}
