import type { zhCN } from './zh-CN.js';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every locale's catalog must have: the keys of zh-CN, with any string values. */
export type Messages = Widen<typeof zhCN>;

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];

/** Every dotted key of the shared catalog, e.g. `validation.required`. */
export type MessageKey = Paths<Messages>;
