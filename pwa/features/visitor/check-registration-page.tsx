/**
 * /check-registration (docs/product.md#screens Check registration, docs/product.md#messages Send code / Verify code): email with the bot
 * challenge, then the emailed code, then the visitor's registration page with verified=true. A visitor
 * who is already verified goes straight to their registration.
 */
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useRegistrantVerification } from '../../app/registrant/verification-store';
import { CodeStep } from './components/code-step';
import { EmailStep } from './components/email-step';
import { readPendingCode } from './pending-code';
import { registrationPath, rememberVerification } from './verify-success';

export default function CheckRegistrationPage() {
  const { verification } = useRegistrantVerification();
  const navigate = useNavigate();
  // a code sent from this tab, and still valid, is asked for again after a reload (pending-code.ts)
  const [pending] = useState(() => readPendingCode('registration'));
  const [step, setStep] = useState<'email' | 'code'>(pending ? 'code' : 'email');
  const [email, setEmail] = useState(pending ?? '');
  const [done, setDone] = useState(false);

  if (verification && !done) return <Navigate to={registrationPath(verification.registrationNumber)} replace />;

  return (
    <div className="visitor-page">
      <div className="card">
        <h1>Check Registration</h1>
        {step === 'email' ? (
          <EmailStep
            flow="registration"
            initialEmail={email}
            onSent={(sentTo) => {
              setEmail(sentTo);
              setStep('code');
            }}
          />
        ) : (
          <CodeStep
            flow="registration"
            email={email}
            onBack={() => setStep('email')}
            onVerified={(answer) => {
              setDone(true);
              rememberVerification(email, answer);
              navigate(registrationPath(answer.registration.registrationNumber), { replace: true });
            }}
          />
        )}
      </div>
    </div>
  );
}
