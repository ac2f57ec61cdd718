import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { takeBackTarget } from '../routeHistory';

/** The spec's back action: the last route in history, else the dashboard (or `fallback`). */
export function useBackAction(fallback?: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    navigate(takeBackTarget(`${location.pathname}${location.search}`, fallback));
  }, [navigate, location.pathname, location.search, fallback]);
}
