/**
 * Pure helpers for a selection of ids kept in a Set (pickers and select modes). A Set keeps the
 * order ids were added in, which is the order a public page lists its numbers.
 */

/** `selected` with `id` added (`on`) or removed; the same Set when nothing changes. */
export function toggled(
  selected: ReadonlySet<string>,
  id: string,
  on: boolean,
): ReadonlySet<string> {
  if (selected.has(id) === on) return selected;
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** `selected` with every id of `ids` added (`on`) or removed, keeping the order of the rest. */
export function withAll(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  on: boolean,
): ReadonlySet<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next.size === selected.size && ids.every((id) => selected.has(id) === on)
    ? selected
    : next;
}

/** How many of `ids` are selected: none, some or all (for a select-all box's checked/mixed state). */
export function coverage(
  selected: ReadonlySet<string>,
  ids: readonly string[],
): 'none' | 'some' | 'all' {
  let count = 0;
  for (const id of ids) if (selected.has(id)) count++;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/** Whether `ids` (in order) are exactly the selection in its order. */
export function sameOrder(ids: readonly string[], selected: ReadonlySet<string>): boolean {
  if (ids.length !== selected.size) return false;
  let i = 0;
  for (const id of selected) if (ids[i++] !== id) return false;
  return true;
}
