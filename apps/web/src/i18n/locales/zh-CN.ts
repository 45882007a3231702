import { zhCN, type Messages } from '@freight/contract';
import antdLocale from 'antd/locale/zh_CN';
import auth from '../zh-CN/auth.json';
import common from '../zh-CN/common.json';
import contacts from '../zh-CN/contacts.json';
import profile from '../zh-CN/profile.json';
import quotes from '../zh-CN/quotes.json';
import rates from '../zh-CN/rates.json';
import shippers from '../zh-CN/shippers.json';

/** Everything one language needs, loaded on its own so a page downloads only its language. */
export const strings = {
  ...common,
  auth,
  profile,
  contacts,
  shippers,
  rates,
  quotes,
  shared: zhCN as Messages,
};

export { antdLocale };
