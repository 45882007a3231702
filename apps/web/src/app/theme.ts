import type { ThemeConfig } from 'antd';

/**
 * Ant Design's theme of the portal, its primary colour that of the site's configuration. The build
 * writes the style sheet of every component in this theme (src/antd-styles.tsx), which server views
 * link and which the browser's Ant Design then neither computes nor inserts again.
 */
export function portalTheme(primary: string): ThemeConfig {
  return {
    // Text colours that reach 4.5:1 (WCAG 1.4.3): Ant Design's grey secondary text, red and the
    // green and orange tags fall short of it on white and on their own light backgrounds.
    token: {
      colorPrimary: primary,
      colorLink: primary,
      colorError: '#cf1322',
      colorTextTertiary: 'rgba(0,0,0,0.6)',
      colorTextPlaceholder: 'rgba(0,0,0,0.55)',
      // Both spellings: Ant Design writes the palette under each into the same CSS variable.
      green7: '#237804',
      'green-7': '#237804',
      orange7: '#ad4e00',
      'orange-7': '#ad4e00',
    },
    // A table's empty text is content, not a disabled control.
    components: { Table: { colorTextDisabled: 'rgba(0,0,0,0.6)' } },
  };
}
