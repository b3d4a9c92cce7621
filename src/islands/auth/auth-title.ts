import { useEffect } from 'react';

/**
 * The shell's heading (`#auth-title`, AuthLayout) and the tab's title, for a page whose subject is known only after
 * its link is read (the acceptance page of an invite).
 */
export function useAuthTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const heading = document.getElementById('auth-title');
    if (heading) heading.textContent = title;
    document.title = `${title} · Dashboard`;
  }, [title]);
}
