import {
  mediaContentTypeOf,
  mediaKeyPattern,
  mediaLimits,
  mediaMessages,
  type UploadPolicy,
  uploadAnswer,
  uploadAuthorisation,
  uploadAuthoriseBody,
} from '@convene/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound, validation } from '../../platform/errors.ts';
import { getViewer, perAccountRateLimit } from '../../platform/http.ts';
import { parseByteRange } from '../../platform/media/byteRange.ts';
import { getMediaStore } from '../../platform/media/store.ts';
import { acceptUpload, authoriseUpload, checkUploadForm } from './media.service.ts';

/** Form limits of the upload route: one file of at most 20,000,000 bytes and a few small fields. */
const formLimits = {
  fileSize: mediaLimits.maxBytes,
  files: 1,
  fields: 10,
  fieldSize: 8192,
  parts: 12,
  headerPairs: 50,
};

/** Client faults while reading a form become 400s on the field at fault; ours stay errors. */
function uploadError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return validation('file', mediaMessages.tooLarge);
  const status = (error as { statusCode?: number }).statusCode;
  const isFormFault =
    (typeof status === 'number' && status >= 400 && status < 500) ||
    (error instanceof Error && /form|multipart|boundary/i.test(error.message));
  return isFormFault ? validation('file', mediaMessages.formInvalid) : error;
}

/**
 * Image uploads (PRODUCT.md §1.4 and §1.7; DESIGN.md §3): authorise, the local upload target
 * and GET /media/<key> (with byte ranges, so browsers can seek in videos).
 */
export function registerMediaRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A misconfigured store (MEDIA_STORE=s3 without a bucket) stops the start, not a request.
  fastify.addHook('onReady', async () => {
    await getMediaStore(ctx);
  });

  app.put(
    '/api/imageprocessor/authorise',
    {
      config: { rateLimit: perAccountRateLimit(60, '1 minute') },
      schema: { tags: ['media'], body: uploadAuthoriseBody, response: { 200: uploadAuthorisation } },
    },
    (request) => authoriseUpload(ctx, getViewer(request), request.body),
  );

  // Multipart parsing exists only inside this scope: no other route accepts a form.
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: formLimits, throwFileSizeLimit: true });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/media/upload',
      {
        // The signed policy is the authorisation: the browser posts here without its token.
        config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags: ['media'], consumes: ['multipart/form-data'], response: { 201: uploadAnswer } },
      },
      async (request, reply) => {
        const store = await getMediaStore(ctx);
        if (store.kind !== 'local') throw notFound();
        const fields: Record<string, string> = {};
        let upload: { policy: UploadPolicy; data: Buffer } | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (typeof part.value === 'string') fields[part.fieldname] = part.value;
              continue;
            }
            try {
              if (part.fieldname !== 'file' || upload) throw validation('file', mediaMessages.formInvalid);
              // Checked before the file is read: a forged or stale form costs no decoding.
              const policy = await checkUploadForm(ctx, store, fields);
              upload = { policy, data: await part.toBuffer() };
            } catch (error) {
              part.file.resume();
              throw error;
            }
          }
        } catch (error) {
          throw uploadError(error);
        }
        if (!upload) throw validation('file', mediaMessages.fileRequired);
        const answer = await acceptUpload(store, upload.policy, upload.data);
        return reply.status(201).send(answer);
      },
    );
  });

  fastify.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!mediaKeyPattern.test(key)) throw notFound();
    const rangeHeader = request.headers.range;
    const object = await (await getMediaStore(ctx)).open(
      key,
      rangeHeader === undefined ? undefined : (size) => parseByteRange(rangeHeader, size),
    );
    if (!object) throw notFound();
    void reply
      .header('content-type', mediaContentTypeOf(key))
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes')
      // A key is written once, so its bytes never change.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if ('unsatisfiable' in object) {
      return reply.status(416).header('content-range', `bytes */${object.size}`).send();
    }
    if (object.range) {
      const { start, end } = object.range;
      void reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${object.size}`)
        .header('content-length', end - start + 1);
    } else if (object.size !== undefined) void reply.header('content-length', object.size);
    return reply.send(object.stream);
  });
}
