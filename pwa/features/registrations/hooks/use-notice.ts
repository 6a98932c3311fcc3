/**
 * The alerts (docs/product.md#messages, "Failures and successes"; docs/decisions.md "Registration screens"): the
 * sentence is shown with window.alert, and also kept on the page in a live region, so it can be read again after the pop-up is
 * gone and is announced to screen readers.
 */
import { useCallback, useState } from 'react';

export interface Notice {
  kind: 'success' | 'error' | 'info';
  text: string;
}

export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback((kind: Notice['kind'], text: string) => {
    setNotice({ kind, text });
    window.alert(text);
  }, []);
  /** On the page only, with no pop-up: for what the spec gives no alert (a saved edit). */
  const note = useCallback((kind: Notice['kind'], text: string) => setNotice({ kind, text }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, note, clear };
}
