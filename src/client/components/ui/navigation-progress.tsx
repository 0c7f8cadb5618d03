import { useNavigation } from 'react-router';
import { useT } from '../../lib/i18n.tsx';

/** A thin bar at the top of the viewport while the router loads the next page. */
export function NavigationProgress() {
  const t = useT();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('common.loadingPage')}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-accent-100"
    >
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-accent-500" />
    </div>
  );
}
