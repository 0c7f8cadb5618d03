import { PageHeader } from '../../components/ui/page-header.tsx';
import { PublicDateChecker } from '../../features/date-check/components/public-date-checker.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /date-checker: the public end-date checker, no sign-in. */
export function Component() {
  const t = useT();
  useDocumentTitle(t('public.dateChecker.title'));
  return (
    <>
      <PageHeader title={t('public.dateChecker.title')} wide>
        {t('public.dateChecker.intro')}
      </PageHeader>
      <PublicDateChecker />
    </>
  );
}
