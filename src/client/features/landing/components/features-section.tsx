import {
  CalendarClock,
  FileDown,
  RefreshCw,
  Share2,
  Star,
  Zap,
  type LucideIcon,
} from 'lucide-react';

const features: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Zap,
    title: 'Live code extraction',
    text: 'Incoming messages are filtered down to verification texts and the code is pulled out and highlighted, ready to copy with one click.',
  },
  {
    icon: RefreshCw,
    title: 'Server-side polling',
    text: 'Our servers check each active number’s provider link for you, around the clock. Close the tab — new codes are waiting when you come back.',
  },
  {
    icon: CalendarClock,
    title: 'Expiry checks',
    text: 'See when each rental ends, singly or in bulk, with clear colours for numbers that expire within 7 or 30 days or have already lapsed.',
  },
  {
    icon: Share2,
    title: 'Share without exposing links',
    text: 'Publish a page of selected numbers or a single-number endpoint. Viewers see messages and codes — never the provider link behind them.',
  },
  {
    icon: Star,
    title: 'Tags and favourites',
    text: 'Group numbers with up to five tags each, star the ones you use most and switch numbers between active and inactive.',
  },
  {
    icon: FileDown,
    title: 'Import and export',
    text: 'Paste hundreds of number and link lines in any common format, or move your whole collection in and out as JSON.',
  },
];

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-20 bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Features</p>
          <h2
            id="features-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Built for people who live on verification codes
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Stop refreshing provider pages. VOIP Manager does the watching and tells you only what
            you need to know.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-900 text-accent-400">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
