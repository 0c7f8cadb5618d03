import { RotateCcw } from 'lucide-react';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** A failed load: the error (or `fallback`) and a "Try again" button; the caller lays them out. */
export function RetryAlert({
  error,
  fallback,
  onRetry,
  retrying,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useT();
  return (
    <>
      <Alert tone="error" className="w-full max-w-md text-left">
        {errorMessage(error, fallback)}
      </Alert>
      <Button variant="primary" onClick={onRetry} loading={retrying}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('common.actions.tryAgain')}
      </Button>
    </>
  );
}
