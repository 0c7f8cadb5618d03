import { useT } from '../../lib/i18n.tsx';

/** "Skip to content" link, visible only when focused. Target element needs id="main". */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus-visible:ring-2 focus-visible:ring-accent-500"
    >
      {t('common.skipToContent')}
    </a>
  );
}
