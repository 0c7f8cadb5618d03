import { useQuery } from '@tanstack/react-query';
import { publicStatsQueryOptions } from '../api/get-public-stats.ts';

export const usePublicStats = () => useQuery(publicStatsQueryOptions);
