import type { ReactNode } from 'react';
import { tagColor } from '../../../../shared/tag-colors.ts';
import { cn } from '../../../lib/cn.ts';

/** A tag name in its service colours; `children` go after the name (e.g. a remove button). */
export function TagChip({
  name,
  children,
  className,
}: {
  name: string;
  children?: ReactNode;
  className?: string;
}) {
  const c = tagColor(name);
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        className,
      )}
      style={{ backgroundColor: c.bg, color: c.fg, borderColor: c.border }}
    >
      <span className="truncate">{name}</span>
      {children}
    </span>
  );
}
