import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useMe } from '../../../lib/me.ts';
import { adminItem, navItems } from '../nav-items.ts';

/** The user-area navigation links (and 'Admin' for an active admin); the active one is highlighted. */
export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const me = useMe();
  const items = me.data?.admin ? [...navItems, adminItem] : navItems;
  return (
    <ul className="space-y-1">
      {items.map(({ to, labelId, icon: Icon, end }) => (
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
                  : 'text-brand-100 hover:bg-white/5 hover:text-white',
              )
            }
          >
            {({ isActive }) => (
              <>
                <Icon
                  aria-hidden="true"
                  className={cn('size-5', isActive ? 'text-accent-400' : 'text-brand-200')}
                />
                {t(labelId)}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
