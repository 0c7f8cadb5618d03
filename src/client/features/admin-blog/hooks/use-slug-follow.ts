import { useState } from 'react';

/**
 * Whether the slug still follows the title: a flag kept across renders but read and written only
 * in the fields' change handlers (changing it needs no re-render, so it is not state).
 */
export function useSlugFollow(initially: boolean) {
  const [flag] = useState(() => {
    let on = initially;
    return { follows: () => on, set: (value: boolean) => void (on = value) };
  });
  return flag;
}
