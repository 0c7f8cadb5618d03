import { LanguageMenu } from '../../../components/ui/language-menu.tsx';
import { ThemeMenu } from '../../../components/ui/theme-menu.tsx';
import { formatClockTime } from '../../../lib/format-time.ts';
import { T, useT } from '../../../lib/i18n.tsx';
import { useLastUpdated } from '../hooks/use-last-updated.ts';
import { AdminMobileMenu } from './admin-mobile-menu.tsx';

/** 'Administration' and when the admin data on screen was last loaded (stacked on a phone), and the theme. */
export function AdminHeader() {
  const t = useT();
  const updated = useLastUpdated();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:gap-4 sm:px-6">
      <AdminMobileMenu />
      <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p className="truncate text-base font-semibold text-slate-900 sm:text-lg">
          {t('admin.shell.administration')}
        </p>
        {updated > 0 && (
          <p
            className="shrink-0 text-xs text-slate-500 sm:text-sm"
            data-testid="admin-last-updated"
          >
            <T
              id="admin.shell.lastUpdated"
              values={{ time: formatClockTime(updated) }}
              components={{ 0: <time dateTime={new Date(updated).toISOString()} /> }}
            />
          </p>
        )}
      </div>
      <LanguageMenu />
      <ThemeMenu />
    </header>
  );
}
