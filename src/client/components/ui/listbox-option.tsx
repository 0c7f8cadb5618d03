import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type Props = {
  id: string;
  /** The option the keyboard is on (the input's aria-activedescendant). */
  active: boolean;
  onSelect: () => void;
  onHover: () => void;
  className?: string;
  children: ReactNode;
};

/** One option of a combobox's listbox; a click picks it without taking focus from the input. */
export function ListboxOption({ id, active, onSelect, onHover, className, children }: Props) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={onHover}
      onClick={onSelect}
      className={cn('cursor-pointer px-3 py-2 text-sm', active && 'bg-slate-100', className)}
    >
      {children}
    </li>
  );
}
