import { useState } from 'react';
import { useLocation } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useT } from '../../../lib/i18n.tsx';
import { AdminAccount } from './admin-account.tsx';
import { AdminBrand } from './admin-brand.tsx';
import { AdminNavList } from './admin-nav-list.tsx';

/**
 * Hamburger button and slide-in admin navigation below the md breakpoint (as the dashboard's):
 * a modal dialog with the sidebar's entries and account block, closed by any navigation.
 */
export function AdminMobileMenu() {
  const t = useT();
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const setOpen = (o: boolean) => setOpenOn(o ? key : null);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none md:hidden">
        <Menu aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('admin.shell.openMenu')}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 md:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-slate-900 shadow-2xl focus:outline-none md:hidden">
          <div className="flex h-16 items-center justify-between px-4">
            <AdminBrand />
            <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('admin.shell.closeMenu')}</span>
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('admin.shell.menu')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('admin.shell.navigation')}</Dialog.Description>
          <nav
            aria-label={t('admin.shell.administration')}
            className="flex-1 overflow-y-auto px-3 py-4"
          >
            <AdminNavList onNavigate={() => setOpen(false)} />
          </nav>
          <AdminAccount />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
