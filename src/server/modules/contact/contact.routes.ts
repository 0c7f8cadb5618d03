import { z } from 'zod';
import { CONTACT_SUCCESS, contactBody } from '../../../shared/contact.ts';
import type { App } from '../../app.ts';
import { tooManyRequests } from '../../errors.ts';
import type { contactRepository } from './contact.repository.ts';

const MAX_PER_HOUR_PER_IP = 5;

export function contactRoutes(
  app: App,
  repo: ReturnType<typeof contactRepository>,
  now: () => Date,
) {
  app.post(
    '/v1/contact',
    {
      schema: {
        tags: ['public'],
        body: contactBody,
        response: { 201: z.object({ id: z.uuid(), message: z.string() }) },
      },
    },
    async (req, reply) => {
      const t = now();
      const id = await repo.insertWithinLimit(
        { ...req.body, ip: req.ip, createdAt: t },
        new Date(t.getTime() - 3_600_000),
        MAX_PER_HOUR_PER_IP,
      );
      if (!id) {
        throw tooManyRequests(
          'TOO_MANY_MESSAGES',
          'You have sent several messages in the last hour. Please try again later.',
          3600,
        );
      }
      return reply.status(201).send({ id, message: CONTACT_SUCCESS });
    },
  );
}
