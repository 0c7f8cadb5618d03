import type { AdminRole } from '../../../../shared/admin-access.ts';
import { roleLabel } from '../../../../shared/admin-access.ts';
import { Badge } from '../../../components/ui/badge.tsx';

/** The role colours (docs/product-rules.md): super_admin red, admin blue, editor green. */
const tone = { super_admin: 'red', admin: 'blue', editor: 'green' } as const;

export function RoleBadge({ role }: { role: AdminRole }) {
  return (
    <Badge tone={tone[role]} className="capitalize">
      {roleLabel(role)}
    </Badge>
  );
}
