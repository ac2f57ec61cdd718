// The HMR event `npm run dev` (scripts/dev.ts) sends after it regenerated src/generated/ from
// flows/ and after the service restarted: the flow preview asks for the flows:check problems again.
export const FLOWS_CHANGED_EVENT = 'dev:flows-changed';
