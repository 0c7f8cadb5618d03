import { Fragment } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Prose } from '../../components/ui/prose.tsx';
import { T, useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';

/** What we collect: each item starts with its bold name (`<0>…</0>`). */
const COLLECTED: MessageId[] = [
  'pages.privacy.account',
  'pages.privacy.signIn',
  'pages.privacy.numbers',
  'pages.privacy.messages',
  'pages.privacy.contact',
];

/** The sections after the list: heading and paragraph. */
const SECTIONS: { title: MessageId; text: MessageId }[] = [
  { title: 'pages.privacy.useTitle', text: 'pages.privacy.use' },
  { title: 'pages.privacy.sharingTitle', text: 'pages.privacy.sharing' },
  { title: 'pages.privacy.cookiesTitle', text: 'pages.privacy.cookies' },
  { title: 'pages.privacy.retentionTitle', text: 'pages.privacy.retention' },
  { title: 'pages.privacy.ageTitle', text: 'pages.privacy.age' },
  { title: 'pages.privacy.rightsTitle', text: 'pages.privacy.rights' },
  { title: 'pages.privacy.changesTitle', text: 'pages.privacy.changes' },
];

export function Component() {
  const t = useT();
  useDocumentTitle(t('pages.privacy.title'));
  const contact = <Link to="/contact" />;
  return (
    <>
      <PageHeader title={t('pages.privacy.title')}>{t('pages.privacy.intro')}</PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <Prose>
          <p>{t('pages.privacy.scope')}</p>
          <h2>{t('pages.privacy.collectTitle')}</h2>
          <ul>
            {COLLECTED.map((id) => (
              <li key={id}>
                <T id={id} components={{ 0: <strong />, 1: contact }} />
              </li>
            ))}
          </ul>
          {SECTIONS.map(({ title, text }) => (
            <Fragment key={title}>
              <h2>{t(title)}</h2>
              <p>
                <T id={text} components={{ 0: contact }} />
              </p>
            </Fragment>
          ))}
        </Prose>
      </div>
    </>
  );
}
