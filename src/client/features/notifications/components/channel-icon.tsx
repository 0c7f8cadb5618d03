import { Bell, BellRing, Hash, Mail, MessagesSquare, Send, type LucideIcon } from 'lucide-react';
import type { ChannelType } from '../../../../shared/channels.ts';
import { cn } from '../../../lib/cn.ts';

const ICONS: Partial<Record<ChannelType, LucideIcon>> = {
  email: Mail,
  telegram: Send,
  ntfy: Bell,
  discord: MessagesSquare,
  slack: Hash,
  webpush: BellRing,
};

/** A channel type's icon (decorative: its label is always beside it); a bell for another type. */
export function ChannelIcon({ type, className }: { type: ChannelType; className?: string }) {
  const Icon = ICONS[type] ?? BellRing;
  return <Icon aria-hidden="true" className={cn('size-4', className)} />;
}
