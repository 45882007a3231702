import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDropShell } from './shell';

/** True for a lazily loaded page whose script could not be fetched (a redeploy, a lost network). */
function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useDropShell();
  const chunk = isChunkLoadError(error);
  // Plain markup rather than antd's Result: this view is in every page's first download.
  return (
    <div role="alert" style={{ textAlign: 'center', padding: '48px 16px' }}>
      <h2 style={{ fontSize: 20, margin: '0 0 8px' }}>
        {chunk ? t('error.pageLoadFailed') : t('error.unexpected')}
      </h2>
      {chunk && <p style={{ color: 'rgba(0,0,0,0.55)' }}>{t('error.pageLoadFailedHint')}</p>}
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </div>
  );
}

type Props = { children: ReactNode };
type State = { error: unknown };

/** A page-level error boundary: a reload button, a special text for load failures. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error !== undefined) return <ErrorView error={this.state.error} />;
    return this.props.children;
  }
}
