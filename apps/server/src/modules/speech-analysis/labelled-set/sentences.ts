/**
 * Invented interview-answer sentences for the labelled set. `{…}` marks a filler (spoken and
 * written in the transcript, counted in the truth); `<uh>` is a held filled pause spoken but left
 * out of the transcript, as Whisper-style recognisers do. Two disjoint pools: the training pool
 * was looked at while calibrating, the held-out pool was not (except for the filled-pause
 * detector, see ADR 0025).
 */
export const TRAINING_SENTENCES = [
  '{So} in my last role I led a team of five engineers building a payments platform.',
  'The situation was that our checkout failed for about 3 percent of customers every week.',
  '{Um}, my task was to find the root cause and fix it before the holiday season.',
  'I started by adding tracing to every service, {you know}, so we could see where requests died.',
  'It turned out a retry loop was doubling the load on the database during peaks.',
  'We rewrote the client with exponential backoff and a circuit breaker.',
  'I like Python for this kind of analysis, because the libraries are mature.',
  'The result was that failed checkouts dropped from 3 percent to 0.2 percent in six weeks.',
  '{Uh}, we also cut the median response time by 40 percent.',
  'I was, {like}, really nervous presenting it to the executive team.',
  'I would like to say that the whole team deserves the credit for this.',
  '{Basically}, I learned to measure first and argue later.',
  'My manager asked me to mentor two junior developers at the same time.',
  'We held weekly pairing sessions and I wrote a short onboarding guide.',
  '{So}, {um}, the biggest challenge was competing priorities.',
  'I used tools like Jenkins and Grafana to make the pipeline visible.',
  'In 2021 we migrated 1,200 customers to the new billing system without downtime.',
  '{Actually}, the hardest part was convincing the sales team.',
  'I think the key was listening to their concerns before proposing anything.',
  'We ran a pilot with twenty customers, gathered feedback, and iterated twice.',
  'It looks like a small change, but it saved us roughly 15 hours a week.',
  '{I mean}, nobody enjoys writing documentation, but it paid off.',
  'When a deadline slipped, I told the client early and offered two options.',
  'They chose the smaller release, and we shipped it on time.',
  '{Uh}, <uh> the follow-up project reused most of that design.',
  'I I would do the testing earlier next time.',
]

export const HELD_OUT_SENTENCES = [
  '{Well}, at my previous company I worked as a data analyst in the marketing team.',
  'Our campaign reports took three days to produce by hand every month.',
  '{Um}, I proposed automating them with a small dashboard.',
  'I built the first version in two weeks using SQL and a bit of JavaScript.',
  '{You know}, people were skeptical at first, which is fair.',
  'So that everyone trusted the numbers, I reconciled them against finance every Friday.',
  'After three months the dashboard had 85 weekly users across four departments.',
  'It was {like} a turning point for how the team made decisions.',
  '{Uh}, one conflict I remember was with a senior designer about a redesign.',
  'We disagreed on whether to test the new layout with real customers.',
  'I suggested an A/B test on 10 percent of traffic for two weeks.',
  'The test showed an 8 percent lift, so we rolled it out to everyone.',
  'I enjoy problems where data settles an argument, and I like working with designers.',
  '{Kind of} by accident, I became the person people asked about analytics.',
  'Maybe my weakness is that I take on too much at once.',
  'I now plan my week every Monday and say no more often.',
  '{Um}, <uh> in five years I see myself leading a small analytics team.',
  'The customer-facing part of the job is what motivates me most.',
  '{Literally} every launch taught me something about communication.',
  'We reduced the churn rate from 12 percent to 9 percent over a year.',
  'My role was to coordinate between engineering, sales and support.',
  'I am proud that the the process still runs without me today.',
  '{Right}, {so} this is the project I would highlight.',
  'It felt like the team finally had one shared picture of the customer.',
]
