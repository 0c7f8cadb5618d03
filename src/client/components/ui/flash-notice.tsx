import { X } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { Alert } from './alert.tsx';

/**
 * A one-time message handed over by a navigation (`navigate(to, { state: { notice } })`), e.g.
 * after the account is deleted. Dismissing it drops it from the history entry.
 */
export function FlashNotice() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  if (typeof notice !== 'string') return null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 lg:px-8">
      <Alert tone="success">
        <div className="flex items-start justify-between gap-3">
          <p>{notice}</p>
          <button
            type="button"
            onClick={() =>
              navigate(location.pathname + location.search + location.hash, {
                replace: true,
                state: null,
              })
            }
            className="-m-1 rounded p-1 hover:bg-black/5 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('common.actions.dismiss')}</span>
          </button>
        </div>
      </Alert>
    </div>
  );
}
