import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './module-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const file = (p: string) => path.resolve('src/server', p);

tester.run('module-boundaries', rule, {
  valid: [
    // Inside one module, files import each other directly.
    { filename: file('modules/billing/checkout/start.ts'), code: "import { x } from '../invoices/pdf';" },
    // Another module's public face, as a folder or as its index file.
    { filename: file('modules/portal/routes.ts'), code: "import { x } from '../billing';" },
    { filename: file('modules/portal/routes.ts'), code: "import { x } from '../billing/index';" },
    { filename: file('app.ts'), code: "import { x } from './modules/audit';" },
    // The composition root mounts route plugins from their routes.ts.
    { filename: file('app.ts'), code: "import { authRoutes } from './modules/auth/routes';" },
    { filename: file('jobs/billing-runner.ts'), code: "const m = () => import('../modules/billing');" },
    // Shared server layers are not modules.
    { filename: file('modules/fleet/routes.ts'), code: "import { x } from '../../db/schema';" },
    { filename: file('modules/fleet/routes.ts'), code: "import { z } from 'zod';" },
  ],
  invalid: [
    {
      filename: file('modules/staff-payments/routes.ts'),
      code: "import { refundPayment } from '../billing/refunds/refund-payment';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: file('app.ts'),
      code: "import { x } from './modules/auth/service';",
      errors: [{ messageId: 'internal' }],
    },
    // Only app.ts mounts route plugins.
    {
      filename: file('main.ts'),
      code: "import { authRoutes } from './modules/auth/routes';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: file('http/request-context.ts'),
      code: "export { actorOf } from '../modules/audit/service';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: file('modules/fleet/fleet.test.ts'),
      code: "export * from '../plans/service';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: file('main.ts'),
      code: "const s = () => import('./modules/payments/stripe-webhook');",
      errors: [{ messageId: 'internal' }],
    },
  ],
});
