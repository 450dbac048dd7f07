import { createStore } from './store';

/**
 * The top progress bar (docs/product/SPEC.md §9): 2px, 5 s default duration, 200 ms throttle (nothing is shown for
 * work that ends sooner), and once shown it stays at least 200 ms. Route loads and API calls start it;
 * each start returns its own `done`.
 */
export const PROGRESS_DURATION = 5000;
export const PROGRESS_THROTTLE = 200;
export const PROGRESS_MIN_VISIBLE = 200;

export interface ProgressState {
  visible: boolean;
  /** 0–100 */
  value: number;
}

export const progressStore = createStore<ProgressState>({ visible: false, value: 0 });

let active = 0;
let throttleTimer: ReturnType<typeof setTimeout> | undefined;
let tickTimer: ReturnType<typeof setInterval> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let shownAt = 0;

function show(): void {
  throttleTimer = undefined;
  shownAt = Date.now();
  progressStore.set({ visible: true, value: 5 });
  tickTimer = setInterval(() => {
    // eases towards 90 % over the default duration; completes to 100 % when the work is done
    const elapsed = Date.now() - shownAt;
    const value = 5 + 85 * (1 - Math.exp((-3 * elapsed) / PROGRESS_DURATION));
    progressStore.set({ visible: true, value });
  }, 100);
}

function finishAll(): void {
  if (throttleTimer) {
    clearTimeout(throttleTimer);
    throttleTimer = undefined;
    return;
  }
  if (!progressStore.get().visible) return;
  const wait = Math.max(0, PROGRESS_MIN_VISIBLE - (Date.now() - shownAt));
  hideTimer = setTimeout(() => {
    if (tickTimer) clearInterval(tickTimer);
    tickTimer = undefined;
    progressStore.set({ visible: true, value: 100 });
    hideTimer = setTimeout(() => {
      hideTimer = undefined;
      if (active === 0) progressStore.set({ visible: false, value: 0 });
    }, 250);
  }, wait);
}

export function startProgress(): () => void {
  active += 1;
  if (active === 1) {
    if (hideTimer) {
      clearTimeout(hideTimer);
      hideTimer = undefined;
    }
    if (!progressStore.get().visible && !throttleTimer) throttleTimer = setTimeout(show, PROGRESS_THROTTLE);
    else if (progressStore.get().visible && !tickTimer) show();
  }
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    active = Math.max(0, active - 1);
    if (active === 0) finishAll();
  };
}

export async function trackProgress<T>(work: Promise<T>): Promise<T> {
  const done = startProgress();
  try {
    return await work;
  } finally {
    done();
  }
}
