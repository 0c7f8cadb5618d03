import { useState } from 'react';
import { UserX } from 'lucide-react';
import { emailMatches } from '../../../../shared/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useMe } from '../../../lib/me.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** 'Delete my account': everything goes, once the user types their email in the dialog. */
export function DeleteAccountPanel() {
  const t = useT();
  const email = useMe().data?.email ?? '';
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = email !== '' && emailMatches(typed, email);
  const confirm = () => {
    if (matches && !remove.isPending) remove.mutate(typed);
  };

  return (
    <section
      aria-labelledby="delete-account"
      className="space-y-4 rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id="delete-account" className="text-lg font-semibold text-red-800">
          {t('settings.deleteAccount.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.deleteAccount.description')}</p>
      </div>
      <Button
        variant="danger"
        onClick={() => {
          setTyped('');
          remove.reset();
          setOpen(true);
        }}
      >
        <UserX aria-hidden="true" className="size-4" />
        {t('settings.deleteAccount.title')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('settings.deleteAccount.title')}
        description={t('settings.deleteAccount.confirmText')}
        confirmLabel={t('settings.deleteAccount.title')}
        confirmDisabled={!matches}
        loading={remove.isPending}
        onConfirm={confirm}
      >
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          <FormField
            id="delete-account-email"
            label={t('settings.deleteAccount.typeEmail', { email })}
          >
            <Input
              id="delete-account-email"
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby="delete-account-email-error"
            />
          </FormField>
          {remove.isError && (
            <Alert tone="error">
              {errorMessage(remove.error, t('settings.deleteAccount.failed'))}
            </Alert>
          )}
        </form>
      </ConfirmDialog>
    </section>
  );
}
