import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContactMessageDto, contactListResponse } from '../../../../shared/admin.ts';
import { apiFetch, apiGet } from '../../../lib/api.ts';
import { adminUsersKeys, type ContactStatus } from './keys.ts';

export type ContactList = z.infer<typeof contactListResponse>;

const contactPath = (params: Record<string, string>) =>
  `/v1/admin/contact-messages?${new URLSearchParams(params).toString()}`;

/** GET /v1/admin/contact-messages: messages from the contact form, newest first, 50 a page. */
export const useContactMessages = (status: ContactStatus) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminUsersKeys.contactList(status),
      queryFn: ({ pageParam, signal }) =>
        apiGet<ContactList>(
          contactPath({ status, ...(pageParam ? { cursor: pageParam } : {}) }),
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** How many contact messages are open (the tab's count): one row asked for, `open` kept. */
export const useOpenContactCount = () =>
  useQuery({
    queryKey: adminUsersKeys.contactOpen(),
    queryFn: async ({ signal }) =>
      (await apiGet<ContactList>(contactPath({ status: 'open', limit: '1' }), signal)).open,
  });

/** PATCH /v1/admin/contact-messages/:id {handled}: Mark handled or Reopen. */
export function useSetHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      apiFetch<ContactMessageDto>(`/v1/admin/contact-messages/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { handled },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminUsersKeys.contact }),
  });
}
