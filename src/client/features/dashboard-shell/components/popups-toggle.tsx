import { Bell, BellOff } from 'lucide-react';
import { setPopupsPaused, useCodePopups } from '../../../lib/code-popups.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useMe } from '../../../lib/me.ts';

/**
 * Pauses and resumes the new-code pop-ups (remembered on this device). While paused, a badge
 * counts the codes that arrived; resuming shows them in one pop-up. Hidden when the user turned
 * code pop-ups off in Settings.
 */
export function PopupsToggle() {
  const t = useT();
  const me = useMe();
  const { paused, held } = useCodePopups();
  if (me.data?.codeToasts === false) return null;
  return (
    <button
      type="button"
      aria-pressed={paused}
      onClick={() => setPopupsPaused(!paused)}
      title={paused ? t('app.shell.popupsPaused') : t('app.shell.pausePopups')}
      className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
    >
      {paused ? (
        <BellOff aria-hidden="true" className="size-5" />
      ) : (
        <Bell aria-hidden="true" className="size-5" />
      )}
      <span className="sr-only">{t('app.shell.pausePopups')}</span>
      {paused && held.length > 0 && (
        <span
          data-testid="held-codes"
          className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-600 px-1 text-[0.6875rem] font-semibold text-white tabular-nums"
        >
          {held.length > 99 ? '99+' : held.length}
          <span className="sr-only"> {t('app.shell.heldCodes', { count: held.length })}</span>
        </span>
      )}
    </button>
  );
}
