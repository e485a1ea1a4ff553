import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MailingDetail,
  MailingDraftBody,
  MailingPage,
  MailingSummary,
  MailPreview,
  NewsletterOverview,
  NewsletterSettings,
} from '@shared/schemas/newsletter.js';
import type { AdminVideoSearchResult } from '@shared/schemas/admin-videos.js';
import { apiCall, apiGet, pathPart } from '@client/lib/api-client.js';

export const newsletterKey = ['admin', 'newsletter'] as const;
/** While a mailing goes out, its progress is read this often. */
const PROGRESS_EVERY_MS = 2000;

export const SUBSCRIBERS_CSV_PATH = '/admin/newsletter/subscribers.csv';

/** The screen's first read; read again every two seconds while a mailing is being sent. */
export const newsletterOverviewQuery = queryOptions({
  queryKey: [...newsletterKey, 'overview'],
  queryFn: ({ signal }) => apiGet<NewsletterOverview>('/admin/newsletter', signal),
  refetchInterval: (query) =>
    query.state.data?.current?.state === 'sending' ? PROGRESS_EVERY_MS : false,
});

export const mailingsQuery = (page: number) =>
  queryOptions({
    queryKey: [...newsletterKey, 'mailings', page],
    queryFn: ({ signal }) => apiGet<MailingPage>(`/admin/mailings?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });

export const mailingQuery = (id: number) =>
  queryOptions({
    queryKey: [...newsletterKey, 'mailing', id],
    queryFn: ({ signal }) => apiGet<MailingDetail>(`/admin/mailings/${id}`, signal),
  });

export type PreviewTheme = 'light' | 'dark';

export const previewQuery = (draft: MailingDraftBody, theme: PreviewTheme) => {
  const search = new URLSearchParams({
    subject: draft.subject,
    intro: draft.intro,
    video_ids: draft.video_ids.join(','),
    theme,
  });
  return queryOptions({
    queryKey: [...newsletterKey, 'preview', draft, theme],
    queryFn: ({ signal }) => apiGet<MailPreview>(`/admin/newsletter/preview?${search}`, signal),
    retry: false,
    // Its frame's signed address lasts 15 minutes: drawn again before then.
    staleTime: 10 * 60_000,
  });
};

/** The catalogue's videos whose title has `words` (private ones too, marked). */
export const episodeSearchQuery = (words: string) =>
  queryOptions({
    queryKey: [...newsletterKey, 'episode-search', words],
    queryFn: ({ signal }) =>
      apiGet<AdminVideoSearchResult>(
        `/admin/search/videos/${pathPart(words.trim().toLowerCase())}?pageSize=12`,
        signal,
      ),
    enabled: words.trim() !== '',
    retry: false,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: newsletterKey });
}

export function useSendTest() {
  return useMutation({
    mutationFn: async (draft: MailingDraftBody) =>
      (await apiCall<{ to: string }>('POST', '/admin/newsletter/test', { body: draft })).data,
  });
}

export function useStartMailing() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (draft: MailingDraftBody) =>
      (await apiCall<MailingSummary>('POST', '/admin/mailings', { body: draft })).data,
    onSuccess: refresh,
  });
}

export function useChangeMailing() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, state }: { id: number; state: 'paused' | 'sending' | 'cancelled' }) =>
      (await apiCall<MailingSummary>('PUT', `/admin/mailings/${id}`, { body: { state } })).data,
    onSettled: refresh,
  });
}

export function useSaveNewsletterSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (settings: NewsletterSettings) =>
      (await apiCall<NewsletterSettings>('PUT', '/admin/newsletter/settings', { body: settings }))
        .data,
    onSuccess: refresh,
  });
}
