/**
 * The offline voice, run as a child process of its own (`voice.ts` spawns it): eSpeak
 * NG compiled to WebAssembly speaks the text read from stdin and writes a WAV to stdout. eSpeak
 * NG is GPL-3.0: it runs as a separate program the server talks to over pipes, never linked into
 * the server (NOTICE).
 *
 * Arguments: the voice (e.g. `en-us`) and the rate in words per minute.
 */
import { text } from 'node:stream/consumers'
import ESpeakNg from 'espeak-ng'

const [voice = 'en-us', rate = '150'] = process.argv.slice(2)
const words = (await text(process.stdin)).replace(/\s+/g, ' ').trim().slice(0, 2000)
const espeak = await ESpeakNg({
  arguments: ['-v', voice, '-s', rate, '-w', 'speech.wav', words || '.'],
})
process.stdout.write(espeak.FS.readFile('speech.wav'))
