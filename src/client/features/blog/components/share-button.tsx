import { useEffect, useRef, useState } from 'react';
import { Check, Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { trackEvent } from '../../../lib/analytics.ts';
import { writeClipboard } from '../../../lib/clipboard.ts';
import { useT } from '../../../lib/i18n.tsx';

const FEEDBACK_MS = 2000;

/**
 * Share: the Web Share API where the browser has it (a cancelled share, AbortError, is ignored),
 * else the post's URL copied to the clipboard with 'Link copied' for 2 s; when the clipboard is
 * refused too, the URL is shown in a selectable field. Each share sends the analytics event
 * `blog_post_shared` {slug} (lib/analytics.ts).
 */
export function ShareButton({ title, slug }: { title: string; slug: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (manualUrl) field.current?.select();
  }, [manualUrl]);

  const onShare = async () => {
    const url = `${location.origin}/blog/${slug}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        trackEvent('blog_post_shared', { slug });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        // Refused for another reason (no user activation, not allowed): copy instead.
      }
    }
    try {
      await writeClipboard(url);
    } catch {
      setManualUrl(url);
      return;
    }
    trackEvent('blog_post_shared', { slug });
    setManualUrl(null);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), FEEDBACK_MS);
  };

  return (
    <div className="flex min-w-0 flex-col items-start gap-2">
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => void onShare()}>
          {copied ? (
            <Check aria-hidden="true" className="size-4 text-accent-700" />
          ) : (
            <Share2 aria-hidden="true" className="size-4" />
          )}
          {t('public.blog.share')}
        </Button>
        <span aria-live="polite" className="text-sm font-medium text-accent-700">
          {copied ? t('public.blog.linkCopied') : ''}
        </span>
      </div>
      {manualUrl && (
        <div className="w-full max-w-md">
          <label htmlFor="share-url" className="text-sm text-slate-700">
            {t('public.blog.copyLink')}
          </label>
          <Input
            ref={field}
            id="share-url"
            readOnly
            value={manualUrl}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 font-mono text-xs"
          />
        </div>
      )}
    </div>
  );
}
