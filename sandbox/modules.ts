/**
 * The parts of the platform this sandbox implements, in console order. A new part (payments and
 * webhooks, research) is a module factory added here; the console module is added by index.ts.
 */
import { authModule } from './auth/module.js';
import type { SandboxModuleFactory } from './context.js';
import { extrasModule } from './extras/module.js';
import { mediaModule } from './media/module.js';
import { paymentsModule } from './payments/module.js';
import { publishModule } from './publish/module.js';
import { researchModule } from './research/module.js';
import { webhooksModule } from './webhooks/module.js';

export const SANDBOX_MODULES: readonly SandboxModuleFactory[] = [extrasModule, authModule, publishModule, mediaModule, paymentsModule, webhooksModule, researchModule];
