import { Search } from 'lucide-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n.tsx';

/** Header search: the text lives in the /dashboard URL as ?q=. */
export function SearchBox() {
  const t = useT();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const q = pathname === '/dashboard' ? (params.get('q') ?? '') : '';

  const update = (value: string) => {
    const next = new URLSearchParams(pathname === '/dashboard' ? params : undefined);
    if (value) next.set('q', value);
    else next.delete('q');
    const search = next.toString();
    navigate(
      { pathname: '/dashboard', search: search ? `?${search}` : '' },
      { replace: pathname === '/dashboard' },
    );
  };

  return (
    <form role="search" className="relative w-full max-w-md" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="dashboard-search" className="sr-only">
        {t('app.shell.searchLabel')}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id="dashboard-search"
        type="search"
        placeholder={t('app.shell.searchPlaceholder')}
        value={q}
        onChange={(e) => update(e.target.value)}
        className="block h-10 w-full rounded-lg border border-slate-300 bg-slate-50 pr-3 pl-8 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-accent-500 focus-visible:bg-white focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none sm:text-sm"
      />
    </form>
  );
}
