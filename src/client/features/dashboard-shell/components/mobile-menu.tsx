import { useState } from 'react';
import { useLocation } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../../components/ui/logo.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { NavList } from './nav-list.tsx';
import { SidebarFooter } from './sidebar-footer.tsx';

/**
 * Hamburger button and slide-in navigation below the md breakpoint: a modal dialog with every
 * sidebar entry (focus kept inside, Escape closes, focus goes back to the button). It is open only
 * on the page it was opened on, so any navigation (a link, Back) closes it.
 */
export function MobileMenu() {
  const t = useT();
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const setOpen = (o: boolean) => setOpenOn(o ? key : null);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none md:hidden">
        <Menu aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('app.shell.openMenu')}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 md:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-brand-950 shadow-2xl focus:outline-none md:hidden">
          <div className="flex h-16 items-center justify-between px-4">
            <Logo light />
            <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-lg text-brand-100 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('app.shell.closeMenu')}</span>
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('app.shell.menu')}</Dialog.Title>
          <Dialog.Description className="sr-only">
            {t('app.shell.navDescription')}
          </Dialog.Description>
          <nav aria-label={t('app.shell.navLabel')} className="flex-1 overflow-y-auto px-3 py-4">
            <NavList onNavigate={() => setOpen(false)} />
          </nav>
          <SidebarFooter />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
