import { lazyPart } from './LazyPart';

// The large dependencies, fetched the first time one is shown rather than at start: ECharts (with zrender), Markdown's
// parser (micromark, mdast, hast) and the zoom-and-pan viewer. Import these, not the modules they load.
export const Chart = lazyPart('the chart', () => import('../features/reports/Chart').then((m) => m.Chart));
export const Markdown = lazyPart('the formatted text', () => import('./Markdown').then((m) => m.Markdown));
export const ImageViewer = lazyPart('the image viewer', () => import('../features/datasets/ImageViewer').then((m) => m.ImageViewer));
