import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { LanguageRadioItems } from '../../../components/ui/language-menu.tsx';
import { ThemeRadioItems } from '../../../components/ui/theme-menu.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useSignOut } from '../../../lib/sign-out.ts';

/**
 * Avatar button with the signed-in email, the theme, on a phone the language (the header has no
 * room for its own menu there), and Sign Out.
 */
export function UserMenu({ email }: { email: string }) {
  const t = useT();
  const signOut = useSignOut();
  const initial = email.charAt(0).toUpperCase();

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-10 max-w-[22rem] items-center gap-2 rounded-lg pr-1 pl-1 text-sm sm:pr-2 font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
        aria-label={t('app.shell.accountMenu', { email })}
      >
        <span
          aria-hidden="true"
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-600 font-semibold text-white"
        >
          {initial}
        </span>
        <span className="hidden truncate lg:inline">{email}</span>
        {/* Not on a phone: the header search box needs the room. */}
        <ChevronDown
          aria-hidden="true"
          className="hidden size-4 shrink-0 text-slate-500 sm:block"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 py-2">
            <span className="block text-xs text-slate-500">{t('app.shell.signedInAs')}</span>
            <span
              className="block truncate text-sm font-medium text-slate-900"
              data-testid="user-email"
            >
              {email}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className="px-2.5 pt-1 pb-0.5 text-xs text-slate-500">
            {t('app.shell.theme')}
          </DropdownMenu.Label>
          <ThemeRadioItems />
          <div className="sm:hidden">
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Label className="px-2.5 pt-1 pb-0.5 text-xs text-slate-500">
              {t('common.language')}
            </DropdownMenu.Label>
            <LanguageRadioItems />
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            disabled={signOut.isPending}
            onSelect={(e) => {
              e.preventDefault();
              signOut.mutate(undefined, {
                onError: (err) => toast.error(errorMessage(err, t('app.shell.signOutFailed'))),
              });
            }}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
          >
            <LogOut aria-hidden="true" className="size-4" />
            {signOut.isPending ? t('app.shell.signingOut') : t('app.shell.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
