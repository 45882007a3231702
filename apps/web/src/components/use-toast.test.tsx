import '../test-support/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-support/render';
import { TOAST_SECONDS, useToast } from './use-toast';

function Harness({ direct = false }: { direct?: boolean }) {
  const toast = useToast();
  const { message } = App.useApp();
  return (
    <Button onClick={() => (direct ? void message.success('Saved') : toast.success('Saved'))}>Save</Button>
  );
}

/** Frames asked for while a toast is up, over `ms`: what would interrupt a render in the background. */
async function framesWhileShown(direct: boolean, ms: number): Promise<number> {
  await renderWithApp(<Harness direct={direct} />, { locale: 'en-US' });
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Saved');
  // Let its entry motion run out first; what is counted after is the time it stands.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const frames = vi.spyOn(window, 'requestAnimationFrame');
  await new Promise((resolve) => setTimeout(resolve, ms));
  const count = frames.mock.calls.length;
  frames.mockRestore();
  return count;
}

describe('useToast', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for no frames while it stands', async () => {
    expect(await framesWhileShown(false, 500)).toBeLessThanOrEqual(2);
  });

  it('where antd counting down asks for one every frame', async () => {
    // The comparison shows that the count above means something here.
    expect(await framesWhileShown(true, 500)).toBeGreaterThan(10);
  });

  it('closes after its time', async () => {
    await renderWithApp(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull(), {
      timeout: TOAST_SECONDS * 1000 + 2000,
    });
  });
});
