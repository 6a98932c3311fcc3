/**
 * One registration from this device's copy (Dexie), for a staff member with no connection. Loaded
 * lazily by the registration page only when the server cannot be reached.
 */
import type { ReactNode } from 'react';
import { PageSpinner } from '../../../components/spinner';
import { useCachedRegistration } from '../../../offline/hooks';
import type { RegistrationDetail } from '../api/get-registration';

export interface CachedRegistrationDetailProps {
  refId: string;
  render: (detail: RegistrationDetail) => ReactNode;
  /** shown when this device has no copy */
  missing: ReactNode;
}

export default function CachedRegistrationDetail({ refId, render, missing }: CachedRegistrationDetailProps) {
  const cached = useCachedRegistration(refId);
  if (cached === undefined) return <PageSpinner label="Loading saved registration..." />;
  if (cached === null) return <>{missing}</>;
  const { attendees, flights, version: _version, searchText: _searchText, pendingHotel: _pendingHotel, ...registration } = cached;
  return <>{render({ registration, attendees, flightInfo: flights })}</>;
}
