import { Fragment } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Prose } from '../../components/ui/prose.tsx';
import { T, useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';

/** The sections after the rules of use: heading and paragraph (`<0>` a link). */
const SECTIONS: { title: MessageId; text: MessageId; link?: string }[] = [
  { title: 'pages.terms.billingTitle', text: 'pages.terms.billing' },
  { title: 'pages.terms.sharedTitle', text: 'pages.terms.shared' },
  { title: 'pages.terms.supportTitle', text: 'pages.terms.support', link: '/contact' },
  { title: 'pages.terms.liabilityTitle', text: 'pages.terms.liability' },
  { title: 'pages.terms.changesTitle', text: 'pages.terms.changes', link: '/privacy' },
];

export function Component() {
  const t = useT();
  useDocumentTitle(t('pages.terms.title'));
  return (
    <>
      <PageHeader title={t('pages.terms.title')}>{t('pages.terms.intro')}</PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <Prose>
          <p>{t('pages.terms.agreement')}</p>
          <h2>{t('pages.terms.eligibilityTitle')}</h2>
          <p>{t('pages.terms.eligibility')}</p>
          <h2>{t('pages.terms.accountTitle')}</h2>
          <p>{t('pages.terms.account')}</p>
          <h2>{t('pages.terms.serviceTitle')}</h2>
          <p>{t('pages.terms.service')}</p>
          <h2>{t('pages.terms.useTitle')}</h2>
          <ul>
            <li>{t('pages.terms.useEntitled')}</li>
            <li>{t('pages.terms.useLawful')}</li>
            <li>{t('pages.terms.useDisrupt')}</li>
          </ul>
          <p>{t('pages.terms.suspend')}</p>
          {SECTIONS.map(({ title, text, link }) => (
            <Fragment key={title}>
              <h2>{t(title)}</h2>
              <p>
                <T id={text} components={link ? { 0: <Link to={link} /> } : undefined} />
              </p>
            </Fragment>
          ))}
        </Prose>
      </div>
    </>
  );
}
