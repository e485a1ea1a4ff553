import { pageLink } from '@shared/page-paths.js';

/** Where each recipient's own unsubscribe link goes in the stored content. */
export const UNSUBSCRIBE_PLACEHOLDER = '%%UNSUBSCRIBE_URL%%';

export interface MailEpisode {
  id: number;
  title: string;
  thumbnail: string;
}

export interface MailDraft {
  subject: string;
  intro: string;
  episodes: readonly MailEpisode[];
}

export interface MailSite {
  brand: string;
  /** PUBLIC_URL: links and relative artwork are made absolute with it. */
  publicUrl: string;
}

export interface MailContent {
  html: string;
  text: string;
}

const PALETTES = {
  light: { page: '#f4efe6', card: '#ffffff', text: '#2b2118', muted: '#6b5d4f', accent: '#a3461f' },
  dark: { page: '#17120e', card: '#241c16', text: '#f4ece2', muted: '#c2b3a3', accent: '#f0935f' },
} as const;

export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const absolute = (site: MailSite, path: string) => new URL(path, site.publicUrl).toString();

/**
 * A mailing as HTML and text. Mail clients drop <style> and scripts unevenly, so every style is
 * inline and the layout is tables; a dark-mode block restyles it where the client honours it.
 * `theme: 'dark'` draws the dark colours inline instead (the back-office's dark preview).
 */
export function renderMail(
  draft: MailDraft,
  site: MailSite,
  theme: 'light' | 'dark' = 'light',
): MailContent {
  const c = PALETTES[theme];
  const dark = PALETTES.dark;
  const unsubscribe = UNSUBSCRIBE_PLACEHOLDER;
  const paragraphs = draft.intro
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean);
  const episodeRows = draft.episodes
    .map((episode) => {
      const link = escapeHtml(absolute(site, pageLink.video(episode.id)));
      const image = episode.thumbnail
        ? `<a href="${link}"><img src="${escapeHtml(absolute(site, episode.thumbnail))}" width="536" alt="" style="display:block;width:100%;max-width:536px;height:auto;border:0;border-radius:8px"></a>`
        : '';
      return `<tr><td class="tw-card" style="padding:16px 32px;background:${c.card}">${image}<p style="margin:12px 0 0;font-size:18px;line-height:1.35;font-weight:bold"><a class="tw-link" href="${link}" style="color:${c.accent};text-decoration:none">${escapeHtml(episode.title)}</a></p><p style="margin:6px 0 0;font-size:14px"><a class="tw-link" href="${link}" style="color:${c.accent}">Watch now</a></p></td></tr>`;
    })
    .join('');
  const intro = paragraphs
    .map(
      (part) =>
        `<p class="tw-text" style="margin:0 0 12px;font-size:16px;line-height:1.5;color:${c.text}">${escapeHtml(part).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(draft.subject)}</title>
<style>@media (prefers-color-scheme: dark){.tw-page{background:${dark.page}!important}.tw-card{background:${dark.card}!important}.tw-text{color:${dark.text}!important}.tw-muted{color:${dark.muted}!important}.tw-link{color:${dark.accent}!important}}</style></head>
<body class="tw-page" style="margin:0;padding:0;background:${c.page};font-family:Georgia,'Times New Roman',serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="tw-page" style="background:${c.page}"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td class="tw-card" style="padding:28px 32px 8px;background:${c.card};border-radius:12px 12px 0 0"><p class="tw-muted" style="margin:0;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:${c.muted}">${escapeHtml(site.brand)}</p><h1 class="tw-text" style="margin:8px 0 16px;font-size:26px;line-height:1.25;color:${c.text}">${escapeHtml(draft.subject)}</h1>${intro}</td></tr>
${episodeRows}
<tr><td class="tw-card" style="padding:16px 32px 28px;background:${c.card};border-radius:0 0 12px 12px"></td></tr>
<tr><td style="padding:16px 32px;text-align:center"><p class="tw-muted" style="margin:0;font-size:12px;line-height:1.5;color:${c.muted}">You get this because you subscribed to the ${escapeHtml(site.brand)} newsletter.<br><a class="tw-link" href="${unsubscribe}" style="color:${c.accent}">Unsubscribe</a> with one click, or change it in your account.</p></td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    draft.subject,
    '',
    ...paragraphs.flatMap((part) => [part, '']),
    ...draft.episodes.flatMap((episode) => [
      episode.title,
      absolute(site, pageLink.video(episode.id)),
      '',
    ]),
    '--',
    `You get this because you subscribed to the ${site.brand} newsletter.`,
    `Unsubscribe: ${unsubscribe}`,
    '',
  ].join('\n');
  return { html, text };
}

/** One recipient's copy: their own unsubscribe link in place of the placeholder. */
export function personalise(content: MailContent, unsubscribeUrl: string): MailContent {
  const htmlUrl = escapeHtml(unsubscribeUrl);
  return {
    html: content.html.split(UNSUBSCRIBE_PLACEHOLDER).join(htmlUrl),
    text: content.text.split(UNSUBSCRIBE_PLACEHOLDER).join(unsubscribeUrl),
  };
}
