import en from '../../i18n/en-US/webhooks.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/webhooks.json';

registerArea('webhookPage', { 'zh-CN': zh, 'en-US': en });
