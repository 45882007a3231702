import { act, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { noteTypedBeforeHydration, replayTypedBeforeHydration } from './typed-before-hydration';

/** A controlled field, as in any form, that shows what its state holds, and a combobox's search. */
function View({ onState }: { onState: (state: { keyword: string; search: string }) => void }) {
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    onState({ keyword, search });
  });
  useEffect(replayTypedBeforeHydration, []);
  return (
    <form>
      <input aria-label="keyword" value={keyword} onChange={(event) => setKeyword(event.target.value)} />
      <input
        aria-label="port"
        role="combobox"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <input aria-label="agree" type="checkbox" defaultChecked={false} />
    </form>
  );
}

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

afterEach(() => {
  document.body.innerHTML = '';
});

async function hydrateTyped(type: (container: HTMLElement) => void) {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const states: { keyword: string; search: string }[] = [];
  const container = document.createElement('div');
  container.innerHTML = renderToString(<View onState={() => undefined} />);
  document.body.append(container);
  type(container);
  noteTypedBeforeHydration(container);
  await act(async () => {
    hydrateRoot(container, <View onState={(state) => states.push(state)} />);
  });
  return { container, states };
}

const field = (container: HTMLElement, label: string) =>
  container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;

describe('text typed before hydration', () => {
  it('reaches the state of the field it was typed into, and stays on screen', async () => {
    const { container, states } = await hydrateTyped((view) => {
      field(view, 'keyword').value = 'BK2026';
    });
    expect(states.at(-1)?.keyword).toBe('BK2026');
    expect(field(container, 'keyword').value).toBe('BK2026');
  });

  it('keeps typing in a select’s search only where the person still is', async () => {
    const focused = await hydrateTyped((view) => {
      field(view, 'port').value = 'Shang';
      field(view, 'port').focus();
    });
    expect(focused.states.at(-1)?.search).toBe('Shang');
    document.body.innerHTML = '';

    const left = await hydrateTyped((view) => {
      field(view, 'port').value = 'Shang';
    });
    expect(left.states.at(-1)?.search).toBe('');
    expect(field(left.container, 'port').value).toBe('');
  });

  it('leaves untouched fields and boxes alone', async () => {
    const { states } = await hydrateTyped((view) => {
      field(view, 'agree').checked = true;
    });
    expect(states).toHaveLength(1);
    expect(states[0]).toEqual({ keyword: '', search: '' });
  });
});
