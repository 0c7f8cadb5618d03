import type { FastifyRequest } from 'fastify';

/** Whether the client asked for plain text (a script: `Accept: text/plain`) rather than JSON. */
export function wantsText(req: FastifyRequest) {
  const accept = req.headers.accept ?? '';
  return /\btext\/plain\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept);
}
