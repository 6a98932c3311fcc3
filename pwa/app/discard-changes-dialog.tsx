/**
 * Asked at sign-out while changes of this device have not reached the server (docs/decisions.md "Offline layer":
 * signing out wipes the device's copy only after the outbox is empty, or after an explicit "Discard N
 * pending changes"). An in-page dialog rather than the browser's confirm, so the choice is named on
 * its button; Stay signed in (or Escape) keeps the user and the changes.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type DiscardChangesView from './discard-changes-view';

/**
 * The dialog's code, a chunk of its own (kept out of the first visits): fetched after sign-in
 * (`preloadDiscardQuestion`, pwa/app/offline-sync.tsx) and again when asked. Should it still not load
 * (no signal and no service worker yet), the browser's own confirm asks the question instead.
 */
let View: typeof DiscardChangesView | null = null;
const loadView = () => import('./discard-changes-view').then((m) => (View = m.default));
export const preloadDiscardQuestion = () => void loadView().catch(() => undefined);

interface Question {
  unsent: number;
  message: string;
  note: string;
  answer: (discard: boolean) => void;
}

/**
 * The question as a promise: `ask` shows the dialog and resolves with the answer; `dismiss` answers
 * "stay" (the session ended another way meanwhile). The keyboard's place is given back on answering.
 */
export function useDiscardQuestion(): {
  ask: (unsent: number, message: string, note: string) => Promise<boolean>;
  dismiss: () => void;
  dialog: ReactNode;
} {
  const [question, setQuestion] = useState<Question | null>(null);
  const current = useRef<Question | null>(null);
  const ask = useCallback(async (unsent: number, message: string, note: string) => {
    current.current?.answer(false);
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!View && !(await loadView().catch(() => null))) return window.confirm(`${message}\n\n${note}`);
    return new Promise<boolean>((resolve) => {
      const q: Question = {
        unsent,
        message,
        note,
        answer: (discard) => {
          if (current.current !== q) return;
          current.current = null;
          setQuestion(null);
          if (before?.isConnected) before.focus();
          resolve(discard);
        },
      };
      current.current = q;
      setQuestion(q);
    });
  }, []);
  const dismiss = useCallback(() => current.current?.answer(false), []);
  const dialog = question && View && (
    <View unsent={question.unsent} message={question.message} note={question.note} onAnswer={question.answer} />
  );
  return { ask, dismiss, dialog };
}
