import { z } from 'zod';

export const siteConfigSchema = z.object({
  brand: z.string(),
  mainSiteUrl: z.string(),
  social: z.object({ facebook: z.string(), twitter: z.string(), instagram: z.string() }),
  appStores: z.object({ apple: z.string(), google: z.string() }),
  /** Where the video page's player loads YouTube's IFrame Player API from. */
  youtubeIframeApiUrl: z.string(),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
