import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { SectionNotReady } from '../../features/admin-shell/components/section-not-ready.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Blog Management');
  return (
    <RequirePermission permission="blog" section="Blog Management">
      <SectionNotReady title="Blog Management">
        Writing, publishing and featuring blog posts comes with the next part of the admin area.
        Nothing can be managed here yet.
      </SectionNotReady>
    </RequirePermission>
  );
}
