import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useClearNumbers } from '../api/clear-numbers.ts';

/** 'Danger Zone': Clear All Data deletes every number of the user after a confirmation. */
export function DangerZone() {
  const t = useT();
  const clear = useClearNumbers();
  const [confirming, setConfirming] = useState(false);
  return (
    <section
      aria-labelledby="danger-zone"
      className="space-y-4 rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
          {t('app.danger.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('app.danger.text')}</p>
      </div>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t('app.danger.clear')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('app.danger.clear')}
        description={t('app.danger.question')}
        confirmLabel={t('app.danger.clear')}
        loading={clear.isPending}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: ({ deleted }) => {
              setConfirming(false);
              toast.success(t('app.numbers.deleted', { count: deleted }));
            },
            onError: (err) => toast.error(errorMessage(err, t('app.danger.failed'))),
          })
        }
      />
    </section>
  );
}
