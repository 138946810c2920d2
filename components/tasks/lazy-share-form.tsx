"use client";

import { lazy } from "react";

// The share form shows after a click on Share, which most visits to the gallery or a task's page never make:
// its code (the form, its select, the link's mutation) loads then, or when the button is hovered or focused.
const loadShareForm = () => import("./share-form");

export const LazyShareForm = lazy(() => loadShareForm().then((module) => ({ default: module.ShareForm })));

/** Starts fetching the form's code; call from the Share button's hover or focus. */
export function prefetchShareForm(): void {
  void loadShareForm();
}
