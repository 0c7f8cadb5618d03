import { Clock, CreditCard, Mail, Scale } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { useSite } from '../../lib/site.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const facts = [
  {
    icon: Clock,
    title: 'Support hours',
    text: 'We answer support questions within 4-6 hours on business days.',
  },
  {
    icon: CreditCard,
    title: 'Billing and plans',
    text: 'Every plan starts with a 14-day free trial, no credit card required.',
  },
  {
    icon: Scale,
    title: 'Legal and privacy',
    text: 'Legal and privacy inquiries are answered within 30 days.',
  },
];

export function Component() {
  useDocumentTitle('Contact');
  const { contactEmail } = useSite().site;
  return (
    <>
      <PageHeader title="Contact us" wide>
        Questions about the product, your account or billing? Send us a message.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-3 lg:px-8">
        <Card className="p-6 sm:p-8 lg:col-span-2">
          <h2 className="text-xl font-semibold text-slate-900">Send a message</h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required.</p>
          <ContactForm />
        </Card>
        <ul className="space-y-4">
          <li>
            <Card className="flex gap-4 p-5">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
                <Mail aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900">Email us</h2>
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
                  <h2 className="font-semibold text-slate-900">{title}</h2>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
