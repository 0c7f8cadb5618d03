import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { SectionNotReady } from '../../features/admin-shell/components/section-not-ready.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Analytics');
  return (
    <RequirePermission permission="analytics" section="Analytics">
      <SectionNotReady title="Analytics">
        Event charts, top pages and the data export come with the next part of the admin area. No
        analytics are shown here yet.
      </SectionNotReady>
    </RequirePermission>
  );
}
