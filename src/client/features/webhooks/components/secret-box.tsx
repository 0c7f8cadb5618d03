import { useEffect, useRef } from 'react';
import { SECRET_OVERLAP_HOURS } from '../../../../shared/webhooks.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { useT } from '../../../lib/i18n.tsx';

/** A secret just made (webhook created) or replaced (rotated). Lives in component state only. */
export type ShownSecret = { webhookId: string; secret: string; rotated: boolean };

/**
 * The signing secret, shown once: Copy and Done. Focus moves to it when it appears, so keyboard
 * and screen-reader users land on it.
 */
export function SecretBox({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [shown.secret]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      data-testid="webhook-secret"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
    >
      <p className="text-sm font-medium text-amber-900">
        {shown.rotated ? t('settings.webhooks.secretNew') : t('settings.webhooks.secretMade')}
      </p>
      {shown.rotated && (
        <p className="text-xs text-amber-900">
          {t('settings.webhooks.secretOverlap', { hours: SECRET_OVERLAP_HOURS })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900">
          {shown.secret}
        </code>
        <CopyButton text={shown.secret} label={t('settings.webhooks.copySecret')} />
      </div>
      <Button size="sm" variant="secondary" onClick={onDone}>
        {t('settings.actions.done')}
      </Button>
    </div>
  );
}
