import { useEffect, useState } from 'react';

/** False during server rendering and the first client render: gate values read from local storage on it. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
