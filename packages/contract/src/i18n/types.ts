import type { zhCNMail } from './mail-zh-CN.js';
import type { zhCNPdf } from './pdf-zh-CN.js';
import type { zhCN } from './zh-CN.js';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every locale's shared catalog must have (the web's too): the keys of zh-CN. */
export type Messages = Widen<typeof zhCN>;

/** The shape of every locale's server-only e-mail messages (mail-zh-CN.ts). */
export type MailMessages = Widen<typeof zhCNMail>;

/** The shape of every locale's server-only PDF document labels (pdf-zh-CN.ts). */
export type PdfMessages = Widen<typeof zhCNPdf>;

/** A whole catalog as the server translates with it: the shared messages, the e-mails, the PDFs. */
export type ServerMessages = Messages & MailMessages & PdfMessages;

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
/** A plural pair `x_one` / `x_other` (i18next's suffixes) is asked for as `x`, with a `count`. */
type Plural<K> = K extends `${infer Base}_one` | `${infer Base}_other` ? Base : K;

/** Every dotted key of the server's catalog, e.g. `validation.required` or `rfq.mailBody`. */
export type MessageKey = Plural<Paths<ServerMessages>>;
