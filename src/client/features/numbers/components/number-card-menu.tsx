import { useRef, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreVertical, Pencil, Power, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { VoipNumber } from '../../../../shared/numbers.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { rememberMenuTrigger } from '../../../components/ui/focus-return.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useDeleteNumber } from '../api/delete-number.ts';
import { useToggleNumber } from '../api/update-number.ts';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** The ⋮ menu of a number card: Edit, Set Active / Set Inactive, Delete (with confirmation). */
export function NumberCardMenu({ number }: { number: VoipNumber }) {
  const t = useT();
  const navigate = useNavigate();
  const toggleActive = useToggleNumber('isActive');
  const del = useDeleteNumber();
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const formatted = formatPhone(number.phoneNumber);

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={trigger}
          className="inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none data-[state=open]:bg-slate-100"
          aria-label={t('app.card.actions', { number: formatted })}
        >
          <MoreVertical aria-hidden="true" className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => navigate(`/dashboard/edit/${number.id}`)}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('app.card.edit')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => toggleActive.mutate({ id: number.id, value: !number.isActive })}
            >
              <Power aria-hidden="true" className="size-4" />
              {number.isActive ? t('app.card.setInactive') : t('app.card.setActive')}
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item
              className={`${itemClass} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`}
              onSelect={() => {
                rememberMenuTrigger(trigger.current);
                setConfirming(true);
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('app.action.delete')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('app.card.deleteTitle')}
        description={t('app.card.deleteQuestion', { number: formatted })}
        confirmLabel={t('app.action.delete')}
        loading={del.isPending}
        onConfirm={() =>
          del.mutate(number.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('app.card.deleted', { number: formatted }));
            },
            onError: (err) => toast.error(errorMessage(err, t('app.card.deleteFailed'))),
          })
        }
      />
    </>
  );
}
