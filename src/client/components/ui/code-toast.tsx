import { X } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatPhone } from '../../../shared/phone.ts';
import { useT } from '../../lib/i18n.tsx';
import { CopyButton } from './copy-button.tsx';

/** Lines the code toast shows; the rest are counted in 'and n more codes'. */
const CODE_TOAST_LINES = 3;
/** How long the code toast stays (sonner pauses it while hovered or focused). */
const CODE_TOAST_MS = 10_000;
/** The one code toast: new codes update it rather than stacking toasts. */
const CODE_TOAST_ID = 'new-codes';

export type ToastCode = { id: string; phoneNumber: string; code: string };

/**
 * A compact line per code (number, code, Copy), newest first, capped, with a close button; a burst
 * is titled by its size ("3 new codes").
 */
export function CodeToast({
  codes,
  onClose,
}: {
  codes: readonly ToastCode[];
  onClose: () => void;
}) {
  const t = useT();
  const shown = codes.slice(0, CODE_TOAST_LINES);
  const more = codes.length - shown.length;
  return (
    <div
      data-testid="code-toast"
      className="flex w-full items-start gap-1 rounded-xl border border-slate-200 bg-white py-0.5 pr-0.5 pl-3 text-slate-900 shadow-lg"
    >
      <div className="min-w-0 flex-1">
        {codes.length > 1 && (
          <p className="pt-1 text-xs font-semibold text-slate-800" data-testid="code-toast-title">
            {t('common.codeToast.title', { count: codes.length })}
          </p>
        )}
        <ul aria-label={t('common.codeToast.list')}>
          {shown.map((c) => {
            const formatted = formatPhone(c.phoneNumber);
            return (
              <li key={c.id} data-testid="code-toast-line" className="flex h-7 items-center gap-2">
                <span className="min-w-0 truncate text-xs text-slate-600 tabular-nums">
                  <span className="sr-only">{t('common.codeToast.newCodeFor')} </span>
                  {formatted}
                </span>
                <span className="ml-auto font-mono text-base font-semibold tracking-wider text-accent-700 tabular-nums">
                  {c.code}
                </span>
                <CopyButton
                  text={c.code}
                  label={t('common.codeToast.copy', { code: c.code, number: formatted })}
                  className="h-7 text-accent-700 hover:bg-accent-50"
                />
              </li>
            );
          })}
        </ul>
        {more > 0 && (
          <Link
            to="/dashboard/messages"
            onClick={onClose}
            className="mb-0.5 inline-block rounded text-xs leading-4 font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
          >
            {t('common.codeToast.more', { count: more })}
          </Link>
        )}
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('common.codeToast.dismiss')}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Shows `codes` (newest first) in the one code toast, opening it or updating it in place;
 * `onGone` runs when it closes (timed out, dismissed or swiped away).
 */
export function showCodeToast(codes: readonly ToastCode[], onGone: () => void) {
  toast.custom((id) => <CodeToast codes={codes} onClose={() => toast.dismiss(id)} />, {
    id: CODE_TOAST_ID,
    duration: CODE_TOAST_MS,
    onDismiss: onGone,
    onAutoClose: onGone,
  });
}
