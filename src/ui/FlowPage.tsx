// The lazily loaded entry of the product flows (the app's routes import this file).

export type { FlowPageProps } from './flow/FlowPage';
export { default, default as FlowPage } from './flow/FlowPage';
