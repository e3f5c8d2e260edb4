import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const file = (p: string) => path.resolve('src/client/features', p);

tester.run('feature-boundaries', rule, {
  valid: [
    { filename: file('fleet/drivers/drivers-tab.tsx'), code: "import { x } from '../shell/format';" },
    {
      filename: file('fleet/drivers/drivers-tab.tsx'),
      code: "import { x } from '@client/components/list/list-pager';",
    },
    { filename: file('admin/admin-shell.tsx'), code: "import { x } from './shell/admin-header';" },
    // Screens are mounted lazily: a dynamic import is how the shell and routes reach a feature.
    {
      filename: file('admin/shell/tab-content.tsx'),
      code: "const s = () => import('../plans/plans-manager');",
    },
    {
      filename: path.resolve('src/client/routes.tsx'),
      code: "import x from './features/portal/portal-page';",
    },
  ],
  invalid: [
    {
      filename: file('portal/billing/billing-tab.tsx'),
      code: "import { x } from '../../fleet/shell/format';",
      errors: [{ messageId: 'foreign' }],
    },
    {
      filename: file('admin/plans/plans-manager.tsx'),
      code: "import { x } from '@client/features/admin/customers/api';",
      errors: [{ messageId: 'foreign' }],
    },
    {
      filename: file('fleet/fleet-page.tsx'),
      code: "export { x } from '../portal/api';",
      errors: [{ messageId: 'foreign' }],
    },
  ],
});
