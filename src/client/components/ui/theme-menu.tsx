import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Monitor, Moon, Sun } from 'lucide-react';
import { toast } from 'sonner';
import { THEMES, type Theme } from '../../../shared/theme.ts';
import { errorMessage } from '../../lib/api.ts';
import { t as translate, useT } from '../../lib/i18n.tsx';
import { THEME_LABELS, useSetTheme, useTheme } from '../../lib/theme.ts';
import { HeaderMenu, MenuRadioItem } from './header-menu.tsx';

export const THEME_ICONS: Record<Theme, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/**
 * The three themes as radio items of a dropdown menu (the account menu, the admin header's theme
 * menu): the chosen one is checked; choosing one shows it at once and saves it for the user.
 */
export function ThemeRadioItems() {
  const t = useT();
  const theme = useTheme();
  const setTheme = useSetTheme();
  return (
    <DropdownMenu.RadioGroup
      aria-label={t('common.theme.title')}
      value={theme}
      onValueChange={(value) =>
        setTheme.mutate(value as Theme, {
          onError: (err) => toast.error(errorMessage(err, translate('common.theme.notSaved'))),
        })
      }
    >
      {THEMES.map((theme) => {
        const Icon = THEME_ICONS[theme];
        return (
          <MenuRadioItem key={theme} value={theme}>
            <Icon aria-hidden="true" className="size-4" />
            <span className="flex-1">{t(THEME_LABELS[theme])}</span>
          </MenuRadioItem>
        );
      })}
    </DropdownMenu.RadioGroup>
  );
}

/** A header button (its icon the chosen theme) opening a small menu of the three themes. */
export function ThemeMenu() {
  const t = useT();
  const theme = useTheme();
  const Icon = THEME_ICONS[theme];
  return (
    <HeaderMenu
      label={t('common.theme.current', { theme: t(THEME_LABELS[theme]) })}
      title={t('common.theme.title')}
      icon={<Icon aria-hidden="true" className="size-5" />}
    >
      <ThemeRadioItems />
    </HeaderMenu>
  );
}
