import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminListResponse } from '../../../../shared/admin.ts';
import { apiGet } from '../../../lib/api.ts';
import { adminUsersKeys, type AdminStatus } from './keys.ts';

export type AdminList = z.infer<typeof adminListResponse>;

/** GET /v1/admin/admins: administrators matching the search (email or role) and status. */
export const useAdminList = (q: string, status: AdminStatus) =>
  useQuery({
    queryKey: adminUsersKeys.adminList(q, status),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ status });
      if (q) params.set('q', q);
      return apiGet<AdminList>(`/v1/admin/admins?${params.toString()}`, signal);
    },
  });
