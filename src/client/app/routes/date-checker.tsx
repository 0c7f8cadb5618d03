import { PageHeader } from '../../components/ui/page-header.tsx';
import { PublicDateChecker } from '../../features/date-check/components/public-date-checker.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /date-checker: the public end-date checker, no sign-in. */
export function Component() {
  useDocumentTitle('Free Number Date Checker');
  return (
    <>
      <PageHeader title="Free Number Date Checker" wide>
        Find out when your rented virtual numbers expire. Paste each number with its provider API
        link — no sign-up needed.
      </PageHeader>
      <PublicDateChecker />
    </>
  );
}
