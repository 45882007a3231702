// `npm run mail`: the mails in DATA_DIR/outbox (written there when no SMTP_URL is set), readable
// without a mail program: `npm run mail` lists them, newest last; `npm run mail -- 3` (or a file
// name) prints that one's text. Subjects and bodies arrive encoded (RFC 2047, base64,
// quoted-printable); this decodes what the portal's mailer writes, with no dependency.
import fs from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const outbox = path.join(dataDir, 'outbox');

/** Header lines unfolded, by lower-case name (the first of each); the body after the blank line. */
function split(text) {
  const normalized = text.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers = new Map();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text, underscoreIsSpace = false) {
  const bytes = [];
  const source = underscoreIsSpace ? text.replace(/_/g, ' ') : text.replace(/=\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i], 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodeCharset(buffer, charset) {
  try {
    return new TextDecoder(charset || 'utf-8').decode(buffer);
  } catch {
    return buffer.toString('utf8');
  }
}

/** A header value with its RFC 2047 encoded words decoded (adjacent words join without space). */
function decodeWords(value = '') {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, (_, word) => word)
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset, encoding, text) =>
      decodeCharset(
        encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text, true),
        charset,
      ),
    );
}

const param = (value, name) => new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value ?? '')?.[1];

/** The text of a part: its text/plain part (or its first text part), decoded. */
function textOf(part) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = param(type, 'boundary');
    if (!boundary) return '';
    const parts = part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .map((chunk) => split(chunk.replace(/^\n/, '')));
    const plain = parts.find((p) => /^text\/plain/i.test(p.headers.get('content-type') ?? 'text/plain'));
    const chosen =
      plain ?? parts.find((p) => /^(text|multipart)\//i.test(p.headers.get('content-type') ?? ''));
    return chosen ? textOf(chosen) : '';
  }
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const raw =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, 'utf8');
  return decodeCharset(raw, param(type, 'charset'));
}

function read(file) {
  const message = split(fs.readFileSync(path.join(outbox, file), 'utf8'));
  const date = new Date(message.headers.get('date') ?? fs.statSync(path.join(outbox, file)).mtime);
  return {
    file,
    date: Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16).replace('T', ' '),
    to: decodeWords(message.headers.get('to')),
    subject: decodeWords(message.headers.get('subject')),
    text: () => textOf(message),
  };
}

const files = fs.existsSync(outbox)
  ? fs
      .readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort()
  : [];
const chosen = process.argv[2];

if (!chosen) {
  if (files.length === 0) {
    console.log(`No mail in ${outbox}.`);
  } else {
    console.log(`Mails in ${outbox} (times in UTC), oldest first:`);
    files.forEach((file, i) => {
      const mail = read(file);
      console.log(`${String(i + 1).padStart(3)}  ${mail.date}  ${mail.to}  ${mail.subject}`);
    });
    console.log('Read one with: npm run mail -- <number>');
  }
} else {
  const file = /^\d+$/.test(chosen)
    ? files[Number(chosen) - 1]
    : files.find((name) => name === path.basename(chosen));
  if (!file) {
    console.error(`No mail ${chosen} in ${outbox} (${files.length} there).`);
    process.exit(1);
  }
  const mail = read(file);
  console.log(`File:    ${file}\nDate:    ${mail.date} UTC\nTo:      ${mail.to}\nSubject: ${mail.subject}\n`);
  console.log(mail.text().trimEnd());
}
