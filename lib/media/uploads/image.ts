import "server-only";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import type { UploadType } from "@/lib/schemas/uploads";

// An uploaded file is judged by its bytes, never by its name or the browser's Content-Type: sharp reads
// the real format, and only PNG, JPEG and WebP go on. The image is then decoded and encoded again in the
// same format, which drops every piece of metadata (EXIF with its GPS position, XMP, comments, ICC) after
// the EXIF orientation has been applied to the pixels, so the picture looks the way it did on the phone.

/** Big enough for any camera; a small file that decodes to more pixels than this is a decompression bomb. */
const MAX_PIXELS = 60_000_000;

const ACCEPTED: Record<string, { type: UploadType; ext: string }> = {
  png: { type: "image/png", ext: "png" },
  jpeg: { type: "image/jpeg", ext: "jpg" },
  webp: { type: "image/webp", ext: "webp" },
};

const FORMAT_NAMES: Record<string, string> = {
  gif: "a GIF image",
  svg: "an SVG drawing",
  heif: "a HEIC/AVIF image",
  tiff: "a TIFF image",
  jp2k: "a JPEG 2000 image",
  jxl: "a JPEG XL image",
  pdf: "a PDF document",
  raw: "raw pixel data",
};

const ACCEPTS = "Darkroom accepts PNG, JPEG or WebP images.";

export interface CleanImage {
  data: Buffer;
  type: UploadType;
  ext: string;
  width: number;
  height: number;
}

const refuse = (message: string) => new AppError("unsupported_media_type:upload", message);

/** The file re-encoded without metadata, or a 415 saying what the file really is and what is accepted. */
export async function cleanImage(bytes: Uint8Array, name: string): Promise<CleanImage> {
  const named = name ? ` (named ${JSON.stringify(name.slice(0, 80))})` : "";
  if (bytes.byteLength === 0) throw new AppError("bad_request:upload", "The file is empty. Choose a PNG, JPEG or WebP image.");
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw refuse(`This file${named} is not an image Darkroom can read. ${ACCEPTS}`);
  }
  const accepted = format ? ACCEPTED[format] : undefined;
  if (!accepted) {
    throw refuse(
      `This file${named} is ${FORMAT_NAMES[format ?? ""] ?? `a ${format ?? "unknown"} file`}, not a PNG, JPEG or WebP. ${ACCEPTS}`,
    );
  }
  try {
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked to.
    const pipeline = sharp(bytes, { failOn: "error", limitInputPixels: MAX_PIXELS, animated: false }).rotate();
    const encoded =
      accepted.type === "image/png"
        ? pipeline.png({ compressionLevel: 6 })
        : accepted.type === "image/jpeg"
          ? pipeline.jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
          : pipeline.webp({ quality: 92 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, type: accepted.type, ext: accepted.ext, width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) {
      throw new AppError("payload_too_large:upload", `This image${named} has more than 60 megapixels; resize it and upload it again.`);
    }
    throw refuse(
      `This file${named} looks like a ${accepted.ext.toUpperCase()} image but is damaged or incomplete. Export it again and retry.`,
    );
  }
}
