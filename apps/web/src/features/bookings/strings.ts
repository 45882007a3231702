import en from '../../i18n/en-US/bookings.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/bookings.json';

registerArea('bookings', { 'zh-CN': zh, 'en-US': en });
