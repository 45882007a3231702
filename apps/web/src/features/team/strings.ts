import en from '../../i18n/en-US/team.json';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/team.json';

registerArea('team', { 'zh-CN': zh, 'en-US': en });
