import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { userListResponse } from '../../../../shared/admin.ts';
import { apiGet } from '../../../lib/api.ts';
import { adminUsersKeys, type UserStatus } from './keys.ts';

export type UserList = z.infer<typeof userListResponse>;

const usersPath = (params: Record<string, string>) =>
  `/v1/admin/users?${new URLSearchParams(params).toString()}`;

/** GET /v1/admin/users: platform users matching the search and status, newest first, 50 a page. */
export const useUserList = (q: string, status: UserStatus) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminUsersKeys.userList(q, status),
      queryFn: ({ pageParam, signal }) =>
        apiGet<UserList>(
          usersPath({
            ...(q ? { q } : {}),
            status,
            ...(pageParam ? { cursor: pageParam } : {}),
          }),
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );

/** Every platform user, counted (the 'Users (count)' tab): one row asked for, its total kept. */
export const useUserCount = () =>
  useQuery(
    queryOptions({
      queryKey: adminUsersKeys.userCount(),
      queryFn: async ({ signal }) =>
        (await apiGet<UserList>(usersPath({ limit: '1' }), signal)).total,
    }),
  );
