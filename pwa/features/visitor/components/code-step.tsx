/**
 * Step 2 of Check Registration and of the flight-info flow (docs/product.md#screens Flight email step, docs/product.md#messages Verify
 * code, docs/product.md#security-and-limits): the 6-character code from the email, uppercased as typed; 'Verify' is enabled only with
 * exactly 6 characters; 'Back to Email' returns to step 1.
 */
import { useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useForm } from '../../../lib/use-form';
import { randomKey } from '../../../lib/random-key';
import { CODE_LENGTH, CODE_MAX_WRONG_TRIES, CODE_TTL_MS } from '../../../../shared/constants';
import { VERIFICATION_MESSAGES } from '../../../../shared/schemas/verification';
import { verifyCode, type CodeFlow, type VerifyCodeAnswer } from '../api/verification-api';
import { countWrongTry, forgetPendingCode, pendingCodeExpired, pendingVerifyKey, pendingWrongTries } from '../pending-code';

/** docs/product.md#messages: Check Registration's fallback differs from the flight form's */
const FALLBACK: Record<CodeFlow, string> = {
  registration: 'Verification failed. Please try again.',
  'flight-info': 'Verification failed',
};

/** Upper-cases and drops spaces (codes are often pasted with a trailing space), at most 6 characters. */
export const normaliseCode = (raw: string) => raw.replace(/\s+/g, '').toUpperCase().slice(0, CODE_LENGTH);

export interface CodeStepProps {
  flow: CodeFlow;
  email: string;
  /** the registration wanted, when the email has more than one (else the newest opens) */
  registrationId?: string;
  onVerified: (answer: VerifyCodeAnswer) => void | Promise<void>;
  onBack: () => void;
}

export function CodeStep({ flow, email, registrationId, onVerified, onBack }: CodeStepProps) {
  const form = useForm({ code: '' });
  const { code } = form.values;
  // the server says only "invalid or expired"; after this many the code is dead, and the visitor is told so
  const [wrongTries, setWrongTries] = useState(() => pendingWrongTries(flow));
  /** the code refused was past its 10 minutes (this tab knows when it was sent) */
  const [expired, setExpired] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // one key for every try of this code (kept with it across a reload): a Verify sent again after its answer was lost is answered again
  const verifyKey = useRef<string | null>(null);

  // no schema: an empty code is the one message; a short one is not sent ('Verify' stays disabled)
  const onSubmit = form.submit({
    extra: (v) => (v.code ? undefined : { code: VERIFICATION_MESSAGES.codeRequired }),
    send: async (_, v) => {
      if (v.code.length !== CODE_LENGTH) return;
      verifyKey.current ??= pendingVerifyKey(flow) ?? randomKey();
      const answer = await verifyCode(flow, email, v.code, verifyKey.current, registrationId);
      forgetPendingCode(flow);
      await onVerified(answer);
    },
    after: 'keep',
    fallback: (err) =>
      err instanceof ApiError && err.status === 400 ? VERIFICATION_MESSAGES.invalidCode : errorMessage(err, FALLBACK[flow]),
    fields: () => ({}),
    onError: (err) => {
      // the server's "wrong code" names the code; another 400 (a malformed request) is no try of it
      const wrongCode = err instanceof ApiError && err.status === 400 && 'code' in err.fields;
      // counted with the pending code, so a reload or Back to Email does not start the count over
      const tries = wrongCode ? Math.max(countWrongTry(flow), wrongTries + 1) : wrongTries;
      const dead = tries >= CODE_MAX_WRONG_TRIES;
      // back in the box, the code chosen: the next one typed replaces it (the phone's keyboard stays up);
      // a code dead of wrong tries is not typed again (the message says to go Back to Email)
      if (!dead)
        requestAnimationFrame(() => {
          input.current?.focus();
          input.current?.select();
        });
      if (!wrongCode) return;
      setExpired(pendingCodeExpired(flow));
      setWrongTries(tries);
      // the server has killed the code: the email step must not offer to enter it again
      if (dead) forgetPendingCode(flow);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="visitor-step">
      <p className="lead">
        We sent a {CODE_LENGTH}-character code to <strong>{email}</strong>. It is valid for 10 minutes.
      </p>
      {form.result && (
        <Alert kind="error">
          {form.result.text}
          {wrongTries >= CODE_MAX_WRONG_TRIES
            ? ` After ${CODE_MAX_WRONG_TRIES} wrong tries a code stops working: go Back to Email and send a new one.`
            : expired &&
              ` This code was sent more than ${CODE_TTL_MS / 60_000} minutes ago and has expired: go Back to Email and send a new one.`}
        </Alert>
      )}
      <TextField
        label="Verification Code"
        ref={input}
        {...form.field('code')}
        className="code-input"
        maxLength={CODE_LENGTH}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        onChange={(e) => form.set('code', normaliseCode(e.target.value))}
        // a code pasted from the mail with spaces (' HX4 TZ7'): the box's 6 would cut its last letter first
        onPaste={(e) => {
          const pasted = e.clipboardData.getData('text');
          if (!/\s/.test(pasted)) return;
          e.preventDefault();
          form.set('code', normaliseCode(pasted));
        }}
        hint="Check your spam folder if it has not arrived after a minute."
        required
        autoFocus
      />
      <Button type="submit" className="btn-block" busy={form.busy} busyText="Verifying..." disabled={code.length !== CODE_LENGTH}>
        Verify Code
      </Button>
      <p className="step-back">
        <a
          href="#email"
          onClick={(e) => {
            e.preventDefault();
            // the code in the inbox still works: the email step offers to enter it (email-step.tsx)
            onBack();
          }}
        >
          Back to Email
        </a>
      </p>
    </form>
  );
}
