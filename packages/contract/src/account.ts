import { z } from 'zod';
import { abilities } from './abilities.js';
import { ROLES } from './auth.js';
import { requiredId } from './common.js';
import { captchaFields, proofOfWorkPayload } from './human-check.js';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits.js';

/** Image uploads (logo, business licence). */
export const IMAGE_MAX_BYTES = 2_097_152;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

/** Login throttle: failures counted per username and per client address within a window. */
export const LOGIN_THROTTLE = { windowMs: 15 * 60_000, perUsername: 5, perAddress: 20 } as const;
/**
 * Registration throttle: every registration that gets as far as its captcha check counts
 * toward its client address, accepted or not; beyond `perAddress` within the window, 429.
 */
export const REGISTER_THROTTLE = { windowMs: 60 * 60_000, perAddress: 10 } as const;
/**
 * Password reset. A mail carries a 6-digit code (10-minute life, single use, 5 wrong tries,
 * a new one at most every 60 s) and a link with a long token (256 bits, 30 minutes, single use).
 *
 * Guessing budget: an attacker who asks for a new code after every 5 wrong tries could otherwise try
 * ~7,200 codes a day. Wrong codes are therefore counted per account over a rolling day, and after
 * `dailyWrongTries` the short code is refused until the day is over: the chance that a guesser hits
 * a 6-digit code within a day is then at most 50 / 1,000,000 = 1 in 20,000, below the 1 in 10,000 we
 * allow. Spending that budget (or a code's 5 tries) does not lock the owner out: the link in the same
 * mail is not guessable (2^256) and has no such budget. Every wrong code or link also counts toward
 * the client address's throttle, as failed logins do (LOGIN_THROTTLE.perAddress per window).
 */
export const RESET_CODE = {
  length: 6,
  ttlMs: 10 * 60_000,
  maxTries: 5,
  resendAfterMs: 60_000,
  dailyWrongTries: 50,
  dayMs: 24 * 3_600_000,
  linkTokenLength: 43,
  linkTtlMs: 30 * 60_000,
} as const;
/** The form of a reset link's token (32 random bytes, base64url). */
export const RESET_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const email = z
  .string({ error: 'account.emailRequired' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'account.emailRequired' })
  .max(254)
  .pipe(z.email({ error: 'validation.invalidEmail' }));

/**
 * A new password: one rule for the pages and the API. Spaces may be part of it, but a password of
 * nothing else (spaces, tabs, line breaks) is as good as none and is refused, naming the field.
 */
export const password = z
  .string()
  .min(PASSWORD_MIN, { error: 'account.passwordMin' })
  .max(PASSWORD_MAX, { error: 'account.passwordMax' })
  .refine((value) => value.trim().length > 0, { error: 'account.passwordBlank' });

/** Phone numbers: digits and plus only. */
const phone = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^\+?[0-9]+$/, { error: 'account.phoneDigits' });

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** Reference ids sent as a comma-joined list ("1,4,9") and read back the same way. */
const idList = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\d{1,9}(,\d{1,9})*)?$/, { error: 'validation.invalidFormat' })
  .transform((value) => (value ? [...new Set(value.split(',').map(Number))] : []));

export const captchaReply = z.object({ captcha_id: z.string(), image: z.string() });

export const loginBody = z.strictObject({
  username: z.string().trim().toLowerCase().min(1).max(EMAIL_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
  ...captchaFields,
  /** the solved proof of work (human-check.ts); required unless CAPTCHA_FIXED waives it */
  altcha: proofOfWorkPayload.optional(),
});
export type LoginBody = z.input<typeof loginBody>;
export const loginReply = z.object({ token: z.string() });

/** The company fields shared by registration and the profile. */
const companyFields = {
  linkman: requiredText(100),
  phone,
  company1: requiredText(200),
  company2: text(200).default(''),
  address1: requiredText(300),
  address2: text(300).default(''),
  city: requiredText(100),
  province: text(100).default(''),
  zip_code: text(20).default(''),
  country_id: requiredId,
  /**
   * The social credit code. The spec gives two readings (optional / required); we take the one
   * its field list states — optional — because foreign companies have none. When given it must be
   * 18 characters of digits and uppercase letters (China's unified social credit code).
   */
  credit_no: z
    .string()
    .trim()
    .toUpperCase()
    .max(18)
    .refine((value) => value === '' || /^[0-9A-Z]{18}$/.test(value), { error: 'account.creditNo' })
    .default(''),
  profile: text(5000).optional(),
  industries: idList.optional(),
  businesses: idList.optional(),
  routes: idList.optional(),
  ports: idList.optional(),
};

/**
 * Registration (POST /api/userinfo, multipart): these text fields plus optional `license` and
 * `logo` image files. `confirmPassword` stays in the form; `first_name` is accepted and ignored
 * (it repeats linkman). Like login, it carries the image captcha and the proof of work.
 */
export const registrationFields = z.strictObject({
  username: email,
  password,
  first_name: text(100).optional(),
  ...companyFields,
  ...captchaFields,
  altcha: proofOfWorkPayload.optional(),
});

/** Whether a profile change needs the current password: it does whenever it sets a new one. */
export function needsCurrentPassword(values: { password?: string | undefined }): boolean {
  return Boolean(values.password);
}

/**
 * PUT /api/userinfo: the profile; `password` only when it is to change, and then with
 * `current_password` (a bearer token alone must not be enough to take the account).
 */
export const profileUpdate = z
  .strictObject({
    ...companyFields,
    password: password.optional(),
    current_password: z.string().max(PASSWORD_MAX).optional(),
    listed_in_directory: z.boolean().optional(),
  })
  .check((ctx) => {
    if (needsCurrentPassword(ctx.value) && !ctx.value.current_password)
      ctx.issues.push({
        code: 'custom',
        path: ['current_password'],
        message: 'account.currentPasswordRequired',
        input: ctx.value.current_password,
      });
  });

/** GET /api/userinfo. Files are URLs; reference lists are comma-joined ids, as the spec has them. */
export const userInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  linkman: z.string(),
  phone: z.string(),
  company1: z.string(),
  company2: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  country_id: z.number().int(),
  country_name: z.string(),
  zip_code: z.string(),
  credit_no: z.string(),
  profile: z.string(),
  logo: z.string().nullable(),
  logo_url: z.string().nullable(),
  logo_thumb: z.string().nullable(),
  license: z.string().nullable(),
  license_thumb: z.string().nullable(),
  industries: z.string(),
  businesses: z.string(),
  routes: z.string(),
  ports: z.string(),
  authorities: z.array(z.string()),
  /** the person signed in to the company */
  person: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    /** the language of the person's e-mails (set on My account) */
    language: z.enum(['zh-CN', 'en-US']),
  }),
  /** what this person may do (abilitiesOf): the pages offer only these actions */
  abilities,
  is_forwarder: z.boolean(),
  listed_in_directory: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const forgetQuery = z.object({ username: email, altcha: proofOfWorkPayload.optional() });
export const passwordResetBody = z.strictObject({
  username: email,
  /** the 6-digit code of the mail, or the token of its link (RESET_LINK_TOKEN) */
  vcode: z
    .string()
    .trim()
    .refine((value) => /^\d{6}$/.test(value) || RESET_LINK_TOKEN.test(value), {
      error: 'account.codeFormat',
    }),
  password,
});
export type PasswordResetBody = z.input<typeof passwordResetBody>;
