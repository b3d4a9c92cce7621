import { useEffect, useState } from 'react';

/** False during server rendering and the first client render: gate values read from local storage on it. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  // Setting state once after mount is the point here: it triggers the client-only render.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMounted(true), []);
  return mounted;
}
