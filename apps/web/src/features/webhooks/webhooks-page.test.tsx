import '../../test-support/setup';
import type { WebhookEndpointRow } from '@freight/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render';
import { WebhooksPage } from './webhooks-page';
import { queryKeys } from '../../api/query-keys';

const endpoint: WebhookEndpointRow = {
  id: 7,
  url: 'https://erp.example.com/hooks/portal',
  events: ['booking.submit', 'booking.cancel'],
  enabled: false,
  disabled_reason: 'failures',
  failures: 15,
  circuit: 'closed',
  circuit_retry_at: null,
  created_at: '2026-11-27T08:00:00.000Z',
  actions: ['edit', 'delete', 'test', 'rotate'],
};

describe('the webhooks page', () => {
  it.each([
    {
      locale: 'en-US' as const,
      title: 'Webhooks',
      toggle: `Enable endpoint ${endpoint.url}`,
      state: 'Disabled after repeated failures',
      event: 'Booking cancelled',
      add: 'Add endpoint',
      url: 'Endpoint URL',
      check: 'Document added',
    },
    {
      locale: 'zh-CN' as const,
      title: 'Webhook',
      toggle: `启用端点 ${endpoint.url}`,
      state: '因连续失败已停用',
      event: '订舱已取消',
      add: '添加端点',
      url: '端点网址',
      check: '已添加单证',
    },
  ])('lists endpoints and adds one by keyboard-reachable labels ($locale)', async (t) => {
    await renderWithApp(<WebhooksPage />, { locale: t.locale, data: [[queryKeys.webhooks.all, [endpoint]]] });
    expect(screen.getByRole('heading', { name: t.title })).toBeTruthy();
    const row = screen.getByRole('row', { name: new RegExp(endpoint.url) });
    expect(within(row).getByRole('switch', { name: t.toggle })).toHaveProperty('ariaChecked', 'false');
    expect(within(row).getByText(t.state)).toBeTruthy();
    expect(within(row).getByText(t.event)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: new RegExp(t.add) }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: t.url })).toBeTruthy();
    // Every event is offered, checked by default.
    expect(within(dialog).getByRole('checkbox', { name: t.check })).toHaveProperty('checked', true);
  });

  const retryAt = '2026-11-28T06:30:00.000Z';
  /** The retry time as a screen shows it: in the portal's zone (Asia/Shanghai), not the browser's. */
  const local = (pattern: 'zh' | 'en') => (pattern === 'zh' ? '2026-11-28 14:30' : '11/28/2026 14:30');
  it.each([
    {
      locale: 'en-US' as const,
      open: `Not answering: sending paused until ${local('en')}, then retried`,
      probing: 'Not answering: being retried now',
    },
    {
      locale: 'zh-CN' as const,
      open: `无响应：已暂停发送，将于 ${local('zh')} 重试`,
      probing: '无响应：正在重试',
    },
  ])('shows an endpoint whose receiver stopped answering, and when it is retried ($locale)', async (t) => {
    const paused: WebhookEndpointRow = {
      ...endpoint,
      enabled: true,
      disabled_reason: null,
      failures: 5,
      circuit: 'open',
      circuit_retry_at: retryAt,
    };
    const probing: WebhookEndpointRow = {
      ...paused,
      id: 8,
      url: 'https://wms.example.com/hooks',
      circuit: 'half_open',
    };
    const healthy: WebhookEndpointRow = {
      ...paused,
      id: 9,
      url: 'https://tms.example.com/in',
      failures: 0,
      circuit: 'closed',
      circuit_retry_at: null,
    };
    await renderWithApp(<WebhooksPage />, {
      locale: t.locale,
      data: [[queryKeys.webhooks.all, [paused, probing, healthy]]],
    });
    const row = (url: string) => screen.getByRole('row', { name: new RegExp(url) });
    expect(within(row(paused.url)).getByText(t.open)).toBeTruthy();
    expect(within(row(probing.url)).getByText(t.probing)).toBeTruthy();
    expect(within(row(healthy.url)).queryByText(/Not answering|无响应/)).toBeNull();
  });
});
