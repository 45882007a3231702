import en from '../../i18n/en-US/quotes.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/quotes.json';

registerArea('quotes', { 'zh-CN': zh, 'en-US': en });
