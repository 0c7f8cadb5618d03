import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { countOf } from '../../../lib/format.ts';
import { useClearNumbers } from '../api/clear-numbers.ts';

/** 'Danger Zone': Clear All Data deletes every number of the user after a confirmation. */
export function DangerZone() {
  const clear = useClearNumbers();
  const [confirming, setConfirming] = useState(false);
  return (
    <section
      aria-labelledby="danger-zone"
      className="space-y-4 rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
          Danger Zone
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Delete every number in your collection. Export first if you may need them again.
        </p>
      </div>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Clear All Data
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Clear All Data"
        description="Are you sure you want to delete all your numbers? This action cannot be undone."
        confirmLabel="Clear All Data"
        loading={clear.isPending}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: ({ deleted }) => {
              setConfirming(false);
              toast.success(`Deleted ${countOf(deleted, 'number')}`);
            },
            onError: (err) => toast.error(errorMessage(err, 'Failed to clear data')),
          })
        }
      />
    </section>
  );
}
