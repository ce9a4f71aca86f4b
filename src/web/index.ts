export {
  CATEGORY_LABELS,
  CATEGORY_SHORT,
  divergentCategories,
  evidenceAnchor,
  formatMean,
  formatScore,
  formatTime,
  formatUsd,
  formatWeight,
  hrefWith,
  modeLabel,
  shortId,
} from './format.js';
export { APP_CSS } from './client/app-css.js';
export { APP_SCRIPT } from './client/app-script.js';
export { Layout, type LayoutProps, type NavKey } from './components/layout.js';
export { OverviewPage, type OverviewPageProps } from './pages/overview-page.js';
export { ResultsPage, resultsHref, type ResultsFilter, type ResultsPageProps } from './pages/results-page.js';
export { ResultPage, type ResultPageProps } from './pages/result-page.js';
export { RunPage, type RunPageProps } from './pages/run-page.js';
export { RunsPage } from './pages/runs-page.js';
export { ErrorPage, type ErrorPageProps } from './pages/error-page.js';
export { ComparePage, type ComparePageProps } from './pages/compare-page.js';
export { ValidityPage, type ValidityPageProps } from './pages/validity-page.js';
export { RatePage, type RatePageProps } from './pages/rate-page.js';
