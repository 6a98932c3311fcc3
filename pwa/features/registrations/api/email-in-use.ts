/**
 * The registrations that already use an email, for the create forms' hint under Email: a visitor's code
 * opens the newest registration with their email (docs/decisions.md), so a second one made by mistake
 * hides the first from the family. Asked through the list's search once the typed email looks whole
 * and has rested for a moment; only exact matches of the primary email count (of the search's first
 * 100, newest first: an email is part of few others').
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EMPTY_FILTERS, registrationsQueryOptions } from './get-registrations';
import type { RegistrationListItem } from '../../../../shared/schemas/registration';

const LOOKS_WHOLE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function useEmailInUse(email: string): RegistrationListItem[] {
  const typed = email.trim().toLowerCase();
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), 400);
    return () => clearTimeout(timer);
  }, [typed]);
  const whole = LOOKS_WHOLE.test(settled);
  const query = useQuery({
    ...registrationsQueryOptions({ ...EMPTY_FILTERS, search: settled, page: 1, limit: 100 }),
    enabled: whole,
  });
  return whole ? (query.data?.registrations ?? []).filter((r) => r.primary_email.toLowerCase() === settled) : [];
}

/** 'R25-7KQ2XM (Ana Lima) already uses this email: a visitor's code opens the newest registration with it.' */
export function emailInUseText(
  rows: Pick<RegistrationListItem, 'registration_number' | 'primary_first_name' | 'primary_last_name'>[],
): string | null {
  if (!rows.length) return null;
  const who = rows.map((r) => `${r.registration_number} (${r.primary_first_name} ${r.primary_last_name})`).join(', ');
  return `${who} already ${rows.length === 1 ? 'uses' : 'use'} this email: a visitor's code opens the newest registration with it.`;
}
