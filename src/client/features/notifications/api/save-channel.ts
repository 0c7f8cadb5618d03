import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ChannelDto,
  CreateChannelBody,
  CreatedChannelDto,
  UpdateChannelBody,
} from '../../../../shared/channels.ts';
import { apiFetch, apiPost } from '../../../lib/api.ts';
import { deliveriesKey } from '../../../lib/deliveries.ts';
import { channelDeliveries, channelKeys, channelPath } from './keys.ts';

type List = { items: ChannelDto[] };

/** Puts a channel (never a Telegram link) into the cached list, replacing the one with its id. */
function putInList(qc: QueryClient, saved: ChannelDto) {
  // A Telegram channel's create answer carries its link: it stays out of the cache.
  const { link: _link, ...item } = saved as CreatedChannelDto;
  qc.setQueryData<List>(channelKeys.list, (data) => {
    if (!data) return data;
    const known = data.items.some((x) => x.id === item.id);
    return {
      items: known ? data.items.map((x) => (x.id === item.id ? item : x)) : [...data.items, item],
    };
  });
}

const refetchList = (qc: QueryClient) => qc.invalidateQueries({ queryKey: channelKeys.list });

/**
 * POST /v1/notification-channels. A Telegram channel's answer carries its one-time link: the
 * caller keeps it in its state and resets the mutation; only the channel goes into the cache.
 */
export function useCreateChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChannelBody) =>
      apiPost<CreatedChannelDto>('/v1/notification-channels', body),
    onSuccess: (made) => putInList(qc, made),
    onSettled: () => refetchList(qc),
  });
}

/** PATCH /v1/notification-channels/:id (`enabled: true` also clears a server turn-off). */
export function useUpdateChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateChannelBody }) =>
      apiFetch<ChannelDto>(channelPath(id), { method: 'PATCH', body: changes }),
    onSuccess: (saved) => putInList(qc, saved),
    onSettled: () => refetchList(qc),
  });
}

/** DELETE /v1/notification-channels/:id (its delivery log goes with it). */
export function useDeleteChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(channelPath(id), { method: 'DELETE' }),
    onSuccess: (_void, id) => {
      qc.setQueryData<List>(channelKeys.list, (data) =>
        data ? { items: data.items.filter((x) => x.id !== id) } : data,
      );
      qc.removeQueries({ queryKey: deliveriesKey(channelDeliveries, id) });
    },
    onSettled: () => refetchList(qc),
  });
}
