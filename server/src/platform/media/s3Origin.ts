import type { Config } from '../../config.ts';

// Apart from s3Store.ts so that building the CSP does not load the AWS SDK (only S3 mode needs it).

/** The origin browsers post uploads to (the page's CSP must allow connecting to it). */
export function s3UploadOrigin(s3: Config['s3']): string {
  if (s3.endpoint) return new URL(s3.endpoint).origin;
  return `https://${s3.bucket}.s3.${s3.region ?? 'us-east-1'}.amazonaws.com`;
}
