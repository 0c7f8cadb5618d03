import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Languages } from 'lucide-react';
import { toast } from 'sonner';
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { errorMessage } from '../../lib/api.ts';
import { t, useLocale, useT } from '../../lib/i18n.tsx';
import { useSetLocale } from '../../lib/locale.ts';
import { HeaderMenu, MenuRadioItem } from './header-menu.tsx';

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
        <MenuRadioItem key={l} value={l} lang={LOCALE_TAGS[l]}>
          <span className="flex-1">{LOCALE_NAMES[l]}</span>
        </MenuRadioItem>
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
    <HeaderMenu
      label={tr('common.languageChoose', { language: LOCALE_NAMES[locale] })}
      title={tr('common.language')}
      icon={<Languages aria-hidden="true" className="size-5" />}
      testId="language-menu"
    >
      <LanguageRadioItems />
    </HeaderMenu>
  );
}
