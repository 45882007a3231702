import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';

// Dates (pickers, relative days) follow the interface language. Imported for its effect by the
// modules that use dayjs, so that pages without dates (login) do not download it.
const sync = (language: string) => dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
sync(i18next.language);
i18next.on('languageChanged', sync);
