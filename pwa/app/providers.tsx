/**
 * App-wide providers and wiring that features must not do themselves: the query client, and the api
 * client's source for the registrant token (features/registrant) and its reaction to a refused one.
 * The auth provider lives in the root layout because it navigates (it needs the router).
 */
import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient } from '../lib/api-client';
import { clearVerification, getRegistrantToken } from './registrant/verification-store';
import { createQueryClient } from './query-client';

configureApiClient({ getRegistrantToken, onRegistrantRejected: clearVerification });

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
