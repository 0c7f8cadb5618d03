import { useState } from 'react';
import { ListPlus, Plus } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { BackLink } from './back-link.tsx';
import { AddNumberForm } from './add-number-form.tsx';
import { BulkImportForm } from './bulk-import-form.tsx';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';

/** /dashboard/add: 'Add New VOIP Number' with a single form and a Bulk Import mode. */
export function AddNumberPage() {
  const t = useT();
  const [mode, setMode] = useState<'single' | 'bulk'>('single');
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <BackLink />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('app.form.addHeading')}
        </h1>
        <div role="group" aria-label={t('app.form.entryMode')} className="flex gap-2">
          <ToggleButton pressed={mode === 'single'} onClick={() => setMode('single')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('app.form.single')}
          </ToggleButton>
          <ToggleButton pressed={mode === 'bulk'} onClick={() => setMode('bulk')}>
            <ListPlus aria-hidden="true" className="size-4" />
            {t('app.form.bulk')}
          </ToggleButton>
        </div>
      </div>
      <Card className="p-4 sm:p-6">
        {mode === 'single' ? <AddNumberForm /> : <BulkImportForm />}
      </Card>
    </div>
  );
}
