"use client";

import { lazy, Suspense } from "react";
import type { ImageDropProps } from "./image-drop";

// Uploading (the drop zone, the file picker, the upload itself) loads when a field that takes an image first
// shows, or as soon as someone starts on the form (preloadImageDrop): most forms open without one. Until then
// the field is its URL input alone, as it is without uploads; its Upload button shows once it can take a file.
const loadImageDrop = () => import("./image-drop");
const ImageDrop = lazy(() => loadImageDrop().then((module) => ({ default: module.ImageDrop })));
export const preloadImageDrop = () => void loadImageDrop();

/** Field names that take an image (video_url and callback_url do not). */
export const isImageInput = (name: string) => /image|frame/.test(name);

export function ImageDropZone(props: ImageDropProps) {
  return (
    <Suspense fallback={props.children(false)}>
      <ImageDrop {...props} />
    </Suspense>
  );
}
