/** Resolves after the next frame is painted (at once where there are no frames, as in tests). */
export const afterPaint = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
