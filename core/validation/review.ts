import { z } from "zod";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX } from "../reviews";

// Apart from core/reviews.ts so that the order page, which reads the limits, ships no zod.
/**
 * What a shopper writes. The messages are for API clients; the order page shows its own text per
 * field in the page's language (core/messages/<lang>/Reviews.json).
 */
export const ReviewSubmission = z.object({
  rating: z.number().int().min(1, "Choose a rating from 1 to 5.").max(5, "Choose a rating from 1 to 5."),
  title: z
    .string()
    .trim()
    .max(REVIEW_TITLE_MAX, `The title takes at most ${REVIEW_TITLE_MAX} characters.`)
    .default(""),
  body: z
    .string()
    .trim()
    .min(REVIEW_BODY_MIN, `Write at least ${REVIEW_BODY_MIN} characters.`)
    .max(REVIEW_BODY_MAX, `The review takes at most ${REVIEW_BODY_MAX} characters.`),
});
export type ReviewSubmission = z.output<typeof ReviewSubmission>;
