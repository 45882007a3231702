import '../test-support/setup';
import type { Locale } from '@freight/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { renderWithApp } from '../test-support/render';
import { useAction, type ActionOptions } from './use-action';
import { useForm } from './use-form';

type Values = { company1?: string };

/** A form whose button runs `work` through the policy with `options` (the form added when asked). */
function Harness({
  work,
  options = {},
  withForm = false,
}: {
  work: () => Promise<unknown>;
  options?: ActionOptions;
  withForm?: boolean;
}) {
  const [form] = useForm<Values>();
  const { run, busy } = useAction();
  const [result, setResult] = useState('');
  return (
    <Form<Values> form={form} initialValues={{ company1: '' }}>
      <Form.Item name="company1" label="Company">
        <Input />
      </Form.Item>
      <Button
        loading={busy}
        onClick={() =>
          void run(work, withForm ? { ...options, form } : options).then(
            (value) => setResult(value === undefined ? 'nothing' : String(value)),
            () => setResult('thrown'),
          )
        }
      >
        Go
      </Button>
      <output aria-label="result">{result}</output>
    </Form>
  );
}

const rejected = (error: unknown) => () => Promise.reject(error);
const fieldError = (message: string) =>
  new ApiError(message, 400, [{ field: 'company1', message }], undefined);

describe('the mutation error policy', () => {
  it.each<{ locale: Locale; ok: string | RegExp }>([
    { locale: 'en-US', ok: 'OK' },
    // Ant Design spaces a two-character Chinese label.
    { locale: 'zh-CN', ok: /^确\s*定$/ },
  ])('tells a failure in a dialog with the server’s reason ($locale)', async ({ locale, ok }) => {
    const user = userEvent.setup();
    await renderWithApp(
      <Harness
        work={rejected(new ApiError('Booking is locked', 409))}
        options={{ title: 'Could not save' }}
      />,
      { locale },
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Could not save');
    expect(dialog.textContent).toContain('Booking is locked');
    expect(screen.getByRole('button', { name: ok })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'result' }).textContent).toBe('nothing');
  });

  it.each<{ locale: Locale; failed: string }>([
    { locale: 'en-US', failed: 'The operation failed' },
    { locale: 'zh-CN', failed: '操作失败' },
  ])(
    'falls back to the interface language’s text when the failure says nothing ($locale)',
    async (language) => {
      const user = userEvent.setup();
      await renderWithApp(<Harness work={rejected('no reason')} options={{ title: 'Could not save' }} />, {
        locale: language.locale,
      });
      await user.click(screen.getByRole('button', { name: 'Go' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain(language.failed);
    },
  );

  it('puts the reply’s field errors on the form and names the field in the message', async () => {
    const user = userEvent.setup();
    await renderWithApp(
      <Harness
        work={rejected(fieldError('Company is required'))}
        options={{ prefix: 'Could not add' }}
        withForm
      />,
      { locale: 'en-US' },
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    const field = await screen.findByRole('textbox', { name: 'Company', description: 'Company is required' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Could not add: Company is required')).toBeTruthy();
  });

  it('shows nothing when the caller handles the failure, and fails on when asked to', async () => {
    const user = userEvent.setup();
    const seen: unknown[] = [];
    const error = new ApiError('Conflict', 409);
    await renderWithApp(
      <Harness
        work={rejected(error)}
        options={{ title: 'Could not save', rethrow: true, onError: (caught) => seen.push(caught) > 0 }}
      />,
      { locale: 'en-US' },
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'result' }).textContent).toBe('thrown'));
    expect(seen).toEqual([error]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('answers the work’s value when it succeeds, and shows nothing', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Harness work={() => Promise.resolve(42)} options={{ title: 'Could not save' }} />, {
      locale: 'en-US',
    });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'result' }).textContent).toBe('42'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
