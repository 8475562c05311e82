import type { Module } from '../types.ts';
import { authRoutes } from './routes.ts';

export const authModule: Module = { name: 'auth', register: authRoutes };

export { resolveToken, revokeUserTokens } from './tokens.ts';

/** Other modules read a user's own settings (home-dashboard modules) through this. */
export { users } from './schema.ts';
/** A login's password hash (a new user's initial password, a reset). */
export { hashPassword } from './service.ts';
/** Company login names may not be those of platform or operator accounts (user screen, onboarding). */
export { clashesWithStaffAccount } from './names.ts';
