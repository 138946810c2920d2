// Small test images made with sharp, with metadata worth stripping (EXIF with a camera orientation).
import sharp from "sharp";

const base = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

/** EXIF that must not survive an upload: a copyright line and, on JPEGs, orientation 6 (rotate 90°). */
const EXIF = { IFD0: { Copyright: "Secret Camera Owner", Artist: "Private Person" } };

export async function testImage(format: "png" | "jpeg" | "webp" | "gif", { width = 40, height = 20 } = {}): Promise<Buffer> {
  const image = base(width, height);
  if (format === "gif") return image.gif().toBuffer();
  return image[format]()
    .withExif(EXIF)
    .withMetadata({ orientation: format === "jpeg" ? 6 : 1 })
    .toBuffer();
}

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
