import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

/** Writes `text` to the clipboard (with a legacy fallback); throws when the browser refuses. */
export async function writeClipboard(text: string) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // fall through to the legacy path (e.g. permission refused)
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

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
        toast.error('Failed to copy to the clipboard');
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
