/**
 * `espeak-ng` (eSpeak NG compiled to WebAssembly) ships no types. It is the offline voice
 * (apps/server/src/modules/interviews/offline-voice-process.ts) and speaks the test recordings.
 * Only what we call is declared: an Emscripten module run with command-line arguments, whose
 * in-memory file system holds what it wrote (`-w <file>`).
 */
declare module 'espeak-ng' {
  type ESpeakNgModule = {
    FS: { readFile: (path: string) => Uint8Array }
  }
  const ESpeakNg: (options: { arguments: string[] }) => Promise<ESpeakNgModule>
  export default ESpeakNg
}
