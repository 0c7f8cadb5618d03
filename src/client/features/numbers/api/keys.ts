/** Query keys of the numbers feature. Everything about numbers lives under ['numbers']. */
export type NumberFilters = {
  q?: string | undefined;
  active?: boolean | undefined;
  favorite?: boolean | undefined;
  tag?: string | undefined;
};

export const numberKeys = {
  all: ['numbers'] as const,
  lists: () => ['numbers', 'list'] as const,
  list: (filters: NumberFilters) => ['numbers', 'list', filters] as const,
  detail: (id: string) => ['numbers', 'detail', id] as const,
  expiring: () => ['numbers', 'expiring'] as const,
};

export const tagKeys = { all: ['tags'] as const };
