import { LOCALE_NAMES, LOCALE_TAGS, LOCALES } from '../../../shared/i18n/locales.ts';
import { useLocale, useT } from '../../lib/i18n.tsx';

/**
 * The public pages' language switcher (their footer, and the shared pages'): plain links, so it
 * works on the pages that load no script; the server keeps the choice (`?lang=`, a cookie) and
 * shows the same page in it. Its own module: the shared pages' island loads it, and none of the
 * app's menu.
 */
export function LanguageLinks({ className }: { className?: string }) {
  const tr = useT();
  const { locale } = useLocale();
  return (
    <nav aria-label={tr('common.language')} className={className}>
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {LOCALES.map((l) => (
          <li key={l}>
            <a
              href={`?lang=${l}`}
              hrefLang={LOCALE_TAGS[l]}
              lang={LOCALE_TAGS[l]}
              aria-current={l === locale ? 'true' : undefined}
              className="rounded underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400 aria-[current]:font-semibold aria-[current]:underline"
            >
              {LOCALE_NAMES[l]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
