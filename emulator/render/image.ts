import sharp from "sharp";
import { cardSvg, type CardOptions } from "./card";

export interface ImageOptions extends CardOptions {
  format: "png" | "jpeg";
}

export async function renderImage(opts: ImageOptions): Promise<Buffer> {
  const card = sharp(Buffer.from(cardSvg(opts)));
  // Smooth gradients compress well anyway; a low zlib level saves most of the encode time.
  const encoded = opts.format === "png" ? card.png({ compressionLevel: 3 }) : card.flatten().jpeg({ quality: 88 });
  return encoded.toBuffer();
}
