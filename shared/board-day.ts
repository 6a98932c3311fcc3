/**
 * A greeter's board day runs from 04:00 to 04:00 in the event's time zone (docs/product.md "Flight
 * Arrivals"): at midnight the board does not jump to the next day and hide a family that landed at 23:50
 * and is still waiting, and the night's red-eyes (00:00–03:59 of the next calendar day) are on it.
 * Zod-free: the greeter's first visit loads it.
 */
import { addDays } from './calendar-days';

/** When a board day starts, past midnight (the hour as 'HH:MM', and in milliseconds). */
export const BOARD_DAY_STARTS = '04:00';
export const BOARD_DAY_STARTS_MS = 4 * 60 * 60 * 1000;

/** The calendar date whose night (00:00 up to BOARD_DAY_STARTS) belongs to the board day `date`. */
export const nightOf = (date: string) => addDays(date, 1);

/** Whether a flight's time ('HH:MM' or 'HH:MM:SS') lands in the night, before the board day starts. */
export const landsInTheNight = (time: string | null | undefined) => !!time && time.slice(0, 5) < BOARD_DAY_STARTS;
