import type { Message } from '../../../shared/messages.ts';
import type { MessageEvent } from '../../events/bus.ts';
import type { StoredMessage } from './messages.repository.ts';

export const toMessageDto = (m: StoredMessage): Message => ({
  id: m.id,
  voipNumberId: m.voipNumberId,
  phoneNumber: m.phoneNumber,
  sender: m.sender,
  content: m.content,
  code: m.code,
  receivedAt: m.receivedAt.toISOString(),
});

/** A stored message as a live event; its id (for Last-Event-ID) is the storage time in ms. */
export const toEvent = (m: StoredMessage): MessageEvent => ({
  userId: m.userId,
  id: String(m.createdAt.getTime()),
  message: toMessageDto(m),
});
