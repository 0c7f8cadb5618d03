import { MessageSquare, Plus } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { demoLink as demoLinkHere, useDemoProvider } from '../../../lib/demo-provider.ts';
import { useT } from '../../../lib/i18n.tsx';

/** 'No messages yet', with a way to add a number and, when the server has it, a demo link. */
export function MessagesEmpty({ hasNumbers }: { hasNumbers: boolean }) {
  const t = useT();
  const demo = useDemoProvider(true);
  const demoLink = demoLinkHere();
  return (
    <Card
      className="flex flex-col items-center px-6 py-14 text-center"
      data-testid="messages-empty"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <MessageSquare aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-4 text-base font-medium text-slate-900">{t('app.card.noMessages')}</p>
      <p className="mt-1 max-w-md text-sm text-slate-600">
        {hasNumbers ? t('app.messages.emptyHint') : t('app.messages.emptyNoNumbers')}
      </p>
      <ButtonLink
        to="/dashboard/add"
        variant={hasNumbers ? 'secondary' : 'accent'}
        className="mt-6"
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('app.messages.addNumber')}
      </ButtonLink>
      {demo.data && (
        <div className="mt-6 w-full max-w-md rounded-xl bg-slate-50 p-3 text-left ring-1 ring-slate-200">
          <p className="text-sm text-slate-700">{t('app.messages.demoHint')}</p>
          <div className="mt-2 flex min-w-0 items-center gap-1 rounded-lg bg-white py-1 pr-1 pl-3 ring-1 ring-slate-200">
            <code className="min-w-0 flex-1 text-xs break-all text-slate-700">{demoLink}</code>
            <CopyButton text={demoLink} label={t('app.messages.copyDemoLink')} />
          </div>
        </div>
      )}
    </Card>
  );
}
