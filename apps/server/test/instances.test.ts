import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { LOGIN_THROTTLE, type ProofOfWorkChallenge } from '@freight/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type S3Config } from '../src/config.js';
import {
  directoryStorage,
  type FileStorage,
  s3Storage,
  StorageUnavailableError,
} from '../src/platform/storage.js';
import { type Envelope, image, multipart, fieldsToParts, registrationForm } from './fixtures.js';

/* ---------- an S3-compatible server on loopback (s3rver), for the storage and the instances ---------- */

type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

const BUCKET = 'portal-files';
// The SDK warns once that its 2027 releases will need Node 22; not this test's concern.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

async function startS3(): Promise<{ config: S3Config; directory: string; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  return {
    directory,
    config: {
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      // s3rver's fixed credentials
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/* ---------- configuration and the two file stores (always run) ---------- */

describe('S3 configuration', () => {
  it('turns S3 on with S3_BUCKET, and checks the other S3 variables', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'portal-files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'portal-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ S3_BUCKET: 'b-1', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      endpoint: undefined,
      credentials: undefined,
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_ENDPOINT given without S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET="Not_A_Bucket"/);
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        S3_BUCKET: 'b-1',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 'x',
        S3_REGION: 'Bad Region',
      }),
    ).toThrow(/S3_REGION/);
  });
});

describe('file storage: a directory and an S3 bucket keep the same promises', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let dir: string;
  const stores: Record<string, FileStorage> = {};
  beforeAll(async () => {
    s3 = await startS3();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
    stores.directory = directoryStorage(dir);
    stores.s3 = s3Storage(s3.config);
  });
  afterAll(async () => {
    await Promise.all(Object.values(stores).map((store) => store.close()));
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const name of ['directory', 's3']) {
    it(`stores, reads and removes files (${name})`, async () => {
      const store = stores[name] as FileStorage;
      await store.check();
      const data = randomBytes(300_000);
      const key = await store.put(data, 'png');
      expect(key).toMatch(/^[0-9a-f-]{36}\.png$/);
      expect((await store.read(key))?.equals(data)).toBe(true);
      expect(await store.put(Buffer.from('x'), 'png')).not.toBe(key);
      await store.remove(key);
      expect(await store.read(key)).toBeUndefined();
      await store.remove(key); // removing twice is fine
      expect(await store.read('00000000-0000-0000-0000-000000000000.pdf')).toBeUndefined();
      await expect(store.read('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
    });
  }

  it('names the cause when the bucket cannot be used', async () => {
    const missing = s3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow(StorageUnavailableError);
    await expect(missing.check()).rejects.toThrow(
      `Cannot use the S3 bucket no-such-bucket at ${s3.config.endpoint}: no such bucket`,
    );
    await missing.close();
    const unreachable = s3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:1' });
    await expect(unreachable.check()).rejects.toThrow(
      /Cannot use the S3 bucket portal-files at http:\/\/127\.0\.0\.1:1: /,
    );
    await unreachable.close();
  });
});

/* ---------- two server processes on one PostgreSQL, Redis and S3 (needs TEST_DATABASE_URL and TEST_REDIS_URL) ---------- */

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

type Reply<T> = { status: number; headers: Headers; body: T };

type Instance = { name: string; url: string; dataDir: string; child: ChildProcess; output: () => string };

const serverDir = path.resolve(import.meta.dirname, '..');
/** Every process started, stopped (and its directory removed) even when another one failed to start. */
const started: { child: ChildProcess; dataDir: string }[] = [];

/** Starts `npm start`'s server from source and waits for its "ready" log line (PORT=0: it picks a port). */
function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(serverDir, 'src', 'main.ts')],
    {
      cwd: serverDir,
      env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    },
  );
  started.push({ child, dataDir });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve({ name, url: ready[1], dataDir, child, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${output}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

if (databaseUrl && redisUrl) {
  describe('several instances on one PostgreSQL, Redis and S3 behave as one', () => {
    let s3: Awaited<ReturnType<typeof startS3>>;
    let redis: Redis;
    let a: Instance;
    let b: Instance;
    const dbName = `portal_test_${randomBytes(6).toString('hex')}`;

    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      s3 = await startS3();
      redis = new Redis(redisUrl);
      // An empty database: both instances migrate it at once (the advisory lock makes them take turns).
      await admin(`create database ${dbName}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${dbName}`;
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: url.toString(),
        DATABASE_POOL_SIZE: '3',
        REDIS_URL: redisUrl,
        S3_ENDPOINT: s3.config.endpoint ?? '',
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        SEED_DEMO: 'false',
        TRUST_PROXY: 'true',
        RATE_LIMIT_PER_MINUTE: '40',
        CAPTCHA_FIXED: '',
        ALTCHA_HMAC_KEY: 'altcha-key-shared-by-both-instances-0123456789',
      };
      [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
    });
    afterAll(async () => {
      await Promise.all(started.map(({ child }) => stop(child)));
      for (const { dataDir } of started) fs.rmSync(dataDir, { recursive: true, force: true });
      redis?.disconnect();
      await s3?.close();
      await admin(`drop database if exists ${dbName} with (force)`);
    });

    /** Each test is its own client address (X-Forwarded-For, TRUST_PROXY), so runs never share counters. */
    const newClient = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

    async function request<T = Envelope>(
      instance: Instance,
      pathname: string,
      options: {
        method?: string;
        ip: string;
        token?: string;
        json?: unknown;
        body?: Buffer;
        headers?: Record<string, string>;
      },
    ): Promise<Reply<T>> {
      const headers: Record<string, string> = {
        'x-forwarded-for': options.ip,
        lang: 'en',
        ...options.headers,
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: Buffer | string | undefined = options.body;
      if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.json);
      }
      const response = await fetch(`${instance.url}${pathname}`, {
        method: options.method ?? 'GET',
        headers,
        body,
      });
      const type = response.headers.get('content-type') ?? '';
      const parsed = type.includes('json')
        ? await response.json()
        : Buffer.from(await response.arrayBuffer());
      return { status: response.status, headers: response.headers, body: parsed as T };
    }

    /** A captcha issued by one instance, answered with the text it keeps in Redis. */
    async function captcha(instance: Instance, ip: string) {
      const reply = await request<Envelope<{ captcha_id: string }>>(instance, '/api/system/captcha', { ip });
      const id = reply.body.data.captcha_id;
      const answer = await redis.get(`portal:captcha:${id}`);
      expect(answer, 'the captcha answer lives in Redis').toMatch(/^[a-z0-9]{4}$/);
      return { captcha_id: id, captcha: answer ?? '', altcha: await proof(instance, ip) };
    }

    /** A proof of work issued by one instance, solved as the browser would. */
    async function proof(instance: Instance, ip: string): Promise<string> {
      const reply = await request<Envelope<ProofOfWorkChallenge>>(instance, '/api/system/altcha', { ip });
      const challenge = reply.body.data;
      const solution = await solveChallenge({ challenge, deriveKey });
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }

    const login = async (
      instance: Instance,
      ip: string,
      username: string,
      password: string,
      from: Instance,
    ) =>
      request<Envelope<{ token: string }>>(instance, '/api/system/login', {
        method: 'POST',
        ip,
        json: { username, password, ...(await captcha(from, ip)) },
      });

    async function register(instance: Instance, ip: string, withFiles: boolean) {
      const fields: Record<string, string> = { ...registrationForm(), ...(await captcha(instance, ip)) };
      const files = withFiles
        ? [
            {
              name: 'logo',
              filename: 'logo.png',
              contentType: 'image/png',
              data: await image('png', 200, 120),
            },
            {
              name: 'license',
              filename: 'licence.jpg',
              contentType: 'image/jpeg',
              data: await image('jpeg', 400, 300),
            },
          ]
        : [];
      const form = multipart([...fieldsToParts(fields), ...files]);
      const reply = await request<Envelope<{ token: string }>>(instance, '/api/userinfo', {
        method: 'POST',
        ip,
        body: form.payload,
        headers: form.headers,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return {
        username: fields.username ?? '',
        password: fields.password ?? '',
        token: reply.body.data.token,
      };
    }

    it('both instances started together on an empty database and migrated it once', async () => {
      for (const instance of [a, b]) {
        const ready = await request<Envelope<{ database: string }>>(instance, '/api/ready', {
          ip: newClient(),
        });
        expect(ready.status).toBe(200);
        expect(ready.body.data.database).toBe('postgres');
      }
    });

    it('accepts on one instance a captcha issued by the other, once', async () => {
      const ip = newClient();
      const member = await register(a, ip, false);
      const issued = await captcha(a, ip);
      const body = { username: member.username, password: member.password, ...issued };
      const onB = await request<Envelope<{ token: string }>>(b, '/api/system/login', {
        method: 'POST',
        ip,
        json: body,
      });
      expect(onB.status).toBe(200);
      expect(onB.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Used up on B, so A refuses it too (sent with a new proof of work: the captcha is at fault).
      const again = await request(a, '/api/system/login', {
        method: 'POST',
        ip,
        json: { ...body, altcha: await proof(a, ip) },
      });
      expect(again.status).toBe(400);
      expect(again.body.msg).toMatch(/captcha/i);
    });

    it('accepts on one instance a proof of work issued by the other, once', async () => {
      const ip = newClient();
      const altcha = await proof(a, ip);
      const asked = (instance: Instance) =>
        request(
          instance,
          `/api/system/forget?${new URLSearchParams({ username: 'nobody@example.com', altcha })}`,
          {
            ip,
          },
        );
      expect((await asked(b)).status).toBe(200);
      const replayed = await asked(a);
      expect(replayed.status).toBe(400);
      expect(replayed.body.errors?.[0]?.field).toBe('altcha');
    });

    it('serves through one instance the files uploaded through the other, from the bucket', async () => {
      const ip = newClient();
      const member = await register(a, ip, true);
      type Info = { logo_url: string; logo_thumb: string; license: string };
      const onB = await request<Envelope<Info>>(b, '/api/userinfo', { ip, token: member.token });
      expect(onB.status).toBe(200);
      const { license, logo_thumb: logoThumb } = onB.body.data;
      expect(license).toMatch(/^\/api\/file\/[0-9a-f-]{36}$/);
      // The private licence for its owner, through B; the same bytes through A.
      const fromB = await request<Buffer>(b, license, { ip, token: member.token });
      const fromA = await request<Buffer>(a, license, { ip, token: member.token });
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/jpeg');
      expect(fromB.body.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect(fromB.body.equals(fromA.body)).toBe(true);
      expect((await request(b, license, { ip })).status).toBe(404);
      expect((await request<Buffer>(b, logoThumb, { ip })).status).toBe(200);
      // Nothing went to either instance's own disk.
      expect(fs.existsSync(path.join(a.dataDir, 'files'))).toBe(false);
      expect(fs.existsSync(path.join(b.dataDir, 'files'))).toBe(false);
    });

    it('ends on one instance a session logged out on the other', async () => {
      const ip = newClient();
      const member = await register(b, ip, false);
      const second = await login(b, ip, member.username, member.password, a);
      expect(second.status).toBe(200);
      const token = second.body.data.token;
      expect((await request(a, '/api/userinfo', { ip, token })).status).toBe(200);
      expect((await request(a, '/api/system/logout', { method: 'POST', ip, token })).status).toBe(200);
      expect((await request(b, '/api/userinfo', { ip, token })).status).toBe(401);
      expect((await request(a, '/api/userinfo', { ip, token })).status).toBe(401);
      // The session opened at registration is untouched.
      expect((await request(b, '/api/userinfo', { ip, token: member.token })).status).toBe(200);
    });

    // Each failed login raises the proof of work the next one must solve (seconds of a core at the
    // top level), so this test does real work worth ~20 s of an idle core: a busy machine needs more.
    it('counts failed logins on both instances towards one throttle', { timeout: 240_000 }, async () => {
      const ip = newClient();
      const member = await register(a, ip, false);
      for (let i = 0; i < LOGIN_THROTTLE.perUsername; i++) {
        const [to, from] = i % 2 === 0 ? [a, b] : [b, a];
        const failed = await login(to, ip, member.username, 'wrong-password', from);
        expect(failed.status, `attempt ${i + 1} on ${to.name}`).toBe(400);
      }
      for (const instance of [a, b]) {
        const blocked = await login(instance, ip, member.username, member.password, a);
        expect(blocked.status, instance.name).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);
      }
    });

    it('shares the rate limiter counts between the instances', async () => {
      const ip = newClient();
      const remaining: number[] = [];
      for (let i = 0; i < 40; i++) {
        const reply = await request(i % 2 === 0 ? a : b, '/api/system/config', { ip });
        expect(reply.status).toBe(200);
        remaining.push(Number(reply.headers.get('x-ratelimit-remaining')));
      }
      expect(remaining).toEqual(Array.from({ length: 40 }, (_, i) => 39 - i));
      for (const instance of [a, b]) {
        const limited = await request(instance, '/api/system/config', { ip });
        expect(limited.status, instance.name).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(limited.body).toMatchObject({ code: 1, msg: expect.stringMatching(/^Too many requests/) });
        expect((await request(instance, '/api/ready', { ip })).status).toBe(200);
      }
      expect((await request(b, '/api/system/config', { ip: newClient() })).status).toBe(200);
    });
  });
}
