/**
 * The roast's words: an invented, over-the-top, boastful showman who has seen the best resumes,
 * tremendous resumes, and is very disappointed in this one. Every line is about the resume's
 * content (what a finding of the review found), never about the person, and no line borrows a
 * real person's name or catchphrase. `{q}` is a few words quoted from the resume's own line;
 * a template without it is used when the finding quotes nothing.
 */
import type { ResumeFindingCode, ResumeGrade } from '@app/contracts'

export const FINDING_LINES: Record<ResumeFindingCode, readonly string[]> = {
  layout_columns: [
    'Two columns. Two! The tracking systems read it like a menu in the dark. I use one column, the best column, everybody agrees.',
    'Columns side by side, folks. The software reads straight across and serves a word salad. Very modern, very confusing.',
    'This layout has more columns than a government building, and the robots can’t find the front door.',
  ],
  layout_tables: [
    'A table. In a resume. The robots open it and see a spreadsheet that lost a fight. Incredible.',
    'Tables everywhere, folks. Beautiful tables. The screening software can’t read a single one of them.',
  ],
  layout_images: [
    'Pictures and icons, very fancy, very shiny, and to the robots completely invisible. Tremendous waste of ink.',
    'An image where words should be. The software looks at it and sees nothing. Nothing! A beautiful blank.',
  ],
  layout_header_footer: [
    'The important stuff lives in the page header, where the software never looks. Hidden treasure. Too hidden.',
    'Putting key facts in the footer, folks. That’s the basement. Nobody goes to the basement.',
  ],
  missing_dates: [
    'No dates. A job from when? Last century? Yesterday? It’s a mystery novel, and not a good one.',
    '{q}, and no dates anywhere near it. Recruiters love a timeline. This one forgot to bring it.',
    'Jobs floating in time with no dates, like a time machine that lost its manual.',
  ],
  resume_too_long: [
    'Pages and pages and pages. I’ve read shorter phone books. Recruiters give it six seconds, tops.',
    'This resume is longer than my victory speeches, and my victory speeches are very long. The longest.',
    'A resume the size of a novel. Nobody finishes it. The ending was probably great.',
  ],
  missing_name: [
    'No name at the top. A resume from nobody. Very mysterious, very witness protection.',
    'The name is missing, folks. Recruiters are supposed to call… whom, exactly?',
  ],
  missing_email: [
    'No email address. How do they reach you, carrier pigeon? I hear the pigeons are booked.',
    'Not one email address. A resume that doesn’t want to be answered. Bold strategy.',
  ],
  missing_phone: [
    'No phone number. The recruiter wants to call with great news and there’s nothing to dial. Tragic.',
    'No number to call. It’s a resume that says “don’t call us, we won’t call you.”',
  ],
  missing_location: [
    'No location anywhere. Where is this? Recruiters filter by city and this one is off the map.',
    'Location: unknown. Very international, very mysterious, very filtered out.',
  ],
  missing_links: [
    'Not a single link to the actual work. Trust me, it says. I say: show me. Everybody says show me.',
    'No portfolio, no profile link, nothing to click. The best work in the world, hidden in a drawer.',
  ],
  missing_experience_section: [
    'Where is the experience section? I looked everywhere. I have the best eyes. It isn’t there.',
    'No experience section, folks. That’s the main course. This is a menu of appetizers.',
  ],
  missing_education_section: [
    'No education section. The robots look for it and leave very, very confused.',
    'The education part went missing. Maybe it’s studying somewhere. We wish it well.',
  ],
  missing_skills_section: [
    'No skills section. None! The software searches for keywords and finds a desert.',
    'A resume with no skills section is a store with no sign. Great products, no customers.',
  ],
  no_bullets: [
    'No bullet points. Just paragraphs, big heavy paragraphs. Recruiters skim. This can’t be skimmed.',
    'Walls of text, folks. Beautiful walls, very strong walls, and no one gets over them.',
  ],
  weak_bullet_no_action_verb: [
    '“{q}”. No action verb! Everybody is responsible for something. What did you DO? Tell me the winning part.',
    '“{q}”. That’s a job description, not an accomplishment. Very passive. Very sleepy.',
    'Bullets that start with nothing happening. Where’s the verb? Led, built, cut, won. Strong words. Tremendous words.',
  ],
  bullet_no_result: [
    '“{q}”. And then what happened? Did it work? Did we win? The suspense is killing me.',
    '“{q}”. A beautiful story with no ending. I want the result. Results, folks, results!',
    'Lots of doing, no winning. A bullet without a result is a touchdown nobody counted.',
  ],
  missing_numbers: [
    '“{q}”. No numbers! How much? How fast? How big? I love numbers. The biggest numbers. Give me one.',
    '“{q}”. Not one number. I’ve seen grocery lists with more statistics.',
    'Bullet after bullet with zero numbers. Zero! And zero is not a good number, believe the experts.',
  ],
  bullet_too_long: [
    '“{q}…” and it keeps going. And going. I started reading it in the morning, finished after lunch.',
    '“{q}…”. This bullet has chapters. It needs an intermission.',
    'Bullets so long they need their own table of contents. Short and punchy wins, always.',
  ],
  passive_voice: [
    '“{q}”. Was handled by whom? By a ghost? Passive voice, folks. Nobody ever won anything passively.',
    '“{q}”. Things were done, mistakes were made, nobody did anything. Very mysterious office.',
    'Everything “was done” in this resume. Done by whom? Take the credit! You earned it, probably.',
  ],
  buzzword: [
    '“{q}”. Synergy! Dynamic! Results-driven! I’ve heard these words so often they’ve lost all meaning.',
    '“{q}”. Buzzwords so loud they echo. Very impressive noise. Now say what you actually did.',
    'A buzzword bingo card, and the buzzwords won. Tremendous vocabulary, zero information.',
  ],
  first_person: [
    '“{q}”. I, I, I. Folks, a resume already knows who it’s about. Drop the “I”.',
    '“{q}”. Written like a diary. Dear diary, today I was responsible for things.',
    'I, me, my, all over the page. A resume already knows who it’s about, folks. Drop the “I”.',
  ],
  summary_missing: [
    'No summary at the top. The first six seconds, the most valuable real estate, and it’s a vacant lot.',
    'Where’s the summary? I love a good opening. This one walks on stage and says nothing.',
  ],
  summary_too_long: [
    '“{q}…”. That’s not a summary, that’s an autobiography. Two lines. Two! Very powerful.',
    'The summary is longer than the jobs it summarizes. It summarizes nothing. Tremendous effort.',
  ],
  date_gap: [
    'A gap between jobs and not one word about it. Recruiters see a hole and fill it with the worst guess.',
    'There’s a gap in the timeline, folks, and the resume just tiptoes around it. Say one line about it.',
  ],
  date_overlap: [
    'Two jobs at the same time and no word about it. Amazing stamina. The recruiter will ask why.',
    'Overlapping dates, folks. Either a hero with two desks or a typo. Tell us which.',
  ],
  few_skills: [
    'Three skills. Maybe four. I have more skills before breakfast. The keyword robots are starving.',
    'A skills list so short it fits on a fortune cookie. Delicious, not filling.',
  ],
  skills_ungrouped: [
    'A wall of skills, one giant pile, no groups. It’s a garage sale of keywords. Everything must go.',
    'Skills dumped in one heap like laundry. Sort them! Languages here, tools there. Very simple.',
  ],
}

/** Openers by grade; `{score}` is the overall score. */
export const OPENERS: Record<ResumeGrade, readonly string[]> = {
  A: [
    'Tremendous. Truly tremendous. I’ve seen a lot of resumes, the best resumes, and this one scores {score}. Frankly, I’m a little jealous.',
    'A {score}. Folks, this resume is almost as good as mine, and mine is perfect. Almost.',
  ],
  B: [
    'Tremendous. Truly tremendous. I’ve seen a lot of resumes, the best resumes, and this one… scores a {score}. Good. Not great. Good.',
    'A {score}, folks. Very respectable. Like a silver medal at a very important contest. I only collect gold.',
  ],
  C: [
    'I’ve seen a lot of resumes, the best resumes, and this one scores a {score}. A {score}! It’s okay. It’s fine. Fine is not a word I like.',
    'A {score}, folks. Right in the middle. The middle is where resumes go to be forgotten.',
  ],
  D: [
    'I’ve read thousands of resumes, the greatest resumes ever written, and then there’s this one: a {score}. Let me tell you what happened.',
    'A {score}. Folks, I’ve seen better resumes on napkins. Very good napkins, but napkins.',
  ],
  F: [
    'A {score}. A {score}! I’ve seen a lot of resumes, the best resumes, and this is not one of them. Not even close. Let’s go through it.',
    'Folks, this resume scored a {score}. I didn’t know the scale went that low. I had to check. It does.',
  ],
}

/** Headlines by grade; `{label}` is the resume's own title when it has one. */
export const HEADLINES: Record<ResumeGrade, readonly string[]> = {
  A: ['The Almost-Perfect Resume', 'A Resume So Good It Annoyed Me', 'Nearly as Great as Mine'],
  B: ['The Quite Good Resume', 'Close to Greatness, Not Quite There', 'A Solid B, Folks'],
  C: [
    'The Resume That Was Fine. Just Fine.',
    'Middle of the Pack, Folks',
    'A Very Average Masterpiece',
  ],
  D: [
    'The Resume Nobody Asked For',
    'A Resume With Big Problems',
    'We Need to Talk About This Resume',
  ],
  F: [
    'The Worst Resume I’ve Ever Seen, Maybe Ever',
    'A Total Resume Disaster',
    'This Resume Needs a Comeback',
  ],
}

export const LABELLED_HEADLINES: readonly string[] = [
  'The {label} Resume, Reviewed Tremendously',
  '{label}: The Roast',
]

/** Verdicts by grade. */
export const VERDICTS: Record<ResumeGrade, readonly string[]> = {
  A: [
    'My verdict: hire-worthy. Fix the little things below and it’s the best resume in the room. Second best. After mine.',
    'Verdict: very, very good. Polish it and send it. They’ll love it, they’ll say where has this resume been.',
  ],
  B: [
    'My verdict: strong bones, a few bad habits. Fix the three things below and we’re talking winner.',
    'Verdict: almost there, folks. Three fixes and this goes from quite good to tremendous.',
  ],
  C: [
    'My verdict: it’s got potential. Huge potential. Do the three fixes below and watch it climb.',
    'Verdict: average today, great tomorrow, if you fix it tonight. The list is below.',
  ],
  D: [
    'My verdict: a comeback story waiting to happen. Everyone loves a comeback. Start with the fixes below.',
    'Verdict: not good, folks, but very fixable. Do the three things below and come back a winner.',
  ],
  F: [
    'My verdict: total rebuild, and rebuilds are my favourite. The fixes below are the blueprint. Get to work.',
    'Verdict: it can only go up from here. Way up. The three fixes below are step one.',
  ],
}

/** Lines for a resume whose review found little wrong, about what it does well. */
export const STRENGTH_LINES: readonly string[] = [
  'I looked for problems, folks. I looked very hard. The {category} part is actually good. Unbelievable.',
  'The {category} part? Strong. Very strong. I hate to admit it, but I admit it.',
  'And the {category}, I have to say, is better than most. Not mine, but most.',
]

/** A plain title for each fix, by finding code. */
export const FIX_TITLES: Record<ResumeFindingCode, string> = {
  layout_columns: 'Use a single column',
  layout_tables: 'Replace tables with plain text',
  layout_images: 'Put text where images are',
  layout_header_footer: 'Move details out of the page header and footer',
  missing_dates: 'Add dates to every position',
  resume_too_long: 'Cut the resume to one or two pages',
  missing_name: 'Put your name at the top',
  missing_email: 'Add an email address',
  missing_phone: 'Add a phone number',
  missing_location: 'Add your location',
  missing_links: 'Link to your work or profile',
  missing_experience_section: 'Add an experience section',
  missing_education_section: 'Add an education section',
  missing_skills_section: 'Add a skills section',
  no_bullets: 'Break paragraphs into bullets',
  weak_bullet_no_action_verb: 'Start bullets with an action verb',
  bullet_no_result: 'Say what each bullet achieved',
  missing_numbers: 'Add numbers to your impact',
  bullet_too_long: 'Shorten long bullets',
  passive_voice: 'Write in the active voice',
  buzzword: 'Replace buzzwords with facts',
  first_person: 'Drop the first person',
  summary_missing: 'Add a short summary',
  summary_too_long: 'Tighten your summary',
  date_gap: 'Explain the gap in your dates',
  date_overlap: 'Explain overlapping dates',
  few_skills: 'List more of your skills',
  skills_ungrouped: 'Group your skills',
}
