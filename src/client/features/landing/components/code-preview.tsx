import { Copy, Radio } from 'lucide-react';
import { useT } from '../../../lib/i18n.tsx';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';

const sample: { from: string; text: MessageId; code: string; age: MessageId }[] = [
  {
    from: 'Acme',
    text: 'pages.landing.preview.acmeText',
    code: '482913',
    age: 'pages.landing.preview.justNow',
  },
  {
    from: 'Shopline',
    text: 'pages.landing.preview.shoplineText',
    code: '7315',
    age: 'pages.landing.preview.minutesAgo',
  },
];

/** A static, clearly labelled example of a number card (an illustration, not live data). */
export function CodePreview() {
  const t = useT();
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-black/5">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('pages.landing.preview.number')}
            </p>
            <p className="mt-1 font-mono text-lg font-semibold">(555) 010-4477</p>
          </div>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-50 px-2.5 py-1 text-xs font-semibold text-accent-700">
            <Radio className="size-3.5" />
            {t('pages.landing.preview.example')}
          </span>
        </div>
        <ul className="mt-5 space-y-3">
          {sample.map((m) => (
            <li key={m.code} className="rounded-xl border border-slate-200 p-3">
              <div className="flex items-center justify-between text-xs text-slate-500">
                <span className="font-medium text-slate-700">{m.from}</span>
                <span>{t(m.age)}</span>
              </div>
              <p className="mt-1 text-sm text-slate-600">{t(m.text)}</p>
              <div className="mt-2 flex items-center justify-between">
                <span className="rounded-md bg-brand-50 px-2 py-1 font-mono text-base font-bold tracking-widest text-brand-900">
                  {m.code}
                </span>
                <span className="inline-flex items-center gap-1 text-xs font-semibold text-accent-700">
                  <Copy className="size-3.5" />
                  {t('pages.landing.preview.copyCode')}
                </span>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
          <span>{t('pages.landing.preview.expires')}</span>
          <span className="size-2 rounded-full bg-green-500" />
        </div>
      </div>
    </div>
  );
}
