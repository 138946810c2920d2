import "server-only";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { PREVIEW_WIDTH, SMALL_THUMBNAIL_WIDTH, THUMBNAIL_WIDTH } from "./widths";

export interface Renditions {
  /** THUMBNAIL_WIDTH wide: the grid's cards. */
  thumbnail: Buffer;
  /** SMALL_THUMBNAIL_WIDTH wide: phones. */
  small: Buffer;
  /** PREVIEW_WIDTH wide, for an image only: its task page's fitted view (a video plays its own file). */
  preview?: Buffer;
}

interface Pixels {
  data: Buffer;
  info: OutputInfo;
}

/** At most `width` wide, as 8-bit pixels in memory (never enlarged). */
const shrink = (input: Sharp, width: number): Promise<Pixels> =>
  input.resize({ width, withoutEnlargement: true }).raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });

const fromPixels = ({ data, info }: Pixels): Sharp =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

// WebP at effort 2 rather than 4: half the encoding time for files a few percent larger.
const webp = (pixels: Pixels, quality: number): Promise<Buffer> => fromPixels(pixels).webp({ quality, effort: 2 }).toBuffer();

/**
 * The webp pictures the archive keeps of a result (an image file, or a video's poster frame). The source is
 * decoded once, and each size is made from the next larger one's pixels: decoding a large PNG three times and
 * encoding the preview at webp's default effort were most of the archive's work per image.
 */
export async function renditions(source: string | Buffer, { isVideo }: { isVideo: boolean }): Promise<Renditions> {
  const largest = await shrink(sharp(source), isVideo ? THUMBNAIL_WIDTH : PREVIEW_WIDTH);
  const preview = isVideo ? undefined : await webp(largest, 80);
  const mid = isVideo ? largest : await shrink(fromPixels(largest), THUMBNAIL_WIDTH);
  const small = await shrink(fromPixels(mid), SMALL_THUMBNAIL_WIDTH);
  return { thumbnail: await webp(mid, 72), small: await webp(small, 72), preview };
}
