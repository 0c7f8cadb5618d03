import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { writeClipboard } from './clipboard.ts';
import { t } from './i18n.tsx';

/**
 * copy(text) writes to the clipboard and resolves true when it did; `copied` stays true for 2
 * seconds afterwards.
 */
export function useCopy(resetMs = 2000) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await writeClipboard(text);
      } catch {
        toast.error(t('common.copyFailed'));
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), resetMs);
      return true;
    },
    [resetMs],
  );
  return { copied, copy };
}
