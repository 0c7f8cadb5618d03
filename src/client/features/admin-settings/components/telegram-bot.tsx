import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import type { SystemInfo } from '../../../../shared/settings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useTelegramBotToken } from '../api/settings.ts';

/**
 * The site's Telegram bot (users link their chats to it): its token is saved here (Telegram is
 * asked whose it is first) or comes from TELEGRAM_BOT_TOKEN; a saved token is never shown again.
 */
export function TelegramBot({ source }: { source: SystemInfo['notifications']['telegram'] }) {
  const t = useT();
  const { save, remove } = useTelegramBotToken();
  const [token, setToken] = useState('');
  const fieldError = isApiError(save.error)
    ? (save.error.fields?.token?.[0] ?? save.error.message)
    : save.error
      ? errorMessage(save.error, t('admin.settings.tokenSaveFailed'))
      : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(token.trim(), {
      onSuccess: (r) => {
        setToken('');
        toast.success(
          r.username
            ? t('admin.settings.botSavedNamed', { username: r.username })
            : t('admin.settings.botSaved'),
        );
      },
    });
  };

  return (
    <Card className="p-4 sm:p-6" data-testid="telegram-bot">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Send aria-hidden="true" className="size-5 text-sky-600" />
        {t('admin.settings.telegramBot')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('admin.settings.botHelp')}</p>
      {source === 'env' ? (
        <p className="mt-3 text-sm text-slate-800">{t('admin.settings.botTokenFromEnv')}</p>
      ) : (
        <form className="mt-3 space-y-3" onSubmit={submit}>
          {source === 'settings' && (
            <p className="text-sm text-slate-800">{t('admin.settings.botTokenSaved')}</p>
          )}
          <FormField
            id="telegram-bot-token"
            label={t('admin.settings.botToken')}
            error={fieldError}
          >
            <Input
              id="telegram-bot-token"
              type="password"
              autoComplete="off"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              invalid={!!fieldError}
              aria-describedby="telegram-bot-token-error"
              placeholder={t('admin.settings.botTokenPlaceholder')}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant="primary"
              loading={save.isPending}
              disabled={!token.trim()}
            >
              {t('admin.settings.saveToken')}
            </Button>
            {source === 'settings' && (
              <Button
                type="button"
                variant="secondary"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast.success(t('admin.settings.tokenRemoved')),
                    onError: (err) =>
                      toast.error(errorMessage(err, t('admin.settings.tokenRemoveFailed'))),
                  })
                }
              >
                {t('admin.settings.removeToken')}
              </Button>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
