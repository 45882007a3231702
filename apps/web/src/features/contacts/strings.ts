import en from '../../i18n/en-US/contacts.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/contacts.json';

registerArea('contacts', { 'zh-CN': zh, 'en-US': en });
