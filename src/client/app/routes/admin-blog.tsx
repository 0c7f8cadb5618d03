import { BlogManagementPage } from '../../features/admin-blog/components/blog-management-page.tsx';
import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle(useT()('admin.blog.title'));
  return (
    <RequirePermission permission="blog" section="admin.nav.blog">
      <BlogManagementPage />
    </RequirePermission>
  );
}
