/** Colour scheme of a tag chip: background, text and border colours (hex). */
export type TagColor = { bg: string; fg: string; border: string };

const scheme = (bg: string, fg: string, border: string): TagColor => ({ bg, fg, border });

/** Fixed schemes for well-known services (docs/product-rules.md); matched case-insensitively. */
const NAMED: Record<string, TagColor> = {
  telegram: scheme('#e0f2fe', '#0369a1', '#7dd3fc'),
  whatsapp: scheme('#dcfce7', '#15803d', '#86efac'),
  apple: scheme('#f1f5f9', '#1e293b', '#cbd5e1'),
  google: scheme('#dbeafe', '#1d4ed8', '#93c5fd'),
  facebook: scheme('#dbeafe', '#1e40af', '#93c5fd'),
  instagram: scheme('#fce7f3', '#be185d', '#f9a8d4'),
  amazon: scheme('#ffedd5', '#c2410c', '#fdba74'),
  paypal: scheme('#e0e7ff', '#3730a3', '#a5b4fc'),
  microsoft: scheme('#e0f2fe', '#075985', '#7dd3fc'),
  tiktok: scheme('#f1f5f9', '#0f172a', '#94a3b8'),
  x: scheme('#f4f4f5', '#18181b', '#a1a1aa'),
  line: scheme('#dcfce7', '#166534', '#86efac'),
  skype: scheme('#e0f2fe', '#0284c7', '#7dd3fc'),
  viber: scheme('#ede9fe', '#6d28d9', '#c4b5fd'),
  binance: scheme('#fef9c3', '#a16207', '#fde047'),
  coinbase: scheme('#dbeafe', '#1d4ed8', '#93c5fd'),
  netflix: scheme('#fee2e2', '#b91c1c', '#fca5a5'),
  youtube: scheme('#fee2e2', '#dc2626', '#fca5a5'),
  discord: scheme('#e0e7ff', '#4338ca', '#a5b4fc'),
  spotify: scheme('#dcfce7', '#15803d', '#86efac'),
  twitter: scheme('#e0f2fe', '#0369a1', '#7dd3fc'),
  linkedin: scheme('#dbeafe', '#1e40af', '#93c5fd'),
  pinterest: scheme('#fee2e2', '#b91c1c', '#fca5a5'),
  snapchat: scheme('#fef9c3', '#854d0e', '#fde047'),
  reddit: scheme('#ffedd5', '#c2410c', '#fdba74'),
  twitch: scheme('#f3e8ff', '#7e22ce', '#d8b4fe'),
  qq: scheme('#e0f2fe', '#0369a1', '#7dd3fc'),
  baidu: scheme('#dbeafe', '#1d4ed8', '#93c5fd'),
  taobao: scheme('#ffedd5', '#c2410c', '#fdba74'),
  meituan: scheme('#fef9c3', '#a16207', '#fde047'),
  'didi chuxing': scheme('#ffedd5', '#ea580c', '#fdba74'),
  'alibaba group': scheme('#ffedd5', '#c2410c', '#fdba74'),
  'tencent video': scheme('#dbeafe', '#1d4ed8', '#93c5fd'),
  iqiyi: scheme('#dcfce7', '#15803d', '#86efac'),
  netease: scheme('#fee2e2', '#b91c1c', '#fca5a5'),
  momo: scheme('#e0f2fe', '#0369a1', '#7dd3fc'),
  soul: scheme('#f3e8ff', '#7e22ce', '#d8b4fe'),
  tantan: scheme('#ffe4e6', '#be123c', '#fda4af'),
  other: scheme('#f1f5f9', '#475569', '#cbd5e1'),
};

/** djb2 string hash, stable across server and browser. */
function hash(s: string): number {
  let h = 5381;
  for (let i = 0; i < s.length; i++) h = ((h << 5) + h + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/** The chip colours for a tag: the named scheme, or one derived from a hash of the name. */
export function tagColor(name: string): TagColor {
  const key = name.trim().toLowerCase();
  const named = NAMED[key];
  if (named) return named;
  const hue = hash(key) % 360;
  return { bg: `hsl(${hue} 85% 94%)`, fg: `hsl(${hue} 65% 28%)`, border: `hsl(${hue} 60% 78%)` };
}
