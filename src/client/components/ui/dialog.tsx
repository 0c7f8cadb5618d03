import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n.tsx';
import { useDialogFocusReturn } from './focus-return.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** While true the dialog cannot be closed (a save is in flight). */
  busy?: boolean;
  /** A wider panel on desktop (forms with a list in them). */
  wide?: boolean;
  /**
   * Where focus goes when the dialog closes (Radix's `onCloseAutoFocus`): without it, to the
   * element that opened it (a ⋮ menu's button for a menu item, `useDialogFocusReturn`).
   */
  onCloseAutoFocus?: (event: Event) => void;
  /** Escape pressed (Radix's `onEscapeKeyDown`): `preventDefault()` keeps the dialog open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  children: ReactNode;
};

/**
 * A modal panel for a form (create and edit dialogs): title, optional description, a close
 * button, and the content, which scrolls when taller than the screen. Radix keeps focus inside,
 * Escape closes, focus returns to the button that opened it.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  busy,
  wide,
  onCloseAutoFocus,
  onEscapeKeyDown,
  children,
}: Props) {
  const t = useT();
  const returnFocus = useDialogFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl focus:outline-none sm:max-h-[calc(100dvh-4rem)] sm:w-[calc(100vw-2rem)]',
            wide ? 'max-w-2xl' : 'max-w-md',
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={onCloseAutoFocus ?? returnFocus}
          onEscapeKeyDown={onEscapeKeyDown}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 pt-4 pb-3 sm:px-6 sm:pt-5">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              disabled={busy}
              className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('common.actions.close')}</span>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's button row: Cancel and the main action, stacked on a phone. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}

export const DialogClose = Dialog.Close;
