import type { LucideIcon } from 'lucide-react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreVertical } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { rememberMenuTrigger } from './focus-return.ts';

export type MenuAction = {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  danger?: boolean;
};

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/**
 * A ⋮ button opening a menu of actions (arrow keys move, Enter picks, Escape closes); a dialog an
 * action opens gives focus back to the button.
 */
export function ActionsMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none data-[state=open]:bg-slate-100"
        aria-label={label}
      >
        <MoreVertical aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 min-w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {actions.map(({ label: text, icon: Icon, onSelect, danger }) => (
            <DropdownMenu.Item
              key={text}
              className={cn(
                itemClass,
                danger &&
                  'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800',
              )}
              onSelect={() => {
                rememberMenuTrigger(trigger.current);
                onSelect();
              }}
            >
              <Icon aria-hidden="true" className="size-4" />
              {text}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
