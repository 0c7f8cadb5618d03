import { useEffect, useRef } from 'react';
import { ExternalLink } from 'lucide-react';
import { TELEGRAM_LINK_HOURS } from '../../../../shared/channels.ts';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { useT } from '../../../lib/i18n.tsx';

/** A Telegram channel's one-time link (`t.me/<bot>?start=<token>`), from its create answer only. */
export type ShownLink = { channelId: string; link: string };

/**
 * The link that links a Telegram chat: Open Telegram and Copy, shown in the new channel's card
 * until its chat is linked (or Hide). Focus moves to it when it appears.
 */
export function TelegramLink({ link, onHide }: { link: string; onHide: () => void }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After the dialog that made the channel has given focus back (a timeout).
    const timer = setTimeout(() => box.current?.focus(), 0);
    return () => clearTimeout(timer);
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
        {t('settings.telegram.pressStart', { hours: TELEGRAM_LINK_HOURS })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary', 'sm')}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('settings.telegram.open')}
        </a>
        <CopyButton
          text={link}
          label={t('settings.telegram.copyLabel')}
          idleText={t('settings.telegram.copy')}
        />
        <Button size="sm" variant="ghost" onClick={onHide} className="ml-auto">
          {t('settings.telegram.hide')}
        </Button>
      </div>
    </div>
  );
}
