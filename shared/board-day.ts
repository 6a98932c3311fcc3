/**
 * A greeter's board day (docs/product.md#arrivals-board): while the event's flights land, the board
 * opens on the day that started at 04:00 in the event's time zone, so at midnight it does not jump to the
 * next day and hide a family that landed at 23:50 and is still waiting; and today's board lists its
 * calendar day (00:00 on, its own early arrivals included) and the night after it, up to 04:00 next
 * morning, so the night's red-eyes are on the board being watched. Zod-free: the greeter's first visit
 * loads it.
 */
import { addDays } from './calendar-days';

/** When a board day starts, past midnight (the hour as 'HH:MM', and in milliseconds). */
export const BOARD_DAY_STARTS = '04:00';
export const BOARD_DAY_STARTS_MS = 4 * 60 * 60 * 1000;

/** The calendar date whose night (00:00 up to BOARD_DAY_STARTS) belongs to the board day `date`. */
export const nightOf = (date: string) => addDays(date, 1);
