/** Focus to the page's heading (or its main region), as a screen reader user expects after a page change. */
export function focusHeading(): void {
  const target = document.querySelector<HTMLElement>('#main h1') ?? document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
