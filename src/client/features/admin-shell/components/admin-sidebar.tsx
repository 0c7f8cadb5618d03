import { useT } from '../../../lib/i18n.tsx';
import { AdminAccount } from './admin-account.tsx';
import { AdminBrand } from './admin-brand.tsx';
import { AdminNavList } from './admin-nav-list.tsx';

/** Fixed admin sidebar on medium screens and larger. */
export function AdminSidebar() {
  const t = useT();
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col bg-slate-900 md:flex">
      <div className="flex h-16 items-center px-4">
        <AdminBrand />
      </div>
      <nav
        aria-label={t('admin.shell.administration')}
        className="flex-1 overflow-y-auto px-3 py-4"
      >
        <AdminNavList />
      </nav>
      <AdminAccount />
    </aside>
  );
}
