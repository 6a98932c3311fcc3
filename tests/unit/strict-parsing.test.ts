/**
 * Numbers are decimal numbers and times are real times, in every schema: text such as '0x10', '1e3',
 * 'Infinity' or '' is refused, never read the way JavaScript's Number() would (16, 1000, Infinity, 0).
 */
import { describe, expect, it } from 'vitest';
import { attendeeCreateSchema } from '../../shared/schemas/attendee';
import { flightRules, flightSchema } from '../../shared/schemas/flight';
import { assignmentListQuerySchema } from '../../shared/schemas/hotel';
import { registrationListQuerySchema, registrationUpdateSchema } from '../../shared/schemas/registration';
import { syncQuerySchema } from '../../shared/schemas/sync';
import { DEFAULT_EVENT } from '../../shared/event';

const NOT_DECIMAL = ['0x10', '0b11', '0o7', '1e3', 'Infinity', '-Infinity', 'NaN', '1_000', '12abc', '.'];

describe('decimal numbers only', () => {
  it('a fixed discount: written with thousands commas, and three decimals told as such', () => {
    for (const v of NOT_DECIMAL) expect(registrationUpdateSchema.safeParse({ fixed_discount_amount: v }).success, v).toBe(false);
    expect(registrationUpdateSchema.parse({ fixed_discount_amount: '1,250.50' }).fixed_discount_amount).toBe(1250.5);
    const three = registrationUpdateSchema.safeParse({ fixed_discount_amount: '25.555' });
    expect(three.error?.issues[0].message).toBe('Fixed discount can have at most 2 decimals');
    expect(registrationUpdateSchema.safeParse({ fixed_discount_amount: '1,25' }).success).toBe(false);
  });

  it('a discount percentage', () => {
    for (const v of NOT_DECIMAL) expect(registrationUpdateSchema.safeParse({ discount_percentage: v }).success, v).toBe(false);
    expect(registrationUpdateSchema.parse({ discount_percentage: '12.5' }).discount_percentage).toBe(12.5);
    expect(registrationUpdateSchema.parse({ discount_percentage: ' 10 ' }).discount_percentage).toBe(10);
  });

  it('an age', () => {
    const person = { first_name: 'A', last_name: 'B', relationship: 'child', age_category: 'child' };
    for (const v of NOT_DECIMAL) expect(attendeeCreateSchema.safeParse({ ...person, age: v }).success, v).toBe(false);
    expect(attendeeCreateSchema.parse({ ...person, age: '9' }).age).toBe(9);
  });

  it('page, limit, cursors and ids in queries', () => {
    for (const v of [...NOT_DECIMAL, ' ']) {
      expect(registrationListQuerySchema.safeParse({ page: v }).success, `page ${v}`).toBe(false);
      expect(syncQuerySchema.safeParse({ since: v }).success, `since ${v}`).toBe(false);
      expect(assignmentListQuerySchema.safeParse({ registrationId: v }).success, `registrationId ${v}`).toBe(false);
    }
    expect(registrationListQuerySchema.parse({ page: '2', limit: '50' })).toMatchObject({ page: 2, limit: 50 });
    expect(syncQuerySchema.parse({}).since).toBe(0);
  });
});

describe('real times of day', () => {
  const row = (flightTime: string) => ({
    flightType: 'arrival',
    airline: 'Delta Air Lines',
    flightNumber: 'DL 1',
    flightDate: '2025-11-27',
    flightTime,
    airport: 'IAH',
    adultsCount: 1,
  });
  it('a flight time', () => {
    const schema = flightSchema(flightRules(DEFAULT_EVENT));
    for (const v of ['99:99', '24:00', '12:60', '7', '1230', '12:3', '-1:00', '12:30:61', '12:30 PM']) {
      expect(schema.safeParse(row(v)).success, v).toBe(false);
    }
    expect(schema.parse(row('7:05')).flightTime).toBe('07:05');
    expect(schema.parse(row('23:59:00')).flightTime).toBe('23:59');
  });
});
