import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelDto } from '../../../../shared/channels.ts';
import { apiGet } from '../../../lib/api.ts';
import { linkPending } from '../channel-text.ts';
import { channelKeys } from './keys.ts';

/** While a Telegram channel waits for its chat (Start pressed in Telegram), the list is read this often. */
const LINK_WATCH_MS = 3_000;

export const channelsQuery = queryOptions({
  queryKey: channelKeys.list,
  queryFn: ({ signal }) => apiGet<{ items: ChannelDto[] }>('/v1/notification-channels', signal),
  select: (data) => data.items,
  // A Telegram channel not linked yet (its link still works): its card turns linked by itself.
  refetchInterval: (q) => (linkPending(q.state.data?.items ?? []) ? LINK_WATCH_MS : false),
});

/** GET /v1/notification-channels: the user's channels (never a secret nor a Telegram link). */
export const useChannels = () => useQuery(channelsQuery);
