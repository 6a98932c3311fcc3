/**
 * Asked at sign-out while changes of this device have not reached the server (docs/architecture.md:
 * signing out wipes the device's copy only after the outbox is empty, or after an explicit "Discard N
 * pending changes"). An in-page dialog rather than the browser's confirm, so the choice is named on
 * its button; Stay signed in (or Escape) keeps the user and the changes.
 */
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { discardLabel } from '../offline/sync-text';

export interface DiscardChangesDialogProps {
  unsent: number;
  message: string;
  onAnswer: (discard: boolean) => void;
}

export function DiscardChangesDialog({ unsent, message, onAnswer }: DiscardChangesDialogProps) {
  return (
    <Dialog
      open
      title="Sign out with changes not sent?"
      onClose={() => onAnswer(false)}
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            Stay signed in
          </Button>
          <Button variant="danger" onClick={() => onAnswer(true)}>
            {discardLabel(unsent)}
          </Button>
        </>
      }
    >
      <p>{message}</p>
      <p className="note">Staying signed in keeps them on this device; they are sent when the connection returns.</p>
    </Dialog>
  );
}
