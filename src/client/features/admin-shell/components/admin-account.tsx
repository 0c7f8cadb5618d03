import { ArrowLeft, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '../../../../shared/admin-access.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useSignOut } from '../../../lib/sign-out.ts';
import { useAdminAccess } from '../hooks/use-admin-access.ts';

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:bg-white/5 hover:text-white focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none disabled:opacity-50';

/** Foot of the admin sidebar: who is signed in and as what, 'Back to App' and 'Sign Out'. */
export function AdminAccount() {
  const t = useT();
  const { email, role } = useAdminAccess();
  const signOut = useSignOut('/');
  return (
    <div className="space-y-3 border-t border-white/10 px-3 py-4">
      <div className="px-3">
        <p
          className="truncate text-sm font-medium text-white"
          title={email}
          data-testid="admin-email"
        >
          {email}
        </p>
        <p className="text-xs text-slate-400" data-testid="admin-role">
          {t(ROLE_LABELS[role])}
        </p>
      </div>
      <div className="space-y-1">
        <Link to="/dashboard" className={itemClass}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('admin.shell.backToApp')}
        </Link>
        <button
          type="button"
          className={itemClass}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          <LogOut aria-hidden="true" className="size-4" />
          {signOut.isPending ? t('admin.shell.signingOut') : t('admin.shell.signOut')}
        </button>
        {signOut.isError && (
          <p role="alert" className="px-3 text-xs text-red-300">
            {errorMessage(signOut.error, t('admin.shell.signOutFailed'))}
          </p>
        )}
      </div>
    </div>
  );
}
