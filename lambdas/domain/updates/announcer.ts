/**
 * The seam between a charity's posts (lambdas/domain/updates) and the donors who follow it
 * (lambdas/domain/following), issue 44. When a post becomes visible to donors (published now, or its
 * scheduled time came), the posts side calls `announce` once per publication; the following side queues
 * the mail to the charity's confirmed followers (each post, or the weekly digest) and sends it at SES's rate,
 * never twice. `announce` must be idempotent per (postId, publishedAt): a retried publication announces again.
 */
export interface PublishedPost {
  readonly charityId: string;
  /** The charity's register number: its public page is `/charities/<registrationNumber>`. */
  readonly registrationNumber: string;
  /** The charity's display name, as on its public page. */
  readonly charityName: string;
  readonly postId: string;
  readonly type: 'photo' | 'video' | 'story' | 'event';
  /** A title (story, event) or a short line made from the post (photo, video). */
  readonly title: string;
  /** Plain text, at most 300 characters, for the mail's body. */
  readonly excerpt: string;
  /** Absolute URL of the post on the charity's public page. */
  readonly url: string;
  /** ISO time of this publication (a post unpublished and published again is announced again). */
  readonly publishedAt: string;
}

export interface PostAnnouncer {
  announce(post: PublishedPost): Promise<void>;
}
