import { Check, Copy } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n.tsx';
import { useCopy } from '../../lib/use-copy.ts';

/** A small button that copies `text` and reads 'Copied' for 2 seconds. */
export function CopyButton({
  text,
  label,
  showText = true,
  idleText,
  onCopied,
  className,
}: {
  text: string;
  /** Accessible name, e.g. "Copy number". */
  label: string;
  showText?: boolean;
  /** The visible text before copying, e.g. 'Copy Code' (default 'Copy'). */
  idleText?: string;
  /** Called after a successful copy. */
  onCopied?: () => void;
  className?: string;
}) {
  const t = useT();
  const { copied, copy } = useCopy();
  const copiedText = t('common.actions.copied');
  return (
    <button
      type="button"
      onClick={() => void copy(text).then((ok) => ok && onCopied?.())}
      aria-label={label}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none',
        copied && 'text-emerald-700',
        className,
      )}
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      {(showText || copied) && (
        <span aria-hidden="true">
          {copied ? copiedText : (idleText ?? t('common.actions.copy'))}
        </span>
      )}
      <span className="sr-only" aria-live="polite">
        {copied ? copiedText : ''}
      </span>
    </button>
  );
}
