/// <reference lib="dom" />
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The administrator the e2e server creates at start (playwright.config.ts). */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'E2e-admin-Pass1' };

export interface AdminSession {
  id: number;
  firstName: string;
  isAdmin: boolean;
  token: string;
}

/** Signs in through the API and answers the session as the site stores it. */
export async function adminSession(
  request: APIRequestContext,
  credentials: { email: string; password: string } = E2E_ADMIN,
): Promise<AdminSession> {
  const response = await request.post('/api/login', { data: credentials });
  expect(response.status(), await response.text()).toBe(201);
  const token = (response.headers().authorization ?? '').replace(/^Bearer /, '');
  const { data } = (await response.json()) as {
    data: { userid: number; firstName: string; isAdmin: boolean };
  };
  return { id: data.userid, firstName: data.firstName, isAdmin: data.isAdmin, token };
}

/**
 * Opens `path` signed in as the e2e administrator (or `credentials`), skipping the login form:
 * the session goes into localStorage before any page script runs.
 */
export async function openAsAdmin(
  page: Page,
  path: string,
  credentials: { email: string; password: string } = E2E_ADMIN,
): Promise<AdminSession> {
  const session = await adminSession(page.request, credentials);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('session')) localStorage.setItem('session', value);
  }, JSON.stringify(session));
  await page.goto(path);
  return session;
}

/** An API call as `session`, for setting up and checking state around a browser flow. */
export async function adminCall<T>(
  request: APIRequestContext,
  session: AdminSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<{ status: number; data: T; message: string }> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { data: T; message: string };
  return { status: response.status(), data: body.data, message: body.message };
}
