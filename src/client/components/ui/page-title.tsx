import { useSiteConfig } from '@client/lib/site-config.js';

/** React 19 hoists <title> into <head>: the tab reads '<page> | <brand>'. */
export function PageTitle({ page }: { page: string }) {
  const { brand } = useSiteConfig();
  return <title>{`${page} | ${brand}`}</title>;
}
