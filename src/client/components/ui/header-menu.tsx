import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

/** One choice of a radio group in a dropdown menu: its content, and a check when chosen. */
export function MenuRadioItem({
  value,
  lang,
  children,
}: {
  value: string;
  lang?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.RadioItem
      value={value}
      lang={lang}
      className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
    >
      {children}
      <DropdownMenu.ItemIndicator>
        <Check aria-hidden="true" className="size-4 text-accent-700" />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}

/**
 * A header's icon button (the theme's, the language's) opening a small menu: a title and the
 * choices (`children`, radio items).
 */
export function HeaderMenu({
  label,
  title,
  icon,
  testId,
  children,
}: {
  /** The button's accessible name (it shows only `icon`). */
  label: string;
  title: string;
  icon: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
        aria-label={label}
        data-testid={testId}
      >
        {icon}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 py-2 text-xs text-slate-500">
            {title}
          </DropdownMenu.Label>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
