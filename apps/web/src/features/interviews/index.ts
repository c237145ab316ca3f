// The practice-interviews feature's public face (issue 16): what routes (and only routes) use.
// Everything else in features/interviews is private to it (eslint/web-boundaries.js).
//
// Design choices (for ADR 0026):
// - /interviews ("Practice") holds the start card, the progress chart and the past interviews;
//   /interviews/new?jobApplicationId= is the same page with the card pre-set to that
//   application, so "Practise an interview for this job" lands on one familiar screen.
// - /interviews/<id> is one address for the whole life of an interview: the room while it is
//   CREATED / IN_PROGRESS, the feedback once PROCESSING / COMPLETED / FAILED; a reload or a
//   return picks up at the first unanswered question.
// - The room starts on a button ("Start the interview"): browsers only let speech and audio play
//   after a gesture, and the microphone prompt then comes when the seeker expects it. The
//   question is read by the browser's speech synthesis when it has a voice, else by the server's
//   WAV; recording starts when the reading ends (or after a time cap, if a voice never ends).
// - Each answer is sent as soon as it is given (Next / Skip / typed Next); a failed send keeps the
//   recording in memory with "Try sending again". The last answer finishes the interview.
// - A denied, missing or unsupported microphone switches to typed mode with how to allow it;
//   "Type instead" is there for anyone, any time.
// - Every figure says where it came from (pace from the transcript or estimated from the audio,
//   fillers heard or read), pace is drawn against both bands (140–160 shaded darker, 100–165
//   lighter), and the transcript highlights fillers, repeated words and hedges by the server's
//   offsets, with a legend so colour is never the only cue.
// - The progress chart is three small SVG line charts (score, pace with the band, fillers a
//   minute) over finished attempts, oldest → newest, each with a written summary, and the same
//   figures as a table behind "Show the figures as a table".
// - The page polls every 1.5 s only while an answer is analysed or the feedback is written.
export { InterviewPage } from './components/interview-page'
export { InterviewsPage } from './components/interviews-page'
