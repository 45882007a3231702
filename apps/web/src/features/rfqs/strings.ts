import en from '../../i18n/en-US/rfqs.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/rfqs.json';

registerArea('rfqs', { 'zh-CN': zh, 'en-US': en });
