import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';

/** The site's VAPID identity for Web Push (RFC 8292): the key pair and a contact. */
export type Vapid = { publicKey: string; privateKey: string; subject: string };

/**
 * VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, otherwise a pair generated once
 * into DATA_DIR/vapid.json (mode 0600; another process's pair is used if it made one first), so
 * browser subscriptions stay valid across restarts. The subject is VAPID_SUBJECT, else the site's
 * https PUBLIC_URL, else a mailto: of MAIL_FROM's address.
 */
export function loadVapid(config: {
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  vapidSubject: string | undefined;
  publicUrl: string;
  mailFrom: string;
  dataDir: string;
}): Vapid {
  const subject =
    config.vapidSubject ??
    (config.publicUrl.startsWith('https:')
      ? config.publicUrl
      : `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom}`);
  if (config.vapidPublicKey && config.vapidPrivateKey)
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  const file = path.join(config.dataDir, 'vapid.json');
  const read = () => {
    const k = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      publicKey: string;
      privateKey: string;
    };
    return { publicKey: k.publicKey, privateKey: k.privateKey, subject };
  };
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600, flag: 'wx' });
    return { ...keys, subject };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw err;
  }
}
