// The widths of the pictures made from each result (lib/media/fetch-result.ts), client-safe: the grid's srcset
// and the task page name them in URLs (`/api/media/{task}/{n}/thumbnail?w=240`).

/** The thumbnail (`N.thumb.webp`): the grid's cards at 2x. */
export const THUMBNAIL_WIDTH = 480;

/** Phones' thumbnail width: the grid's two columns on a phone are ~180 CSS px, 240 covers them at 1.3x. */
export const SMALL_THUMBNAIL_WIDTH = 240;

/**
 * The task page's fitted view of an image: a phone's width at 3x, a laptop's column at 2x. The original (often
 * a 2K PNG of several MB) is sent only when the person asks for 100% or downloads it.
 */
export const PREVIEW_WIDTH = 1280;
