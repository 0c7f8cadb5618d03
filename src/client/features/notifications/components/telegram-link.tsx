import { useEffect, useRef } from 'react';
import { ExternalLink } from 'lucide-react';
import { TELEGRAM_LINK_HOURS } from '../../../../shared/channels.ts';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

/** A Telegram channel's one-time link (`t.me/<bot>?start=<token>`), from its create answer only. */
export type ShownLink = { channelId: string; link: string };

/**
 * The link that links a Telegram chat: Open Telegram and Copy, shown in the new channel's card
 * until its chat is linked (or Hide). Focus moves to it when it appears.
 */
export function TelegramLink({ link, onHide }: { link: string; onHide: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After the dialog that made the channel has given focus back (a timeout).
    const t = setTimeout(() => box.current?.focus(), 0);
    return () => clearTimeout(t);
  }, [link]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      data-testid="telegram-link"
      className="space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
    >
      <p className="text-sm font-medium text-brand-900">
        Press Start in Telegram to link your chat. The link works for {TELEGRAM_LINK_HOURS} hours.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary', 'sm')}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          Open Telegram
        </a>
        <CopyButton text={link} label="Copy the Telegram link" idleText="Copy link" />
        <Button size="sm" variant="ghost" onClick={onHide} className="ml-auto">
          Hide
        </Button>
      </div>
    </div>
  );
}
