/**
 * What jsdom lacks and MUI, notistack or the DataGrid use. Media queries never match (a desktop
 * layout); a test can replace `window.matchMedia` to exercise the mobile one.
 */
/** A media query answer that never changes: what a test's pretend screen says of `query`. */
export function fixedMediaQuery(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => fixedMediaQuery(query, false),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
// Virtual lists scroll elements (by the height of prepended history, to keep the view still).
Element.prototype.scrollBy ??= () => undefined;
Element.prototype.scrollTo ??= () => undefined;
window.scrollTo = () => undefined;
