/** Toasts: bottom-left, at most 5 on screen, the rest queued (docs/product/SPEC.md §8). */
export const TOAST_LIMIT = 5;
