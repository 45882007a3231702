import { enUS, type Messages } from '@freight/contract';
import antdLocale from 'antd/locale/en_US';

import auth from '../en-US/auth.json';
import common from '../en-US/common.json';

/**
 * What every page of one language needs (the shell, the visitor pages, the shared messages), loaded
 * on its own so a page downloads only its language. Each feature area registers its own strings
 * when its pages load (features/<area>/strings.ts).
 */
export const strings = {
  ...common,
  auth,
  shared: enUS as Messages,
};

export { antdLocale };
