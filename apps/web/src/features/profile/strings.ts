import en from '../../i18n/en-US/profile.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/profile.json';

registerArea('profile', { 'zh-CN': zh, 'en-US': en });
