import { Clock, CreditCard, Mail, Scale, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useSite } from '../../lib/site.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';

const facts: { icon: LucideIcon; title: MessageId; text: MessageId }[] = [
  { icon: Clock, title: 'public.contact.supportTitle', text: 'public.contact.supportText' },
  { icon: CreditCard, title: 'public.contact.billingTitle', text: 'public.contact.billingText' },
  { icon: Scale, title: 'public.contact.legalTitle', text: 'public.contact.legalText' },
];

export function Component() {
  const t = useT();
  useDocumentTitle(t('public.contact.pageTitle'));
  const { contactEmail } = useSite().site;
  return (
    <>
      <PageHeader title={t('public.contact.title')} wide>
        {t('public.contact.intro')}
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-3 lg:px-8">
        <Card className="p-6 sm:p-8 lg:col-span-2">
          <h2 className="text-xl font-semibold text-slate-900">{t('public.contact.formTitle')}</h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">{t('public.contact.allRequired')}</p>
          <ContactForm />
        </Card>
        <ul className="space-y-4">
          <li>
            <Card className="flex gap-4 p-5">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
                <Mail aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900">{t('public.contact.emailUs')}</h2>
                <p className="mt-1 text-sm break-words text-slate-600">
                  <a
                    href={`mailto:${contactEmail}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {contactEmail}
                  </a>
                </p>
              </div>
            </Card>
          </li>
          {facts.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="flex gap-4 p-5">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h2 className="font-semibold text-slate-900">{t(title)}</h2>
                  <p className="mt-1 text-sm text-slate-600">{t(text)}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
