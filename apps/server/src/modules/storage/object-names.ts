import { storageErrors } from './storage-errors.ts'

/**
 * Object names ("keys") the service accepts: the characters Supabase Storage allows (letters,
 * digits, `_ / ! - . * ' ( ) space & $ @ = ; : + , ?`), at most 1024 of them, and, because
 * names become paths on disk, no empty, `.` or `..` segment and no leading `/`.
 */
const KEY_CHARACTERS = /^[\w/!\-.*'() &$@=;:+,?]+$/
const MAX_KEY_LENGTH = 1024

export function checkObjectName(name: string): string {
  const segments = name.split('/')
  if (
    name.length > MAX_KEY_LENGTH ||
    !KEY_CHARACTERS.test(name) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw storageErrors.invalidKey(name)
  }
  return name
}

/** Bucket ids: the same characters without `/`, 1 to 100 of them (Supabase's rule). */
const BUCKET_CHARACTERS = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/

export function checkBucketName(bucket: string): string {
  if (!BUCKET_CHARACTERS.test(bucket)) {
    throw storageErrors.invalidBucketName(bucket)
  }
  return bucket
}

/** The route's `:bucket` and `*` (the object name) as one checked pair. */
export function objectAddress(params: { bucket: string; '*': string }) {
  return { bucket: checkBucketName(params.bucket), name: checkObjectName(params['*']) }
}
