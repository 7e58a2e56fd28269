import { SAVE_MESSAGE_MS } from '@shared/preferences';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A success message that vanishes after three seconds (spec: success messages vanish after 3 s). */
export function useFlash(ms: number = SAVE_MESSAGE_MS): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback(
    (next: string | null) => {
      window.clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = window.setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [message, show];
}
