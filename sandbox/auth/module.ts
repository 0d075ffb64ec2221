/** The accounts side of the platform: consent (authorize), tokens (ops 1-3, 12), revoke. */
import type { SandboxContext, SandboxModule } from '../context.js';
import { consentRoutes } from './consent.js';
import { tokenRoutes } from './token-routes.js';

export function authModule(ctx: SandboxContext): SandboxModule {
  return { name: 'auth', apiRoutes: () => [...consentRoutes(ctx), ...tokenRoutes(ctx)] };
}
