import { useEffect } from 'react';
import { toast } from 'sonner';
import { t } from './i18n.tsx';

/** The app's service worker (public/sw.js): push notifications and the offline page. */
export const SW_URL = '/sw.js';

/** Registers the service worker (once per page; the browser keeps one registration). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | undefined {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.register(SW_URL, { scope: '/' });
}

/** Copies a code from a notification, or shows it with a Copy button when the page may not. */
async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success(t('common.push.codeCopied', { code }));
  } catch {
    toast(t('common.push.code', { code }), {
      action: {
        label: t('common.actions.copy'),
        onClick: () => void navigator.clipboard.writeText(code),
      },
      duration: 60_000,
    });
  }
}

/**
 * The signed-in app's side of push: registers the service worker (it makes the app installable
 * and receives pushes), and copies the code of a notification the user clicked: told by the
 * worker when a window was open, or opened with `?code=` when none was.
 */
export function useServiceWorker(enabled: boolean) {
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    registerServiceWorker()?.catch(() => undefined);
    const onMessage = (e: MessageEvent<{ type?: string; code?: string }>) => {
      if (e.data?.type === 'copy-code' && e.data.code) void copyCode(e.data.code);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    const url = new URL(window.location.href);
    const code = url.searchParams.get('code');
    if (code && /^[A-Za-z0-9-]{3,12}$/.test(code)) {
      url.searchParams.delete('code');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
      void copyCode(code);
    }
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [enabled]);
}

const fromBase64Url = (s: string) => {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
};

/** Whether this browser can take Web Push at all. */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration(SW_URL);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Subscribes this browser to push with the site's VAPID key, asking the user's permission first.
 * Throws with a message for the user when it cannot.
 */
export async function subscribePush(publicKey: string): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new Error(t('common.push.unsupported'));
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(t('common.push.blocked'));
  await registerServiceWorker();
  const reg = await navigator.serviceWorker.ready;
  const existing = await reg.pushManager.getSubscription();
  const sub =
    existing ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(publicKey),
    }));
  return sub.toJSON();
}

/** A short name for this device, from the browser's user agent ("Chrome on Android"). */
export function deviceName(ua = navigator.userAgent): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? /HeadlessChrome/.test(ua)
          ? 'Chromium'
          : 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${os}`;
}
