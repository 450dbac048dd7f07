import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A box bound to one URL value: what is typed stays in the box, and goes to the URL (as `toUrl` makes it;
 * `undefined` = not yet a value, nothing is written) after `delayMs`. The URL's own echoes of what the box
 * wrote (late, under load) do not overwrite what has been typed since; any other change of the URL value
 * (back/forward, 条件をクリア, a default that arrives late) comes back into the box — and only what was typed is
 * ever written: a value the box took from the URL is not written back after the URL has moved on.
 */
export function useUrlDraft(
  value: string | null,
  set: (value: string | null) => void,
  toUrl: (text: string) => string | null | undefined,
  delayMs = 300,
) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text, delayMs);
  const setRef = useRef(set);
  setRef.current = set;
  const toUrlRef = useRef(toUrl);
  toUrlRef.current = toUrl;
  const urlValue = useRef(value);
  urlValue.current = value;
  const pending = useRef(new Set<string | null>());
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return;
    const next = toUrlRef.current(debounced);
    if (next !== undefined && next !== urlValue.current) {
      pending.current.add(next);
      setRef.current(next);
    }
  }, [debounced]);
  useEffect(() => {
    if (pending.current.delete(value)) return;
    pending.current.clear();
    typed.current = false;
    setText((current) => (toUrlRef.current(current) === value ? current : (value ?? '')));
  }, [value]);
  const type = useCallback((next: string) => {
    typed.current = true;
    setText(next);
  }, []);
  return [text, type] as const;
}
