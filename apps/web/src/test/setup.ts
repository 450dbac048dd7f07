import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearAllCookies } from '../lib/cookies';
import { resetLoading } from '../lib/loading';
import { setNavigator } from '../lib/navigation';
import { clearSession } from '../lib/session';

// generous: on a loaded 2-core machine a render can take seconds; passing tests don't wait longer
configure({ asyncUtilTimeout: 20_000 });

/** jsdom lacks what Mantine needs: matchMedia, ResizeObserver, scrollIntoView (STACK.md pitfalls). */
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

// Textarea autosize listens to document.fonts
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!window.scrollTo || String(window.scrollTo).includes('notImplemented')) window.scrollTo = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => {} });

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo ?? undefined);

beforeEach(() => {
  clearSession();
  resetLoading();
  setNavigator(null);
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearAllCookies();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
