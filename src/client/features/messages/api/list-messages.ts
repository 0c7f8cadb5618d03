import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { MessageList } from '../../../../shared/messages.ts';
import { ApiError, apiGet } from '../../../lib/api.ts';
import { filterParams, messageKeys, type MessageFilters } from './keys.ts';

/** Newest first, `pageSize` at a time (server-side cursor paging). */
export const messagesInfiniteQuery = (filters: MessageFilters, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: messageKeys.list(filters, pageSize),
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filters);
      if (pageParam) params.set('cursor', pageParam);
      params.set('limit', String(pageSize));
      return apiGet<MessageList>(`/v1/messages?${params.toString()}`, signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // A foreign number or a bad date will not succeed by retrying.
    retry: (count, err) =>
      !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
  });

export const useMessages = (filters: MessageFilters, pageSize: number, enabled = true) =>
  useInfiniteQuery({ ...messagesInfiniteQuery(filters, pageSize), enabled });
