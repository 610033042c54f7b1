// Tag "stats" (issue 30): the public pages' beacon (and its <noscript> image) and the
// administrator's « Statistiques ». The edge hands the service plain values: the address as it
// trusts it, the user agent, the site's host and the request's prefetch header.
import type { FastifyRequest } from 'fastify';
import { messages } from '../domain/messages.ts';
import type { TagModule } from '../http/operations.ts';
import type { Beacon } from './stats.service.ts';

type StatsOps = 'sendStatsView' | 'getStatsPixel' | 'getStats';

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const header = (req: FastifyRequest, name: string): string => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
};

/** What the beacon's request says of the visit, besides its page and referrer. */
export const visitOf = (req: FastifyRequest): Omit<Beacon, 'path' | 'referrer'> => ({
  address: req.ip,
  userAgent: header(req, 'user-agent'),
  host: req.host,
  purpose: [header(req, 'sec-purpose'), header(req, 'purpose'), header(req, 'x-purpose'), header(req, 'x-moz')].join(' '),
});

export const statsRoutes: TagModule<StatsOps> = {
  tag: 'stats',
  handlers: {
    async sendStatsView({ statsView }, { req, reply, services: { stats } }) {
      const outcome = stats.record({ path: statsView.Path, referrer: statsView.Referrer, ...visitOf(req) });
      if (typeof outcome === 'object') {
        return reply.code(429).header('retry-after', String(outcome.retryAfterSeconds)).send({ Result: false, Message: messages.stats.tooMany }) as never;
      }
      return reply.code(204).send() as never;
    },

    async getStatsPixel({ path }, { req, reply, services: { stats } }) {
      stats.record({ path, referrer: '', ...visitOf(req) });
      return reply.type('image/gif').send(PIXEL) as never;
    },

    getStats: async ({ from, to }, { services: { stats } }) => stats.report(from, to),
  },
};
