// Output dimensions per the decisions doc "Output sizes". Encoders want even dimensions, hence `even`.

export interface Dimensions {
  width: number;
  height: number;
}

/** Models that let the provider choose ("adaptive") or have no aspect ratio render 16:9. */
export const DEFAULT_VIDEO_ASPECT = "16:9";

function even(x: number): number {
  return Math.round(x / 2) * 2;
}

function ratio(aspect: string): { w: number; h: number } {
  const [w, h] = aspect.split(":").map(Number);
  if (w === undefined || h === undefined || !(w > 0) || !(h > 0)) return { w: 16, h: 9 };
  return { w, h };
}

/** Images are sized by their long side (1024, 2048 or 4096 px). */
export function imageDimensions(longSide: number, aspect: string): Dimensions {
  const { w, h } = ratio(aspect);
  return w >= h ? { width: longSide, height: even((longSide * h) / w) } : { width: even((longSide * w) / h), height: longSide };
}

/** Videos are sized by their short side, the resolution's number ("720p" → 720 px). */
export function videoDimensions(resolution: string, aspect: string): Dimensions {
  const shortSide = Number.parseInt(resolution, 10);
  const { w, h } = ratio(aspect);
  return w >= h ? { width: even((shortSide * w) / h), height: shortSide } : { width: shortSide, height: even((shortSide * h) / w) };
}
