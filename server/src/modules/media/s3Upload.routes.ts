import type { Readable } from 'node:stream';
import {
  imageContentTypes,
  isVideoContentType,
  mediaLimits,
  mediaMessages,
  s3PutQuery,
  s3UploadAnswer,
  s3UploadQuery,
  type UploadPolicy,
  uploadAnswer,
  videoContentTypes,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound, validation } from '../../platform/errors.ts';
import { getViewer, perAccountRateLimit } from '../../platform/http.ts';
import { signPolicy, verifyPolicy } from '../../platform/media/policy.ts';
import { getMediaStore, getUploadSecret } from '../../platform/media/store.ts';
import { acceptUpload, acceptVideoUpload, newMediaKey, newVideoKey } from './media.service.ts';

/**
 * The chat's upload calls (PRODUCT.md §2.7): GET /api/s3?type answers a signed url valid for
 * five minutes and the stored name; the browser PUTs the file there with its content type. A
 * photo goes through the same checks as every upload (size, PNG or JPEG by content, re-encoded
 * without metadata) before it is stored under that name; a video (MP4, WebM, QuickTime) is
 * streamed to storage as uploaded, at most 100,000,000 bytes, its first bytes the declared
 * type's container. With MEDIA_STORE=s3 the url is a presigned PUT straight to the bucket
 * (platform/media/s3Presign.ts) and /api/s3/upload is 404.
 */
export function registerS3UploadRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['media'];

  app.get(
    '/api/s3',
    {
      config: { rateLimit: perAccountRateLimit(60, '1 minute') },
      schema: { tags, querystring: s3UploadQuery, response: { 200: s3UploadAnswer } },
    },
    async (request) => {
      const viewer = getViewer(request);
      const { type } = request.query;
      const store = await getMediaStore(ctx);
      const key = isVideoContentType(type)
        ? newVideoKey(type, viewer.account.id)
        : newMediaKey('chat', viewer.account.id);
      if (store.kind === 's3') return { url: await store.createPutUrl(key, type), fileName: key };
      const contents: UploadPolicy = {
        key,
        contentTypes: [type],
        contentLengthRange: [1, isVideoContentType(type) ? mediaLimits.videoMaxBytes : mediaLimits.maxBytes],
        expiresAt: new Date(Date.now() + mediaLimits.policyTtlSeconds * 1000).toISOString(),
        userId: viewer.account.id,
        purpose: 'chat',
      };
      const signed = signPolicy(await getUploadSecret(ctx), contents);
      const query = new URLSearchParams({ policy: signed.policy, signature: signed.signature });
      return { url: `/api/s3/upload?${query}`, fileName: contents.key };
    },
  );

  // The raw image and video body parsers exist only inside this scope.
  void fastify.register(async (scope) => {
    for (const type of imageContentTypes) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: mediaLimits.maxBytes },
        (_request, body, done) => done(null, body),
      );
    }
    // A video stays a stream: the handler checks and counts it on its way to storage.
    scope.addContentTypeParser([...videoContentTypes], (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/s3/upload',
      {
        bodyLimit: mediaLimits.videoMaxBytes,
        // The signed url is the authorisation: the browser PUTs here without its token.
        config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, querystring: s3PutQuery, response: { 200: uploadAnswer } },
      },
      async (request, reply) => {
        const store = await getMediaStore(ctx);
        if (store.kind !== 'local') throw notFound();
        const verdict = verifyPolicy(await getUploadSecret(ctx), request.query);
        if (!verdict.ok) {
          if (verdict.failure === 'expired') throw validation('policy', mediaMessages.policyExpired);
          throw validation(verdict.failure, mediaMessages.policyInvalid);
        }
        const contents = verdict.contents;
        if (await store.exists(contents.key)) throw validation('key', mediaMessages.keyUsed);
        const type = request.headers['content-type']?.split(';')[0]?.trim();
        if (!type || !contents.contentTypes.includes(type as UploadPolicy['contentTypes'][number])) {
          throw validation('file', mediaMessages.typeInvalid);
        }
        if (isVideoContentType(type)) {
          const declared = Number(request.headers['content-length']);
          // A refused body is left unread, not destroyed: the 400 still reaches the client, and
          // the connection closes after it rather than reading the rest.
          const body = (request.body as Readable).iterator({ destroyOnReturn: false });
          try {
            return await acceptVideoUpload(
              store,
              contents,
              type,
              body,
              Number.isFinite(declared) ? declared : undefined,
            );
          } catch (error) {
            void reply.header('connection', 'close');
            throw error;
          }
        }
        if (!Buffer.isBuffer(request.body)) throw validation('file', mediaMessages.fileRequired);
        return acceptUpload(store, contents, request.body);
      },
    );
  });
}
