import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { toast } from 'sonner';
import { THEMES, type Theme } from '../../../shared/theme.ts';
import { errorMessage } from '../../lib/api.ts';
import { t as translate, useT } from '../../lib/i18n.tsx';
import { THEME_LABELS, useSetTheme, useTheme } from '../../lib/theme.ts';

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
          <DropdownMenu.RadioItem
            key={theme}
            value={theme}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
          >
            <Icon aria-hidden="true" className="size-4" />
            <span className="flex-1">{t(THEME_LABELS[theme])}</span>
            <DropdownMenu.ItemIndicator>
              <Check aria-hidden="true" className="size-4 text-accent-700" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
        aria-label={t('common.theme.current', { theme: t(THEME_LABELS[theme]) })}
      >
        <Icon aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 py-2 text-xs text-slate-500">
            {t('common.theme.title')}
          </DropdownMenu.Label>
          <ThemeRadioItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
