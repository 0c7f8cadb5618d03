import { Spinner } from './spinner.tsx';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-900">
      <Spinner size="lg" label={label} />
    </div>
  );
}
