import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Prose } from '../../components/ui/prose.tsx';
import { T, useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';

/** What it does: each point starts with its bold summary (`<0>…</0>`). */
const POINTS: MessageId[] = [
  'pages.about.polls',
  'pages.about.filters',
  'pages.about.expiry',
  'pages.about.shares',
  'pages.about.organised',
];

export function Component() {
  const t = useT();
  useDocumentTitle(t('public.nav.about'));
  return (
    <>
      <PageHeader title={t('pages.about.title')}>{t('pages.about.intro')}</PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <Prose>
          <p>{t('pages.about.why')}</p>
          <h2>{t('pages.about.whatTitle')}</h2>
          <ul>
            {POINTS.map((id) => (
              <li key={id}>
                <T id={id} components={{ 0: <strong /> }} />
              </li>
            ))}
          </ul>
          <h2>{t('pages.about.dataTitle')}</h2>
          <p>
            <T id="pages.about.data" components={{ 0: <Link to="/privacy" /> }} />
          </p>
          <h2>{t('pages.about.plansTitle')}</h2>
          <p>{t('pages.about.plans')}</p>
        </Prose>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/auth" variant="accent" size="lg">
            {t('public.nav.startTrial')}
          </ButtonLink>
          <ButtonLink to="/contact" variant="secondary" size="lg">
            {t('public.contact.title')}
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
