export {
  analyzeRecording,
  analyzeSpeech,
  ACOUSTIC_FILLER_KEY,
  PAUSE_THRESHOLD_SECONDS,
} from './analyze-speech.ts'
export type { AnalyzeOptions, SpeechAnalysis } from './analyze-speech.ts'
export { decodeAudio, SAMPLE_RATE } from './decode-audio.ts'
export type { DecodeLimits, Pcm } from './decode-audio.ts'
export { SpeechAnalysisError } from './errors.ts'
export type { SpeechAnalysisFailure } from './errors.ts'
export { findFillers, findHedges, findRepeatedWords } from './fillers.ts'
export type { TextMark } from './fillers.ts'
export { countWords } from './transcript-words.ts'
export { detectSpeech } from './voice-activity.ts'
export type { SpeechSegment } from './voice-activity.ts'
