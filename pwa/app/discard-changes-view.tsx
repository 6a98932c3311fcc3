/**
 * The dialog asked at sign-out while changes of this device have not reached the server
 * (pwa/app/discard-changes-dialog.tsx asks it). Its own chunk, fetched after sign-in rather than with the
 * first screen.
 */
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { discardLabel } from '../offline/sync-text';

export interface DiscardChangesDialogProps {
  unsent: number;
  message: string;
  /** what staying signed in does with them (sent when the signal returns; refused ones wait in Sync details) */
  note: string;
  onAnswer: (discard: boolean) => void;
}

export default function DiscardChangesDialog({ unsent, message, note, onAnswer }: DiscardChangesDialogProps) {
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
      <p className="note">{note}</p>
    </Dialog>
  );
}
