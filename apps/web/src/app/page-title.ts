import { useEffect } from 'react';

/**
 * The document's title: "<page> - <site title>" while a page says what it is (usePageTitle), the
 * site title alone otherwise (every page showed the same title in tabs, history and
 * bookmarks). Both follow a language switch, as the callers pass translated text.
 */
let pageTitle = '';
let siteTitle = '';
const apply = () => {
  document.title = pageTitle ? `${pageTitle} - ${siteTitle}` : siteTitle;
};

/** The site's title (app_title, or the default in the current language), set by the app. */
export function setSiteTitle(title: string): void {
  siteTitle = title;
  apply();
}

/** Names the current page in the document's title while it is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    pageTitle = title;
    apply();
    return () => {
      if (pageTitle === title) {
        pageTitle = '';
        apply();
      }
    };
  }, [title]);
}
