import { describe, expect, it } from 'vitest'
import { isSendableMediaType, servedTypeOf, showsDeclaredType } from './content-types.ts'

describe('how a stored type is served', () => {
  it.each([
    'application/pdf',
    'image/png',
    'image/jpeg',
    'image/webp',
    'text/plain;charset=UTF-8',
    'audio/mpeg',
    'audio/webm; codecs="opus"',
    'video/mp4',
  ])('serves the inert type %s as itself, inline', (stored) => {
    expect(servedTypeOf(stored)).toEqual({ contentType: stored, attachment: false })
  })

  it.each([
    'text/html',
    'text/html; charset=utf-8',
    'image/svg+xml',
    'application/xhtml+xml',
    'application/xml',
    'text/xml',
    'text/javascript',
    'application/javascript',
    'application/json',
    'image/gif',
    'application/octet-stream',
    'multipart/x-mixed-replace; boundary=x',
    'image/pngé', // cannot be a header (F6)
    'text/plain\r\nx: 1',
    '',
  ])('serves %j as application/octet-stream, an attachment', (stored) => {
    expect(servedTypeOf(stored)).toEqual({
      contentType: 'application/octet-stream',
      attachment: true,
    })
  })

  it('serves a row without a type as bytes to save', () => {
    expect(servedTypeOf(null)).toEqual({
      contentType: 'application/octet-stream',
      attachment: true,
    })
  })
})

describe('media types that can be headers', () => {
  it.each(['text/plain', 'audio/webm;codecs=opus', 'a/b; q="quoted value"', 'x/y;'])(
    'accepts %j',
    (type) => expect(isSendableMediaType(type)).toBe(true),
  )
  it.each([
    '',
    'text',
    'text/',
    '/plain',
    'té/xt',
    'a/b c',
    'a/b\n',
    'a/b; q',
    `a/${'b'.repeat(300)}`,
  ])('refuses %j', (type) => expect(isSendableMediaType(type)).toBe(false))
})

describe('a declared type against the type the bytes show', () => {
  it.each([
    ['audio/webm', 'video/webm'],
    ['audio/mp4', 'video/mp4'],
    ['audio/mp4', 'audio/x-m4a'],
    ['audio/x-wav', 'audio/wav'],
    ['audio/opus', 'audio/ogg'],
    ['image/jpg', 'image/jpeg'],
    ['audio/x-unknown-codec', 'audio/mpeg'],
  ])('takes %s shown as %s', (declared, detected) => {
    expect(showsDeclaredType(declared, detected)).toBe(true)
  })

  it.each([
    ['image/png', 'image/jpeg'],
    ['audio/mpeg', 'video/mp4'],
    ['video/mp4', 'audio/mpeg'],
    ['video/x-unknown', 'audio/mpeg'],
    ['application/pdf', null],
  ])('refuses %s shown as %s', (declared, detected) => {
    expect(showsDeclaredType(declared, detected)).toBe(false)
  })
})
