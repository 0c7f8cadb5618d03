import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Languages } from 'lucide-react';
import { toast } from 'sonner';
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { errorMessage } from '../../lib/api.ts';
import { t, useLocale, useT } from '../../lib/i18n.tsx';
import { useSetLocale } from '../../lib/locale.ts';

/**
 * The languages as radio items of a dropdown menu (the header's language menu; the account menu on
 * a phone), each in its own words: choosing one shows the app in it at once and saves it for the
 * signed-in user.
 */
export function LanguageRadioItems() {
  const tr = useT();
  const { locale } = useLocale();
  const setLocale = useSetLocale();
  return (
    <DropdownMenu.RadioGroup
      aria-label={tr('common.language')}
      value={locale}
      onValueChange={(value) =>
        setLocale.mutate(value as Locale, {
          onError: (err) => toast.error(errorMessage(err, t('common.languageNotSaved'))),
        })
      }
    >
      {LOCALES.map((l) => (
        <DropdownMenu.RadioItem
          key={l}
          value={l}
          lang={LOCALE_TAGS[l]}
          className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
        >
          <span className="flex-1">{LOCALE_NAMES[l]}</span>
          <DropdownMenu.ItemIndicator>
            <Check aria-hidden="true" className="size-4 text-accent-700" />
          </DropdownMenu.ItemIndicator>
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}

/**
 * The app header's language switcher: a button (its name says the current language) opening a
 * menu of the languages.
 */
export function LanguageMenu() {
  const tr = useT();
  const { locale } = useLocale();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
        aria-label={tr('common.languageChoose', { language: LOCALE_NAMES[locale] })}
        data-testid="language-menu"
      >
        <Languages aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 py-2 text-xs text-slate-500">
            {tr('common.language')}
          </DropdownMenu.Label>
          <LanguageRadioItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
