/**
 * The behavioural bank: questions about how the seeker has handled real situations, written to
 * read naturally for any occupation (a nurse, a driver, an engineer, a teacher), so none of them
 * names a tool, a customer type or a workplace. Each carries the 2–4 talking points a strong
 * answer covers; the feedback matches an answer against their content words (and synonyms), so
 * the points say concretely what to cover, in words a spoken answer would use.
 *
 * One competency per entry; an interview never asks two questions of the same competency.
 */
export type BehaviouralQuestion = {
  competency: string
  text: string
  talkingPoints: string[]
}

const RESULT = 'the result, with a number if there is one'
const SELF = 'what you did yourself, not the team'

export const BEHAVIOURAL_BANK: readonly BehaviouralQuestion[] = [
  {
    competency: 'conflict with a colleague',
    text: 'Tell me about a time you disagreed with a colleague about how to do something. How did you work it out?',
    talkingPoints: [
      'names the disagreement and why it mattered',
      'how you listened to their view before pushing yours',
      'what you agreed in the end',
    ],
  },
  {
    competency: 'disagreement with a manager',
    text: 'Describe a time you disagreed with a decision your manager made. What did you do?',
    talkingPoints: [
      'the decision and why you disagreed',
      'how you raised it with your manager, and when',
      'what happened next, even if the decision stood',
    ],
  },
  {
    competency: 'failure',
    text: 'Tell me about something you worked on that failed. What happened, and what did you take from it?',
    talkingPoints: [
      'what failed, said plainly without blaming others',
      'your own part in the failure',
      'what you learned and do differently now',
    ],
  },
  {
    competency: 'mistakes',
    text: 'Tell me about a mistake you made at work. How did you find out, and how did you put it right?',
    talkingPoints: [
      'the mistake and its impact',
      'how you owned it and told the people affected',
      'what you fixed, and what you changed so it would not happen again',
    ],
  },
  {
    competency: 'leadership without authority',
    text: 'Tell me about a time you had to get people to follow your lead when you were not their manager.',
    talkingPoints: [
      'why it needed someone to lead',
      'how you won people over without authority',
      RESULT,
    ],
  },
  {
    competency: 'leading a team',
    text: 'Tell me about a time you led a group of people through something difficult.',
    talkingPoints: [
      'what made it difficult for the group',
      'how you kept people informed and motivated',
      'a decision you made as the lead',
      RESULT,
    ],
  },
  {
    competency: 'prioritisation',
    text: 'Tell me about a time you had more work than you could get done. How did you decide what came first?',
    talkingPoints: [
      'the competing tasks and their deadlines',
      'how you decided the priority, and who you told',
      'what you dropped or delayed, and the result',
    ],
  },
  {
    competency: 'ambiguity',
    text: 'Describe a time you had to get something done without clear instructions. How did you go about it?',
    talkingPoints: [
      'what was unclear and why it mattered',
      'the questions you asked, or the assumptions you made',
      'how you checked you were on the right track',
    ],
  },
  {
    competency: 'receiving feedback',
    text: 'Tell me about a piece of critical feedback you received. What did you do with it?',
    talkingPoints: [
      'the feedback itself, in plain words',
      'how you reacted at first',
      'what you changed afterwards, and how others noticed',
    ],
  },
  {
    competency: 'giving feedback',
    text: 'Tell me about a time you had to give someone difficult feedback. How did you handle the conversation?',
    talkingPoints: [
      'why the feedback was needed',
      'how you prepared and chose the moment',
      'how the person responded and what changed',
    ],
  },
  {
    competency: 'influence',
    text: 'Tell me about a time you changed someone’s mind about something important.',
    talkingPoints: [
      'who you needed to convince, and what they believed',
      'the evidence or argument you used',
      'the outcome, and whether the change held',
    ],
  },
  {
    competency: 'customer focus',
    text: 'Tell me about a time you went out of your way for someone you were serving: a customer, a patient, a client or a student.',
    talkingPoints: [
      'who the person was and what they needed',
      'what you did beyond the usual',
      'how it helped them, in their words if you can',
    ],
  },
  {
    competency: 'difficult people',
    text: 'Tell me about a time you dealt with someone who was upset or angry with you or your organisation.',
    talkingPoints: [
      'why the person was upset',
      'how you stayed calm and listened',
      'how you resolved it, and the result',
    ],
  },
  {
    competency: 'learning fast',
    text: 'Tell me about a time you had to learn something new quickly to do your job.',
    talkingPoints: [
      'what you had to learn, and by when',
      'how you learned it: sources, people, practice',
      'how quickly you were productive, with a number if there is one',
    ],
  },
  {
    competency: 'ownership',
    text: 'Tell me about a problem you noticed that was not your job to fix, and what you did about it.',
    talkingPoints: [
      'the problem and who it affected',
      'why you stepped in instead of leaving it',
      SELF,
      RESULT,
    ],
  },
  {
    competency: 'teamwork',
    text: 'Tell me about a time a team you were on achieved something none of you could have done alone.',
    talkingPoints: [
      'the goal and why it needed the whole team',
      'your own role in the team',
      'how the team coordinated and supported each other',
      RESULT,
    ],
  },
  {
    competency: 'deadline pressure',
    text: 'Tell me about a time you had to deliver under a tight deadline. How did you make it?',
    talkingPoints: [
      'the deadline and what was at stake',
      'how you planned the time and what you cut',
      'whether you met the deadline, and the result',
    ],
  },
  {
    competency: 'data-driven decision',
    text: 'Tell me about a decision you made based on data or evidence rather than instinct.',
    talkingPoints: [
      'the decision you faced',
      'the data or evidence you gathered, and from where',
      'what the data showed and how it changed your decision',
      RESULT,
    ],
  },
  {
    competency: 'working under stress',
    text: 'Describe the most stressful situation you have faced at work. How did you handle it?',
    talkingPoints: [
      'what made the situation stressful',
      'how you kept calm and focused',
      'what you did first, and why',
      'how it ended',
    ],
  },
  {
    competency: 'adaptability',
    text: 'Tell me about a time your plans changed suddenly. How did you adapt?',
    talkingPoints: ['what changed, and how suddenly', 'how you adjusted your plan', RESULT],
  },
  {
    competency: 'initiative',
    text: 'Tell me about an improvement you suggested or made without being asked.',
    talkingPoints: [
      'the problem or opportunity you spotted',
      'how you got support for the improvement',
      SELF,
      RESULT,
    ],
  },
  {
    competency: 'going beyond the role',
    text: 'Tell me about a time you took on work outside your usual responsibilities.',
    talkingPoints: [
      'why the work needed doing and why you took it on',
      'how you balanced it with your usual work',
      'what you learned, and the result',
    ],
  },
  {
    competency: 'attention to detail',
    text: 'Tell me about a time your attention to detail caught a problem before it became serious.',
    talkingPoints: [
      'what you noticed, and how you checked it',
      'what could have gone wrong',
      'what you did to fix the problem and stop it happening again',
    ],
  },
  {
    competency: 'problem solving',
    text: 'Walk me through a difficult problem you solved at work, step by step.',
    talkingPoints: [
      'the problem and why it was hard',
      'the options you considered',
      'the steps you took, in order',
      RESULT,
    ],
  },
  {
    competency: 'communication',
    text: 'Tell me about a time you had to explain something complicated to someone without your background.',
    talkingPoints: [
      'who you were explaining it to, and why they needed it',
      'how you made it simple: an example, a picture, a comparison',
      'how you checked they understood',
    ],
  },
  {
    competency: 'persuading a group',
    text: 'Tell me about a time you presented an idea to a group and had to win them over.',
    talkingPoints: [
      'the idea and the audience',
      'how you prepared for their objections',
      'the decision the group made',
    ],
  },
  {
    competency: 'ethics',
    text: 'Tell me about a time you were asked to do something you felt was not right. What did you do?',
    talkingPoints: [
      'what you were asked, and why it felt wrong',
      'who you spoke to, and how',
      'how it was resolved',
    ],
  },
  {
    competency: 'safety and rules',
    text: 'Tell me about a time following a rule or safety procedure slowed you down. How did you handle it?',
    talkingPoints: [
      'the rule or procedure and why it exists',
      'the pressure to skip it',
      'the choice you made in the end, and why',
    ],
  },
  {
    competency: 'helping others grow',
    text: 'Tell me about someone you helped learn or grow at work.',
    talkingPoints: [
      'who they were and what they needed to learn',
      'how you taught, coached or supported them',
      'how they progressed, with an example',
    ],
  },
  {
    competency: 'self-improvement',
    text: 'What is a skill you have worked hard to improve over the past year, and how did you do it?',
    talkingPoints: [
      'the skill and why it mattered for your work',
      'how you practised or studied it',
      'how you know you improved',
    ],
  },
  {
    competency: 'handling change',
    text: 'Tell me about a big change at work that you were not happy with at first. How did you deal with it?',
    talkingPoints: [
      'the change and why you resisted it',
      'what made you come round, or how you raised concerns',
      'how you helped make the change work',
    ],
  },
  {
    competency: 'juggling responsibilities',
    text: 'Tell me about a time you had to keep several things going at once. How did you keep track?',
    talkingPoints: [
      'what you were juggling',
      'the system you used to keep track: lists, calendars, check-ins',
      'whether anything slipped, and how you handled it',
    ],
  },
  {
    competency: 'building relationships',
    text: 'Tell me about a working relationship that started badly and got better.',
    talkingPoints: [
      'why the relationship started badly',
      'what you did to build trust',
      'how you work together now',
    ],
  },
  {
    competency: 'proud achievement',
    text: 'What is the piece of work you are proudest of, and why?',
    talkingPoints: ['what the work was and why it was hard', SELF, RESULT, 'why it matters to you'],
  },
  {
    competency: 'saying no',
    text: 'Tell me about a time you had to say no to a request. How did you do it?',
    talkingPoints: [
      'the request and who made it',
      'your reasons for refusing',
      'how you explained it, and what you offered instead',
    ],
  },
  {
    competency: 'resourcefulness',
    text: 'Tell me about a time you got something done without the time, money or people you would have liked.',
    talkingPoints: [
      'what was missing and why it mattered',
      'how you made do: what you borrowed, reused or simplified',
      RESULT,
    ],
  },
  {
    competency: 'quality under pressure',
    text: 'Tell me about a time you refused to cut a corner even though it would have been quicker.',
    talkingPoints: [
      'the shortcut and the risk it carried',
      'how you explained your choice to others',
      'what it cost in time, and what it saved',
    ],
  },
  {
    competency: 'recovering a setback',
    text: 'Tell me about a project or shift that went off track. How did you get it back?',
    talkingPoints: [
      'how you noticed it was off track',
      'the first thing you did to recover',
      'how it ended, with a number if there is one',
    ],
  },
  {
    competency: 'process improvement',
    text: 'Tell me about a routine task you made faster, simpler or safer.',
    talkingPoints: [
      'the task and what was wrong with it',
      'the change you made',
      'how much time or effort it saved, with a number',
    ],
  },
  {
    competency: 'motivation',
    text: 'Tell me about a time you kept going on something long or dull. What kept you motivated?',
    talkingPoints: [
      'why the work was long or dull',
      'what kept you motivated: a goal, a habit, people',
      'how it ended',
    ],
  },
  {
    competency: 'trust and confidentiality',
    text: 'Tell me about a time you were trusted with sensitive information or responsibility. How did you handle it?',
    talkingPoints: [
      'what you were trusted with',
      'how you protected it day to day',
      'a moment that tested that trust',
    ],
  },
]
