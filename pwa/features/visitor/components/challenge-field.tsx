/**
 * The bot challenge as a form field of the visitor pages: the widget for the configured provider
 * (GET /api/config) and its message underneath (docs/product.md#messages and docs/product.md#messages sentences for a failed or expired one).
 */
import { ChallengeWidget } from '../../../components/challenge-widget';
import { usePublicConfig } from '../../../lib/public-config';
import { CHALLENGE_MESSAGES } from '../../../../shared/schemas/common';

/** Whether a solution is needed before sending (false when the server runs with no challenge). */
export const useChallengeRequired = () => usePublicConfig().challenge.provider !== 'none';

export interface ChallengeFieldProps {
  onToken: (token: string | null) => void;
  error?: string;
  onError: (message: string | undefined) => void;
  /** change it to start a fresh challenge (a solution is single-use) */
  resetKey?: unknown;
}

export function ChallengeField({ onToken, error, onError, resetKey }: ChallengeFieldProps) {
  const config = usePublicConfig();
  return (
    <>
      <ChallengeWidget
        provider={config.challenge.provider}
        siteKey={config.challenge.siteKey}
        resetKey={resetKey}
        onToken={(t) => {
          onToken(t);
          if (t) onError(undefined);
        }}
        onProblem={(p) => onError(CHALLENGE_MESSAGES[p])}
      />
      {error && (
        <p className="field-error challenge-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
