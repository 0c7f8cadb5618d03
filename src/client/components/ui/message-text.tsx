import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n.tsx';
import { CopyButton } from './copy-button.tsx';

/**
 * Where `code` (digits only) appears in `content`: the digits themselves, or written with a
 * space or dash inside ('123-456', 'G-123456' matches on the digits), not inside a longer number.
 */
function findCode(content: string, code: string): [number, number] | null {
  if (!/^\d+$/.test(code)) return null;
  const re = new RegExp(`(?<!\\d)${code.split('').join('[ -]?')}(?!\\d)`);
  const m = re.exec(content);
  return m ? [m.index, m.index + m[0].length] : null;
}

/** A message's text with its verification code highlighted. */
export function MessageText({
  content,
  code,
  className,
}: {
  content: string;
  code: string | null;
  className?: string;
}) {
  const at = code ? findCode(content, code) : null;
  return (
    <p className={cn('text-sm break-words whitespace-pre-line text-slate-700', className)}>
      {at ? (
        <>
          {content.slice(0, at[0])}
          <mark className="rounded bg-accent-100 px-0.5 font-semibold text-accent-700 tabular-nums">
            {content.slice(at[0], at[1])}
          </mark>
          {content.slice(at[1])}
        </>
      ) : (
        content
      )}
    </p>
  );
}

/** The code in large monospace type with a 'Copy Code' button ('Copied' for 2 seconds). */
export function CodeWithCopy({
  code,
  context,
  size = 'md',
}: {
  code: string;
  /** Who it is from, for the button's accessible name ('Copy code 123456 from Telegram'). */
  context?: string;
  size?: 'sm' | 'md';
}) {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-1 rounded-lg bg-accent-50 py-0.5 pr-0.5 pl-2.5 ring-1 ring-accent-200 ring-inset">
      <span
        className={cn(
          'font-mono font-semibold tracking-wider text-accent-700 tabular-nums',
          size === 'sm' ? 'text-sm' : 'text-base',
        )}
        data-testid="message-code"
      >
        {code}
      </span>
      <CopyButton
        text={code}
        idleText={t('common.actions.copyCode')}
        label={context ? t('common.copyCodeOf', { code, context }) : t('common.copyCode', { code })}
        className={cn('text-accent-700 hover:bg-accent-100', size === 'sm' && 'h-7')}
      />
    </span>
  );
}
