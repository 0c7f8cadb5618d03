import { z } from 'zod';
import { contactBody } from '../../../shared/contact.ts';
import type { App } from '../../app.ts';
import { contactErrors } from './contact.errors.ts';
import type { contactRepository } from './contact.repository.ts';
import { errorResponses } from '../../error-responses.ts';
import { apiLocale, translate } from '../../i18n.ts';

const MAX_PER_HOUR_PER_IP = 5;

export function contactRoutes(
  app: App,
  repo: ReturnType<typeof contactRepository>,
  now: () => Date,
) {
  app.post(
    '/v1/contact',
    {
      config: { scope: 'public' },
      schema: {
        tags: ['public'],
        body: contactBody,
        response: {
          201: z.object({ id: z.uuid(), message: z.string() }),
          ...errorResponses('TOO_MANY_MESSAGES'),
        },
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
        throw contactErrors.tooManyMessages(3600);
      }
      // The thanks the contact page shows, in the sender's language.
      return reply
        .status(201)
        .send({ id, message: translate(apiLocale(req), 'public.contact.sent') });
    },
  );
}
