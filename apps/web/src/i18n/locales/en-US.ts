import { enUS, type Messages } from '@freight/contract';
import antdLocale from 'antd/locale/en_US';

import auth from '../en-US/auth.json';
import common from '../en-US/common.json';
import contacts from '../en-US/contacts.json';
import profile from '../en-US/profile.json';
import quotes from '../en-US/quotes.json';
import rates from '../en-US/rates.json';
import shippers from '../en-US/shippers.json';

/** Everything one language needs, loaded on its own so a page downloads only its language. */
export const strings = {
  ...common,
  auth,
  profile,
  contacts,
  shippers,
  rates,
  quotes,
  shared: enUS as Messages,
};

export { antdLocale };
