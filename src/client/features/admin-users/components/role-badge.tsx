import type { AdminRole } from '../../../../shared/admin-access.ts';
import { ROLE_LABELS } from '../../../../shared/admin-access.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../lib/i18n.tsx';

/** The role colours (docs/product-rules.md): super_admin red, admin blue, editor green. */
const tone = { super_admin: 'red', admin: 'blue', editor: 'green' } as const;

export function RoleBadge({ role }: { role: AdminRole }) {
  const t = useT();
  return <Badge tone={tone[role]}>{t(ROLE_LABELS[role])}</Badge>;
}
