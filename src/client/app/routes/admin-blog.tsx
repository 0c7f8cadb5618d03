import { BlogManagementPage } from '../../features/admin-blog/components/blog-management-page.tsx';
import { RequirePermission } from '../../features/admin-shell/components/require-permission.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Blog Management');
  return (
    <RequirePermission permission="blog" section="Blog Management">
      <BlogManagementPage />
    </RequirePermission>
  );
}
