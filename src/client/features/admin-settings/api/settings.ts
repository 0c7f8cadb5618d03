import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { SettingDto, SettingKey, settingsResponse } from '../../../../shared/settings.ts';
import { apiFetch, apiGet, apiPost } from '../../../lib/api.ts';
import { ADMIN_ROOT } from '../../../lib/query-roots.ts';
import { siteQueryOptions } from '../../../lib/site.ts';

export type SettingsData = z.infer<typeof settingsResponse>;

const settingsKey = [...ADMIN_ROOT, 'settings'] as const;

const settingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: ({ signal }) => apiGet<SettingsData>('/v1/admin/settings', signal),
});

/**
 * After a change: the settings list, and the site info every page reads (name, maintenance),
 * fetched now even when no page here watches it, so the admin area's brand shows a new name.
 */
const refresh = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: settingsKey }),
    // The save is done either way: a failed read leaves the name to the next one.
    qc.fetchQuery({ ...siteQueryOptions, staleTime: 0 }).catch(() => undefined),
  ]);

/** GET /v1/admin/settings: every setting (stored or default) and the system information. */
export const useSettings = () => useQuery(settingsQuery);

/**
 * PUT /v1/admin/settings/:key {value}. The mutation stays pending until the list is reloaded,
 * so a field shows the saved value as soon as its saving indicator goes away.
 */
export function useUpdateSetting(key: SettingKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: boolean | number | string) =>
      apiFetch<SettingDto>(`/v1/admin/settings/${encodeURIComponent(key)}`, {
        method: 'PUT',
        body: { value },
      }),
    onSuccess: () => refresh(qc),
  });
}

/** POST /v1/admin/settings/reset: every setting back to its default. */
export function useResetSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<unknown>('/v1/admin/settings/reset'),
    onSuccess: () => refresh(qc),
  });
}

type BotAnswer = { configured: boolean; username: string | null };

/** PUT /v1/admin/telegram-bot {token} (checked by Telegram first), DELETE to remove it. */
export function useTelegramBotToken() {
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (token: string) =>
      apiFetch<BotAnswer>('/v1/admin/telegram-bot', { method: 'PUT', body: { token } }),
    onSuccess: () => refresh(qc),
  });
  const remove = useMutation({
    mutationFn: () => apiFetch<BotAnswer>('/v1/admin/telegram-bot', { method: 'DELETE' }),
    onSuccess: () => refresh(qc),
  });
  return { save, remove };
}
