import type { FastifyReply } from 'fastify';

/** Requests held open (streams, waits) per key (an address, a user): past `max`, `refuse()`. */
export function openCounter(max: number, refuse: () => Error) {
  const open = new Map<string, number>();
  return {
    /** Counts one more for `key` until the response closes; throws `refuse()` past the cap. */
    take(key: string, reply: FastifyReply) {
      const n = open.get(key) ?? 0;
      if (n >= max) throw refuse();
      open.set(key, n + 1);
      reply.raw.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    },
  };
}
