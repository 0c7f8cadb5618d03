import { useEffect, useRef } from 'react';
import type { ClientEventType } from '../../shared/analytics.ts';
import { trackEvent } from './analytics.ts';

/**
 * Sends `type` once per mount of the calling component (`admin_dashboard_viewed` and the like).
 * StrictMode's second run of effects in development sends nothing more.
 */
export function useTrackEvent(type: ClientEventType) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    trackEvent(type);
  }, [type]);
}
