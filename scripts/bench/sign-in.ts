/** Signs scale users in before the load (POST /api/login: the token comes in `authorization`). */
import { JSON_HEADERS, jsonOf, send } from './http.js';
import { SCALE_PASSWORD, scaleUserEmail } from '../seed-scale.js';

export interface SignedIn {
  userId: number;
  token: string;
  isAdmin: boolean;
}

export function loginBody(n: number): string {
  return JSON.stringify({ email: scaleUserEmail(n), password: SCALE_PASSWORD });
}

export async function signIn(origin: string, n: number): Promise<SignedIn> {
  const response = await send(origin, {
    method: 'POST',
    path: '/api/login',
    headers: JSON_HEADERS,
    body: loginBody(n),
  });
  const header = response.headers.authorization;
  if (response.status !== 201 || typeof header !== 'string') {
    throw new Error(`login of ${scaleUserEmail(n)} answered ${response.status}`);
  }
  const { data } = jsonOf<{ data: { userid: number; isAdmin: boolean } }>(response, 'login');
  return { userId: data.userid, token: header.replace(/^Bearer /, ''), isAdmin: data.isAdmin };
}

/** Several users, a few at a time (each login is an argon2 check, deliberately slow). */
export async function signInMany(origin: string, numbers: number[]): Promise<SignedIn[]> {
  const signedIn: SignedIn[] = [];
  for (let from = 0; from < numbers.length; from += 4) {
    signedIn.push(
      ...(await Promise.all(numbers.slice(from, from + 4).map((n) => signIn(origin, n)))),
    );
  }
  return signedIn;
}

export function bearer(user: SignedIn): Record<string, string> {
  return { authorization: `Bearer ${user.token}` };
}
