/** Sign-in, password and user-management bodies (docs/product.md#messages messages). */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, ROLES } from '../constants';
import { challengeAnswer, emailField, pageQuery, requiredString } from './common';
import type { User, LoginResponse } from './answers';
export type { User, LoginResponse };

/** A password is required: empty, or only spaces, is missing (spaces inside or around one are kept as typed). */
const requiredPassword = (required: string) => z.string({ error: required }).refine((s) => s.trim() !== '', required);

export const loginSchema = z.object({
  email: emailField('Email is required', 'Invalid email'),
  password: requiredPassword('Password is required').max(1000, 'Password is too long'),
  turnstileToken: challengeAnswer(),
});
export type LoginInput = z.input<typeof loginSchema>;

const newPassword = requiredPassword('New password is required')
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters')
  .max(1000, 'Password is too long');

const currentPassword = requiredPassword('Current password is required');
const confirmPassword = requiredPassword('Please confirm your password');
const passwordsMatch = (v: { new_password: string; confirm_password?: string }) =>
  v.confirm_password === undefined || v.new_password === v.confirm_password;
const MISMATCH = { message: 'Passwords must match', path: ['confirm_password'] };

/** The API's body: the confirmation is optional, and refused when sent and different. */
export const changePasswordSchema = z
  .object({ current_password: currentPassword, new_password: newPassword, confirm_password: confirmPassword.optional() })
  .refine(passwordsMatch, MISMATCH);

/** The Change Password form requires the confirmation. */
export const changePasswordFormSchema = z
  .object({ current_password: currentPassword, new_password: newPassword, confirm_password: confirmPassword })
  .refine(passwordsMatch, MISMATCH);

const password = requiredPassword('Password is required')
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters')
  .max(1000, 'Password is too long');

/** Most staff accounts one page of GET /users holds: the admin screen asks for all of them at once. */
export const MAX_USERS_PAGE = 500;
/** GET /users: a page of staff accounts (100 by default). */
export const usersQuerySchema = z.object(pageQuery(100, MAX_USERS_PAGE));

export const createUserSchema = z.object({
  email: emailField(),
  password,
  role: z.enum(ROLES, { error: 'Role must be admin, greeter or checkin' }),
  first_name: requiredString('First name is required', 100),
  last_name: requiredString('Last name is required', 100),
});

export const updateUserSchema = z
  .object({
    role: z.enum(ROLES, { error: 'Role must be admin, greeter or checkin' }).optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
    password: password.optional(),
    first_name: requiredString('First name is required', 100).optional(),
    last_name: requiredString('Last name is required', 100).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
