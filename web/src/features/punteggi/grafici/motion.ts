// prefers-reduced-motion for the charts: ECharts' own animations are off
// (`animation: false`), but its tooltip slides after the pointer by CSS.
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The tooltip's slide (s): none when the viewer asks for reduced motion. */
export const tooltipTransition = () => (prefersReducedMotion() ? 0 : 0.4);
