import { Quote } from 'lucide-react';

const quotes = [
  {
    text: 'We used to keep a spreadsheet of provider links and refresh them by hand. Now the code is on screen before I have switched tabs.',
    name: 'Maria L.',
    role: 'QA lead, mobile app studio',
  },
  {
    text: 'The shared pages are the part I did not know I needed. Our support team sees the codes, and nobody outside ops ever sees a provider link.',
    name: 'Daniel K.',
    role: 'Operations manager',
  },
  {
    text: 'Bulk import took my whole list in one paste, and the expiry colours tell me which rentals to renew this week.',
    name: 'Priya S.',
    role: 'Independent developer',
  },
];

export function TestimonialsSection() {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-20 bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
            Testimonials
          </p>
          <h2
            id="testimonials-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            What our customers say
          </h2>
        </div>
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {quotes.map((q) => (
            <li key={q.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
                <Quote aria-hidden="true" className="size-6 text-accent-600" />
                <blockquote className="mt-4 flex-1 text-base leading-7 text-slate-700">
                  “{q.text}”
                </blockquote>
                <figcaption className="mt-6 border-t border-slate-200 pt-4">
                  <p className="font-semibold text-slate-900">{q.name}</p>
                  <p className="text-sm text-slate-500">{q.role}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
