export {
  defaultVoice,
  offlineVoice,
  openAiCompatibleVoice,
  remembering,
  type SpokenAudio,
  type Voice,
  VoiceError,
  voiceFromConfig,
} from './voice.ts'
