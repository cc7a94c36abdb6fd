/**
 * jsdom has no IntersectionObserver, so next/link falls back to a requestIdleCallback that marks
 * every link "visible" after the render, a state update outside act() that only adds console
 * noise. A silent observer (browsers would report visibility; prefetching is not under test)
 * keeps link rendering synchronous.
 */
class SilentIntersectionObserver {
  readonly root = null
  readonly rootMargin = '0px'
  readonly thresholds: readonly number[] = []
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return []
  }
}

if (typeof window !== 'undefined' && !('IntersectionObserver' in window)) {
  Object.defineProperty(window, 'IntersectionObserver', { value: SilentIntersectionObserver, configurable: true, writable: true })
}

export {}
