// Serves the release registry to the shell: /remotes.json (always revalidated, so a
// rollback reaches the next page load) and /releases/<remote-dir>/<version>/<file>
// (immutable, cached for a year). Only files listed in a release's release.json are
// served, which rules out traversal and keeps registry.json / history.jsonl private.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { compressedVariant } from './precompress';
import { isValidVersion, readReleaseManifest, readRemotesDocument, releaseFolder } from './registry';
import { remoteByDir } from './remotes';

export interface ReleasesPluginOptions {
  /** Folder holding releases/<remote>/<version>/ and the registry (KABUTO_RELEASES_DIR). */
  releasesDir: string;
}

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Releases never change once stored, so each one's file list is read once. */
function releaseFileIndex(releasesDir: string) {
  const cache = new Map<string, ReadonlySet<string>>();
  return {
    /** Absolute path of `<remote-dir>/<version>/<file>` if that release lists the file. */
    async resolve(requested: string): Promise<string | undefined> {
      const segments = requested.split('/');
      const [remoteDir, version, ...rest] = segments;
      if (!remoteDir || !version || !rest.length) return undefined;
      if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) return undefined;
      if (!remoteByDir(remoteDir) || !isValidVersion(version)) return undefined;
      const key = `${remoteDir}/${version}`;
      let files = cache.get(key);
      if (!files) {
        const manifest = await readReleaseManifest(releasesDir, remoteDir, version);
        if (!manifest) return undefined;
        files = new Set(manifest.files.map((file) => file.path));
        cache.set(key, files);
      }
      const path = rest.join('/');
      return files.has(path) ? join(releaseFolder(releasesDir, remoteDir, version), ...rest) : undefined;
    },
  };
}

export async function releasesPlugin(app: FastifyInstance, opts: ReleasesPluginOptions): Promise<void> {
  const index = releaseFileIndex(opts.releasesDir);

  app.get(
    '/remotes.json',
    {
      config: {
        summary: 'Released micro-frontend remotes: where the shell loads each from',
        plainAnswer: 'The remotes document (JSON) naming each remote entry URL; never cached.',
      },
    },
    async (_request, reply) => {
      const document = await readRemotesDocument(opts.releasesDir);
      return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(document);
    },
  );

  app.get<{ Params: { '*': string } }>('/releases/*', async (request, reply) => {
    const file = await index.resolve(request.params['*']);
    // An operator may have pruned an old release folder: a listed but missing file is a 404 too.
    const size = file
      ? await stat(file).then(
          (s) => (s.isFile() ? s.size : undefined),
          () => undefined,
        )
      : undefined;
    if (!file || size === undefined) {
      return reply.code(404).header('Cache-Control', 'no-store').send({ statusCode: 404, error: 'Not Found' });
    }
    reply.header('Cache-Control', IMMUTABLE_CACHE).header('Content-Type', contentTypeOf(file)).header('Vary', 'Accept-Encoding');
    // Written when the release was stored (precompress.ts); older releases have none.
    const compressed = await compressedVariant(file, request.headers['accept-encoding']);
    if (compressed) {
      return reply.header('Content-Encoding', compressed.encoding).header('Content-Length', compressed.size).send(compressed.stream());
    }
    return reply.header('Content-Length', size).send(createReadStream(file));
  });
}
