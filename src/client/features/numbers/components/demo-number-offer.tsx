import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { formatPhone } from '../../../../shared/phone.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { DEMO_NUMBER, demoLink, useDemoProvider } from '../../../lib/demo-provider.ts';
import { useCreateNumber } from '../api/create-number.ts';

/**
 * First run: when the server runs the demo provider, the empty dashboard adds a demo number in one
 * click. It is polled at once, so its latest sample code shows on its card within seconds.
 */
export function DemoNumberOffer() {
  const t = useT();
  const demo = useDemoProvider(true);
  const create = useCreateNumber();
  if (!demo.data) return null;
  return (
    <div className="mt-6 w-full max-w-md rounded-xl bg-slate-50 p-4 text-left ring-1 ring-slate-200">
      <p className="text-sm font-medium text-slate-900">{t('app.demo.title')}</p>
      <p className="mt-1 text-sm text-slate-600">{t('app.demo.text')}</p>
      <Button
        variant="secondary"
        className="mt-3"
        loading={create.isPending}
        onClick={() =>
          create.mutate(
            { phoneNumber: DEMO_NUMBER, apiLink: demoLink(), notes: t('app.demo.notes') },
            {
              onSuccess: () =>
                toast.success(t('app.demo.added', { number: formatPhone(DEMO_NUMBER) })),
            },
          )
        }
      >
        {!create.isPending && <Sparkles aria-hidden="true" className="size-4" />}
        {create.isPending ? t('app.form.adding') : t('app.demo.add')}
      </Button>
      {create.isError && (
        <Alert tone="error" className="mt-3">
          {errorMessage(create.error, t('app.demo.addFailed'))}
        </Alert>
      )}
    </div>
  );
}
