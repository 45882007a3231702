import en from '../../i18n/en-US/activity.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/activity.json';

registerArea('activity', { 'zh-CN': zh, 'en-US': en });
