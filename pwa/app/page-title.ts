/**
 * Each screen's name in the browser's title ("Flight Arrivals · Reunion 2026"), so history, tabs and
 * screen readers tell the screens apart; the home page has the event's own, as the top bar names it
 * ('{event name} {year}' from GET /api/config: index.html's is only the one shown before it runs).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useEvent } from '../lib/public-config';

const TITLES: [RegExp, string][] = [
  [/^\/login$/, 'Staff Sign In'],
  [/^\/check-registration$/, 'Check Registration'],
  [/^\/registration\//, 'Registration'],
  [/^\/flight-info-lookup$/, 'Flight Information Link'],
  [/^\/flight-info(\/|$)/, 'Flight Information'],
  [/^\/register$/, 'Event Registration'],
  [/^\/check-in\//, 'Check-in Pass'],
  [/^\/admin\/?$/, 'Overview'],
  [/^\/admin\/flight-arrivals$/, 'Flight Arrivals'],
  [/^\/admin\/check-in$/, 'Check-in'],
  [/^\/admin\/profile$/, 'Profile'],
  [/^\/admin\/registrations\/new$/, 'Add New Registration'],
  [/^\/admin\/registrations$/, 'Registrations'],
  [/^\/admin\/hotel-assignments$/, 'Hotel Assignments'],
  [/^\/admin\/users$/, 'Users'],
];

/** The screen's name for a path, or null (the home page, or a path without one). */
export const screenTitle = (pathname: string): string | null => TITLES.find(([re]) => re.test(pathname))?.[1] ?? null;

export function usePageTitle(): void {
  const { pathname } = useLocation();
  const { name, year } = useEvent();
  useEffect(() => {
    const app = `${name} ${year}`;
    const screen = screenTitle(pathname);
    document.title = screen ? `${screen} · ${app}` : app;
  }, [pathname, name, year]);
}
