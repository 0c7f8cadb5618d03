import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useAdminAccess } from '../hooks/use-admin-access.ts';
import { visibleAdminNavItems } from '../nav-items.ts';

/** The admin sections this admin may open (per permission); the active one is highlighted. */
export function AdminNavList({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const { permissions } = useAdminAccess();
  return (
    <ul className="space-y-1">
      {visibleAdminNavItems(permissions).map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none',
                isActive
                  ? 'bg-white/10 text-white shadow-inner ring-1 ring-white/10'
                  : 'text-slate-300 hover:bg-white/5 hover:text-white',
              )
            }
          >
            {({ isActive }) => (
              <>
                <Icon
                  aria-hidden="true"
                  className={cn('size-5', isActive ? 'text-accent-400' : 'text-slate-400')}
                />
                {t(label)}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
