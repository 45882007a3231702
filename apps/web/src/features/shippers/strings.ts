import en from '../../i18n/en-US/shippers.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/shippers.json';

registerArea('shippers', { 'zh-CN': zh, 'en-US': en });
