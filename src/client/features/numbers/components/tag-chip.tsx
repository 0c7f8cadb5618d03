import type { CSSProperties, ReactNode } from 'react';
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
        'tag-chip inline-flex max-w-full items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        className,
      )}
      // Colours through variables: .tag-chip (styles.css) turns them round in dark mode.
      style={{ '--tag-bg': c.bg, '--tag-fg': c.fg, '--tag-border': c.border } as CSSProperties}
    >
      <span className="truncate">{name}</span>
      {children}
    </span>
  );
}
