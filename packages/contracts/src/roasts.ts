import { z } from 'zod'

/**
 * Resume roasts (issue 17, ADR 0027; spec section 2's "roasted by trump" section): a comedy roast
 * of a seeker's resume in an over-the-top, boastful parody voice, with the real review's fixes
 * underneath, as a share feature. It is labelled as parody: no real person's voice, face or
 * likeness is imitated and no words are attributed to a real person. A roast is private until
 * its owner publishes it; a published one is public at `/roasted-by-trump/analysis/{id}` (an
 * unguessable id), with Open Graph tags and a preview image, and shows no contact details. If
 * the seeker also publishes the review's video, it is public at `/roasted-by-trump/video/{id}`.
 *
 * Signed in:
 * - `POST /api/roasts {resumeAnalysisId}` → 201 `Roast` (private); 409 `analysis_not_ready`;
 * - `GET /api/roasts` → `{roasts: Roast[]}` (the seeker's own, newest first);
 * - `PATCH /api/roasts/{id} {published?, videoId?}` → `Roast` (publish, unpublish, attach one of
 *   their COMPLETED analysis videos, or `videoId: null` to detach);
 * - `DELETE /api/roasts/{id}` → 204.
 * Public (no session):
 * - `GET /api/public/roasts/{id}` → `PublicRoast`, 404 `roast_not_found` when unknown or not
 *   published;
 * - `GET /api/public/roast-videos/{id}` → `PublicRoastVideo`, 404 `roast_not_found` likewise;
 * - `GET /roasted-by-trump/analysis/{id}/preview.png` → the 1200×630 preview image.
 */

export const PARODY_NOTICE =
  'Parody. A comedy roast in an invented, boastful voice: it imitates no real person, and no words here are anyone’s but ours.'

export const RoastContentSchema = z.object({
  /** The roast's title, e.g. "The Resume Nobody Asked For". */
  headline: z.string(),
  /** The roast itself: 4–8 lines in the parody voice, about the resume, never the person. */
  lines: z.array(z.string()),
  /** The closing verdict in the same voice. */
  verdict: z.string(),
  /** The real review's fixes, plainly written (the useful part). */
  fixes: z.array(z.object({ title: z.string(), detail: z.string() })),
  grade: z.string(),
  score: z.number().int(),
})
export type RoastContent = z.infer<typeof RoastContentSchema>

export const RoastSchema = z.object({
  id: z.uuid(),
  resumeAnalysisId: z.uuid(),
  content: RoastContentSchema,
  published: z.boolean(),
  publishedAt: z.iso.datetime().nullable(),
  /** The analysis video shared with it, if any. */
  videoId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  /** The public page's path, e.g. `/roasted-by-trump/analysis/{id}` (works once published). */
  pagePath: z.string(),
})
export type Roast = z.infer<typeof RoastSchema>

export const CreateRoastBodySchema = z.object({
  resumeAnalysisId: z.uuid('Resume analysis not found'),
})
export const UpdateRoastBodySchema = z
  .object({ published: z.boolean().optional(), videoId: z.uuid().nullable().optional() })
  .refine((body) => body.published !== undefined || body.videoId !== undefined, {
    message: 'Send published, videoId or both',
  })
export type UpdateRoastBody = z.infer<typeof UpdateRoastBodySchema>

export const PublicRoastSchema = z.object({
  id: z.uuid(),
  content: RoastContentSchema,
  publishedAt: z.iso.datetime(),
  /** The public video page's id, when the owner shared the video too. */
  videoId: z.uuid().nullable(),
  notice: z.string(),
})
export type PublicRoast = z.infer<typeof PublicRoastSchema>

export const PublicRoastVideoSchema = z.object({
  id: z.uuid(),
  roastId: z.uuid(),
  headline: z.string(),
  url: z.string(),
  posterUrl: z.string(),
  durationSeconds: z.number(),
  notice: z.string(),
})
export type PublicRoastVideo = z.infer<typeof PublicRoastVideoSchema>
