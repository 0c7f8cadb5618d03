import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '../../lib/i18n.tsx';
import { Button } from './button.tsx';
import { useDialogFocusReturn } from './focus-return.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  /** Keeps the confirm button disabled, e.g. until a typed confirmation matches. */
  confirmDisabled?: boolean;
  /** Shown under the description, e.g. the error of a failed attempt. */
  children?: ReactNode;
  /** Where focus goes when it closes (Radix's `onCloseAutoFocus`; default: `useDialogFocusReturn`). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A modal yes/no question for destructive actions (focus is trapped by Radix, and given back to
 * what opened it, `useDialogFocusReturn`).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  loading,
  confirmDisabled,
  children,
  onCloseAutoFocus,
}: Props) {
  const t = useT();
  const returnFocus = useDialogFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !loading && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
          onCloseAutoFocus={onCloseAutoFocus ?? returnFocus}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            {description}
          </Dialog.Description>
          {children && <div className="mt-4">{children}</div>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={loading}>
                {t('common.actions.cancel')}
              </Button>
            </Dialog.Close>
            <Button
              variant="danger"
              onClick={onConfirm}
              loading={loading}
              disabled={confirmDisabled}
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
