"use client";

import dynamic from "next/dynamic";

/**
 * The queue's strip, loaded only when the queue shows: most visits to the gallery find nothing waiting, and the
 * panel (its reasons, icons, buttons, requests) is ≈ 3 KiB of their first screen. Through next/dynamic: when the
 * server renders it, its script is preloaded from the page's HTML, so it is in (or nearly) when hydration reaches
 * it; without a Suspense of its own (TaskGallery gives it one only when it shows later), the server renders it
 * inline with the cards and the browser keeps that HTML while its code loads. A lazily loaded panel in a Suspense
 * of its own was streamed as a later piece of the HTML and drawn after the cards, pushing them down
 * (first-render.spec.ts).
 */
export const LazyQueueStrip = dynamic(() => import("./queue-strip").then((module) => module.QueueStrip));
