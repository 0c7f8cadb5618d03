import { useT } from '../../../lib/i18n.tsx';

/** The product's name: a brand name, the same in every language. */
const PRODUCT_NAME = 'VOIP Number Manager';

export function SidebarFooter() {
  const t = useT();
  return (
    <div className="border-t border-white/10 px-4 py-4 text-xs">
      <p className="font-semibold text-white">{PRODUCT_NAME}</p>
      {/* package.json's version, as Admin → Site Settings → System Information shows it. */}
      <p className="mt-0.5 text-brand-200">
        {t('app.shell.version', { version: __APP_VERSION__ })}
      </p>
    </div>
  );
}
