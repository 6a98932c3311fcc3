/**
 * Asks the browser to confirm a reload, a closed tab or a typed address while a form holds what was typed
 * and not saved (edit mode, the create forms). The browser words the question itself; links inside the app
 * are not covered (docs/decisions.md "Routing", "Unsaved edits").
 */
import { useEffect } from 'react';

export function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers ask only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}
