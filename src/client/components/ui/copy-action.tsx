import type { ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { useT } from '../../lib/i18n.tsx';
import { useCopy } from '../../lib/use-copy.ts';
import { Button } from './button.tsx';
import type { ButtonSize, ButtonVariant } from './button-styles.ts';

/**
 * A full-size button that copies `text` and reads `copiedText` ('Copied!') for 2 seconds, e.g.
 * 'Copy Number' on the public pages. `onCopied` runs after the clipboard took the text (the
 * public pages tell the server a code is about to be sent to the number).
 */
export function CopyAction({
  text,
  children,
  label,
  onCopied,
  copiedText,
  variant = 'secondary',
  size = 'md',
  className,
}: {
  text: string;
  children: ReactNode;
  /** Accessible name when the visible text is not enough, e.g. 'Copy code 123456'. */
  label?: string;
  onCopied?: () => void;
  /** The text while copied (default 'Copied!'). */
  copiedText?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const t = useT();
  const { copied, copy } = useCopy();
  const done = copiedText ?? t('common.actions.copiedExclaim');
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      aria-label={label}
      onClick={() => {
        void copy(text).then((ok) => ok && onCopied?.());
      }}
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4 text-emerald-600" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      <span aria-hidden={label || copied ? true : undefined}>{copied ? done : children}</span>
      <span className="sr-only" aria-live="polite">
        {copied ? done : ''}
      </span>
    </Button>
  );
}
