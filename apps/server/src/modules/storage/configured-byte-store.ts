import { type Config, ConfigError } from '../../platform/config.ts'
import { type ByteStore, createLocalByteStore } from './byte-store.ts'
import { createS3ByteStore, createS3Client } from './s3-byte-store.ts'

/**
 * The one place that picks where storage objects' bytes live (`STORAGE_BACKEND`):
 * - `local` (default): `<DATA_DIR>/storage/<bucket>/<name>`;
 * - `s3`: the key `<bucket>/<name>` in the S3 bucket `S3_BUCKET` of AWS S3 (`S3_ENDPOINT`
 *   unset, region `S3_REGION`) or of an S3-compatible service at `S3_ENDPOINT` (Cloudflare R2,
 *   MinIO), with `S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY` (else the AWS SDK's credential
 *   chain). Path-style addressing by default when `S3_ENDPOINT` is set (`S3_FORCE_PATH_STYLE`).
 * Every composition (the HTTP app, the background jobs, the seed, the CLI) calls this.
 */
export function byteStoreFromConfig(config: Config): ByteStore {
  if (config.STORAGE_BACKEND === 'local') {
    return createLocalByteStore(config.DATA_DIR)
  }
  if (!config.S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: required when STORAGE_BACKEND=s3 (the S3 bucket that holds every storage bucket)',
    )
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the AWS credential chain)',
    )
  }
  const client = createS3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? config.S3_ENDPOINT !== undefined,
  })
  return createS3ByteStore({ client, bucket: config.S3_BUCKET })
}
