import en from '../../i18n/en-US/rates.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/rates.json';

registerArea('rates', { 'zh-CN': zh, 'en-US': en });
