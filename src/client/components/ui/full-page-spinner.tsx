import { Spinner } from './spinner.tsx';

/** A large spinner in the middle of the page, announcing `label` ('Loading' by default). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-900">
      <Spinner size="lg" label={label} />
    </div>
  );
}
