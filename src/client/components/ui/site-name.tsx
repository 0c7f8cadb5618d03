import { useSiteName } from '../../lib/site-info.ts';

/**
 * The site name (Admin → Site Settings) in a span marked `data-site-name`: in the pre-rendered
 * pages the server puts the current name there (plugins/client.ts), since the build has the
 * default one. `name` overrides it (the maintenance screen's name, as the server sent it).
 */
export function SiteName({ name, className }: { name?: string; className?: string }) {
  const current = useSiteName();
  return (
    <span className={className} data-site-name="">
      {name ?? current}
    </span>
  );
}
