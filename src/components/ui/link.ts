/**
 * The shared style of a text link inside content (a detail page's values, a sentence): the primary colour and an
 * underline, so it never reads as plain text. Navigation links (tabs, sidebar, "← All …") keep their own styles.
 */
export const linkClass =
  'text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-ring';
