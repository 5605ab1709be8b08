import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export interface StaticSite {
  /** Answers a browser navigation with the SPA's index.html (or 503 when there is no build). */
  serveIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

const notBuiltMessage =
  'Afsh: the web app has not been built yet. Run `npm run build` (or `npm start`), then reload.\n';

/**
 * Compression and the built SPA. Vite names everything under /assets/ by content hash, so those
 * files never change and can be cached for a year; index.html and the unhashed files from
 * public/ must be revalidated so a deploy is picked up on the next visit.
 */
export async function registerStatic(
  app: FastifyInstance,
  options: { staticDir: string },
): Promise<StaticSite> {
  const { staticDir } = options;
  const indexFile = join(staticDir, 'index.html');
  const assetsDir = join(staticDir, 'assets') + sep;

  // Registered first so its onSend hook also covers the static routes below.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  if (!existsSync(indexFile)) {
    app.log.warn(
      `No built web app at ${indexFile}: the API works, but pages answer 503 until you run \`npm run build\`.`,
    );
  }

  await app.register(fastifyStatic, {
    root: staticDir,
    // Our own warning above says what to do; the plugin's would only repeat the path.
    suppressWarning: true,
    wildcard: true,
    index: ['index.html'],
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });

  return {
    async serveIndex(_request, reply) {
      // Checked per request, so a server started before `npm run build` recovers without restart.
      const built = await stat(indexFile).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!built) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(notBuiltMessage);
      }
      // The not-found handler starts at 404; the SPA route exists, so this is a 200.
      return reply.code(200).sendFile('index.html');
    },
  };
}
