import { useState } from 'react';
import { LogOut, Monitor } from 'lucide-react';
import type { SessionInfo } from '../../../../shared/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatFullTime, formatMessageTime } from '../../../lib/format.ts';
import { T, useT } from '../../../lib/i18n.tsx';
import { useSessions } from '../api/list-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { useSignOutOthers } from '../api/sign-out-others.ts';

type Result = { tone: 'success' | 'error'; text: string };

/** 'Signed-in sessions': where the account is signed in, with sign-out for the others. */
export function SessionsPanel() {
  const t = useT();
  const sessions = useSessions();
  const signOutOthers = useSignOutOthers();
  const revoke = useRevokeSession();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const onSignOutOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) => {
        setConfirming(false);
        setResult({
          tone: 'success',
          text:
            signedOut === 0
              ? t('settings.sessions.noneToSignOut')
              : t('settings.sessions.signedOutOthers', { count: signedOut }),
        });
      },
    });

  const onRevoke = (s: SessionInfo) => {
    setResult(null);
    revoke.mutate(s.id, {
      onSuccess: () =>
        setResult({
          tone: 'success',
          text: t('settings.sessions.signedOut', { device: s.device }),
        }),
      onError: (err) =>
        setResult({
          tone: 'error',
          text: errorMessage(err, t('settings.sessions.signOutFailed')),
        }),
    });
  };

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('settings.sessions.title')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.sessions.description')}</p>
      </div>

      {sessions.isPending ? (
        <ul aria-label={t('settings.sessions.loading')} className="divide-y divide-slate-100">
          {[0, 1].map((i) => (
            <li key={i} className="flex items-center gap-3 py-3">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-64 max-w-full" />
              </div>
            </li>
          ))}
        </ul>
      ) : sessions.isError ? (
        <div className="flex flex-col items-start gap-3">
          <RetryAlert
            error={sessions.error}
            fallback={t('settings.sessions.loadFailed')}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        </div>
      ) : (
        <ul aria-label={t('settings.sessions.listLabel')} className="divide-y divide-slate-100">
          {sessions.data.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              onSignOut={() => onRevoke(s)}
              signingOut={revoke.isPending && revoke.variables === s.id}
            />
          ))}
        </ul>
      )}

      {sessions.isSuccess && others === 0 && (
        <p className="text-sm text-slate-600">{t('settings.sessions.noOthers')}</p>
      )}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}

      <Button
        variant="secondary"
        disabled={others === 0}
        onClick={() => {
          setResult(null);
          signOutOthers.reset();
          setConfirming(true);
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {t('settings.sessions.signOutOthers')}
      </Button>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.sessions.signOutOthers')}
        description={t('settings.sessions.signOutOthersText', { count: others })}
        confirmLabel={t('settings.sessions.signOutOthers')}
        loading={signOutOthers.isPending}
        onConfirm={onSignOutOthers}
      >
        {signOutOthers.isError && (
          <Alert tone="error">
            {errorMessage(signOutOthers.error, t('settings.sessions.signOutOthersFailed'))}
          </Alert>
        )}
      </ConfirmDialog>
    </Card>
  );
}

function SessionRow({
  session: s,
  onSignOut,
  signingOut,
}: {
  session: SessionInfo;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="session-row">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Monitor aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {s.device}
          {s.current && <Badge tone="green">{t('settings.sessions.thisBrowser')}</Badge>}
        </p>
        <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
          {s.ip && <span>{t('settings.sessions.ip', { ip: s.ip })}</span>}
          <span>
            <T
              id="settings.sessions.signedIn"
              values={{ time: formatMessageTime(s.createdAt) }}
              components={{
                0: <time dateTime={s.createdAt} title={formatFullTime(s.createdAt)} />,
              }}
            />
          </span>
          <span>
            {s.current ? (
              t('settings.sessions.activeNow')
            ) : (
              <T
                id="settings.sessions.lastActive"
                values={{ time: formatMessageTime(s.lastSeenAt) }}
                components={{
                  0: <time dateTime={s.lastSeenAt} title={formatFullTime(s.lastSeenAt)} />,
                }}
              />
            )}
          </span>
        </p>
      </div>
      {!s.current && (
        <Button
          variant="ghost"
          size="sm"
          onClick={onSignOut}
          loading={signingOut}
          aria-label={t('settings.sessions.signOutDevice', { device: s.device })}
        >
          {t('settings.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
