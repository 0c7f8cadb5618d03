import { RotateCcw } from 'lucide-react';
import { errorMessage } from '../../lib/api.ts';
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
  return (
    <>
      <Alert tone="error" className="w-full max-w-md text-left">
        {errorMessage(error, fallback)}
      </Alert>
      <Button variant="primary" onClick={onRetry} loading={retrying}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </>
  );
}
