/**
 * Part 1 of npm run test:security: sqlmap (level 3, risk 1) against a production server started
 * from source on a fresh PostgreSQL database, through a proxy that counts every answer.
 * Bar: no injectable parameter and no answer >= 500.
 */
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADMIN_PASSWORD,
  expectStatus,
  importChannel,
  login,
  registerFan,
  startFakeYoutube,
  type Account,
  type Fan,
} from './api.js';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { createScratchDatabase } from './postgres.js';
import { startServer } from './server-process.js';
import { ensureDebianTool, formatCount, heading, seconds, type PartResult } from './tools.js';

/** Per target; the whole part should stay under about 10 minutes. */
const TARGET_TIMEOUT_MS = Number(process.env.SQLMAP_TARGET_TIMEOUT_MS ?? 180_000);

interface Target {
  name: string;
  /** Path and query on the server, with sqlmap's `*` marking the injection point. */
  path: string;
  token?: string;
  /** A JSON body: sqlmap tests every field (and, with no `*` anywhere, User-Agent and Referer). */
  data?: string;
  /** Statuses that are the normal answer (a failed login's 401), not a reason to stop. */
  ignoreCode?: number;
  /** sqlmap's names of the parameters it must test: `#1*`... for the marks, or the body's fields. */
  parameters: string[];
}

interface TargetResult {
  target: Target;
  requests: number;
  /** Answers >= 500 seen in sqlmap's traffic file. */
  trafficServerErrors: number;
  findings: string[];
  /** Parameters sqlmap tested to the end and declared not injectable. */
  cleared: string[];
  /** Distinct parameters sqlmap found injectable. */
  injectable: number;
  notes: string[];
  /** Suspicions sqlmap re-tested and dropped as false positives. */
  refuted: number;
  problems: string[];
  durationMs: number;
}

const MARK1 = ['#1*'];
const MARK2 = ['#1*', '#2*'];
const MARK3 = ['#1*', '#2*', '#3*'];
/** With no `*` in a request, level 3 tests the body's fields and the User-Agent and Referer headers. */
const LOGIN_PARAMETERS = ['JSON email', 'JSON password', 'User-Agent', 'Referer'];

/** sqlmap's words for a parameter it can inject into (its heuristic "might be" lines are notes). */
const FINDING =
  /(is vulnerable|appears to be '.+' injectable|is '.+' injectable|identified the following injection point)/i;
const REFUTED = /false positive or unexploitable injection point detected/i;
const HEURISTIC = /might be injectable|might be vulnerable/i;
/** How sqlmap ends a scan that found nothing; without it (or a finding) the scan did not finish. */
const COMPLETED = /all tested parameters do not appear to be injectable/i;

function parameterOf(line: string): string | undefined {
  return /parameter '([^']+)'/i.exec(line)?.[1];
}

/** Distinct parameters named in sqlmap's finding lines (at least 1 when there is any finding). */
export function countInjectable(findings: string[]): number {
  const names = new Set<string>();
  for (const line of findings) {
    const name = parameterOf(line);
    if (name) names.add(name);
  }
  return names.size > 0 ? names.size : Math.min(findings.length, 1);
}

export function analyse(
  output: string,
): Pick<TargetResult, 'findings' | 'cleared' | 'notes' | 'refuted' | 'problems'> {
  const findings: string[] = [];
  const cleared: string[] = [];
  const notes: string[] = [];
  let refuted = 0;
  const problems: string[] = [];
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    if (REFUTED.test(line)) {
      // sqlmap re-tested its suspicion about the last parameter and dropped it: notes, not findings.
      const suspect = parameterOf(findings.at(-1) ?? '');
      const dropped = findings.filter((finding) => parameterOf(finding) === suspect);
      findings.splice(0, findings.length, ...findings.filter((f) => !dropped.includes(f)));
      notes.push(...dropped, line);
      refuted += 1;
    } else if (/parameter '([^']+)' does not seem to be injectable/i.test(line)) {
      cleared.push(parameterOf(line)!);
    } else if (FINDING.test(line) && !/do not appear|not injectable/i.test(line)) {
      findings.push(line);
    } else if (HEURISTIC.test(line)) {
      notes.push(line);
    } else if (/\[(ERROR|CRITICAL)\]/.test(line) && !COMPLETED.test(line)) {
      problems.push(line);
    }
  }
  if (findings.length === 0 && !COMPLETED.test(output)) {
    problems.push('sqlmap did not report a finished scan');
  }
  return { findings, cleared, notes, refuted, problems };
}

/** The injection points sqlmap saved in its output directory (a non-empty `log` file per host). */
export function savedInjectionPoints(outputDir: string): string[] {
  if (!existsSync(outputDir)) return [];
  const found: string[] = [];
  for (const host of readdirSync(outputDir)) {
    const log = join(outputDir, host, 'log');
    if (existsSync(log) && statSync(log).size > 0) {
      found.push(`${log}: ${readFileSync(log, 'utf8').split('\n').slice(0, 3).join(' | ')}`);
    }
  }
  return found;
}

function trafficFigures(file: string): { requests: number; serverErrors: number } {
  if (!existsSync(file)) return { requests: 0, serverErrors: 0 };
  const text = readFileSync(file, 'latin1');
  const requests = text.match(/^HTTP request \[#\d+\]:/gm)?.length ?? 0;
  let serverErrors = 0;
  for (const match of text.matchAll(/^HTTP response \[#\d+\] \((\d{3})/gm)) {
    if (Number(match[1]) >= 500) serverErrors += 1;
  }
  return { requests, serverErrors };
}

async function scan(
  target: Target,
  index: number,
  total: number,
  proxy: CountingProxy,
  workDir: string,
): Promise<TargetResult> {
  const startedAt = performance.now();
  const outputDir = join(workDir, `sqlmap-${index}`);
  const trafficFile = join(workDir, `traffic-${index}.txt`);
  const logFile = join(workDir, `sqlmap-${index}.log`);
  const args = [
    '-u',
    proxy.origin + target.path,
    '--level=3',
    '--risk=1',
    '--technique=BEUST',
    '--batch',
    '--flush-session',
    `--output-dir=${outputDir}`,
    '-t',
    trafficFile,
    '--time-sec=2',
    '--timeout=10',
    '--threads=4',
    '--disable-coloring',
  ];
  if (target.token) args.push(`--headers=authorization: Bearer ${target.token}`);
  if (target.data) args.push(`--data=${target.data}`);
  if (target.ignoreCode) args.push(`--ignore-code=${target.ignoreCode}`);

  const label = `[${index}/${total}] ${target.name}`;
  console.log(`  ${label}: sqlmap started`);
  const requestsBefore = proxy.counts.requests;
  const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  let output = '';
  let lastTest = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    log.write(text);
    output += text;
    const tests = [...text.matchAll(/testing '([^']+)'/g)];
    if (tests.length > 0) lastTest = tests[tests.length - 1]![1]!;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const ticker = setInterval(() => {
    const sent = formatCount(proxy.counts.requests - requestsBefore);
    console.log(
      `  ${label}: ${seconds(startedAt)}, ${sent} requests, ${proxy.counts.serverErrors} answers >= 500, testing '${lastTest}'`,
    );
  }, 15_000);
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, TARGET_TIMEOUT_MS);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(ticker);
  clearTimeout(deadline);
  await new Promise<void>((resolve) => log.end(() => resolve()));

  const { findings, cleared, notes, refuted, problems } = analyse(output);
  const untested = target.parameters.filter((name) => !cleared.includes(name));
  if (findings.length === 0) findings.push(...savedInjectionPoints(outputDir));
  if (timedOut) problems.push(`sqlmap did not finish within ${TARGET_TIMEOUT_MS / 1000} s`);
  if (exitCode !== 0 && !timedOut) {
    problems.push(`sqlmap exited with code ${exitCode}`);
  }
  if (findings.length === 0 && untested.length > 0) {
    problems.push(`not tested to the end: ${untested.join(', ')}`);
  }
  const traffic = trafficFigures(trafficFile);
  if (traffic.requests === 0) problems.push('sqlmap sent no request');
  const result: TargetResult = {
    target,
    requests: traffic.requests,
    trafficServerErrors: traffic.serverErrors,
    findings,
    cleared,
    injectable: countInjectable(findings),
    notes,
    refuted,
    problems,
    durationMs: performance.now() - startedAt,
  };
  console.log(
    `  ${label}: done in ${seconds(startedAt)}: ${formatCount(result.requests)} requests, parameters tested ${cleared.length}/${target.parameters.length}, ${result.injectable} injectable, ${traffic.serverErrors} answers >= 500${problems.length > 0 ? `, problems: ${problems.join('; ')}` : ''}`,
  );
  for (const line of [...findings, ...notes]) console.log(`      ${line}`);
  return result;
}

interface Seed {
  fan: Fan;
  admin: Account;
  videoId: number;
  tagId: number;
}

interface ArtistData {
  tagid: number;
}

async function seed(origin: string, adminEmail: string): Promise<Seed> {
  const admin = await login(origin, adminEmail, ADMIN_PASSWORD);
  const videoIds = await importChannel(origin, admin);
  let tagId = 0;
  for (const name of ['Wade Hollister', 'June Caldwell', 'Loretta McCrae']) {
    const artist = await expectStatus<ArtistData>(201, origin, 'POST', '/api/admin/artists', {
      token: admin.token,
      body: { name, description: `${name} plays the Twang show.`, featured: true },
    });
    tagId ||= artist.data!.tagid;
  }
  await expectStatus(200, origin, 'PUT', '/api/tags/autotag', { token: admin.token, body: {} });
  const fan = await registerFan(origin, 'sqlmap-fan');
  console.log(
    `  seeded: ${videoIds.length} public videos, 3 artists (tag ${tagId}), a fan, an administrator`,
  );
  return { fan, admin, videoId: videoIds[0]!, tagId };
}

export async function runSqlmapScan(): Promise<PartResult> {
  heading('1. sqlmap, level 3, risk 1, against PostgreSQL');
  const startedAt = performance.now();
  ensureDebianTool('sqlmap', 'sqlmap');
  const workDir = mkdtempSync(join(tmpdir(), 'twang-sqlmap-'));
  const database = createScratchDatabase('twang_sqlmap');
  console.log(`  database ${database.name}, work files in ${workDir}`);
  const youtube = await startFakeYoutube();
  const adminEmail = 'sqlmap-admin@example.com';
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let proxy: CountingProxy | undefined;
  try {
    server = await startServer({
      databaseUrl: database.url,
      logFile: join(workDir, 'server.log'),
      env: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD, ...youtube.env },
    });
    console.log(`  server pid ${server.pid} on ${server.origin}`);
    const { fan, admin, videoId, tagId } = await seed(server.origin, adminEmail);
    proxy = await startCountingProxy({ port: server.port });
    const targets: Target[] = [
      { name: 'GET /api/search/{query}', path: '/api/search/whiskey*', parameters: MARK1 },
      { name: 'GET /api/videos/{id}', path: `/api/videos/${videoId}*`, parameters: MARK1 },
      {
        name: 'GET /api/tag/{id}?page&pageSize',
        path: `/api/tag/${tagId}*?page=1*&pageSize=10*`,
        parameters: MARK3,
      },
      {
        name: 'GET /api/artists/phrase/{text} (fan)',
        path: '/api/artists/phrase/hollister*',
        parameters: MARK1,
        token: fan.token,
      },
      {
        name: 'GET /api/admin/search/videos/{query}?page&pageSize (admin)',
        path: '/api/admin/search/videos/episode*?page=1*&pageSize=20*',
        parameters: MARK3,
        token: admin.token,
      },
      {
        name: 'GET /api/users?q&days (admin)',
        path: '/api/users?q=fan*&days=all*',
        parameters: MARK2,
        token: admin.token,
      },
      {
        name: 'GET /api/admin/artists?q (admin)',
        path: '/api/admin/artists?q=wade*',
        parameters: MARK1,
        token: admin.token,
      },
      {
        name: 'GET /api/tags?q (admin)',
        path: '/api/tags?q=hol*',
        parameters: MARK1,
        token: admin.token,
      },
      {
        name: 'POST /api/login, unknown account (JSON email, password, User-Agent, Referer)',
        path: '/api/login',
        data: '{"email":"a@example.com","password":"x"}',
        ignoreCode: 401,
        parameters: LOGIN_PARAMETERS,
      },
      {
        name: "POST /api/login, a fan's real credentials (JSON email, password, User-Agent, Referer)",
        path: '/api/login',
        data: JSON.stringify({ email: fan.email, password: fan.password }),
        ignoreCode: 401,
        parameters: LOGIN_PARAMETERS,
      },
    ];
    const results: TargetResult[] = [];
    for (const [position, target] of targets.entries()) {
      results.push(await scan(target, position + 1, targets.length, proxy, workDir));
    }

    const requests = results.reduce((sum, result) => sum + result.requests, 0);
    const findings = results.reduce((sum, result) => sum + result.injectable, 0);
    const trafficErrors = results.reduce((sum, result) => sum + result.trafficServerErrors, 0);
    const problems = results.flatMap((result) =>
      result.problems.map((p) => `${result.target.name}: ${p}`),
    );
    const refutedSummary = results
      .filter((result) => result.refuted > 0)
      .map((result) => `${result.refuted} on ${result.target.name}`)
      .join('; ');
    const counts = proxy.counts;
    const serverErrors = Math.max(counts.serverErrors, trafficErrors) + counts.upstreamFailures;
    const statuses = [...counts.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${formatCount(count)}`)
      .join(', ');
    const summary = [
      `targets: ${targets.length} (${targets.map((target) => target.name).join('; ')})`,
      `requests sent (traffic files): ${formatCount(requests)}; through the proxy: ${formatCount(counts.requests)}`,
      `answers by status: ${statuses}; refused by the HTTP parser: ${counts.unparsable}`,
      `injectable findings: ${findings} parameters (bar: 0)`,
      `suspicions sqlmap re-tested and dropped as false positives: ${refutedSummary || 0}`,
      `answers >= 500: ${serverErrors} (bar: 0; proxy ${counts.serverErrors}, traffic files ${trafficErrors}, unanswered ${counts.upstreamFailures}); server error log lines: ${server.logs.error}`,
      `duration: ${seconds(startedAt)}`,
    ];
    for (const sample of counts.serverErrorSamples) summary.push(`  5xx: ${sample}`);
    for (const problem of problems) summary.push(`  problem: ${problem}`);
    const passed = findings === 0 && serverErrors === 0 && problems.length === 0;
    if (passed) {
      // The traffic files are tens of MB: kept only where sqlmap suspected something; the logs stay.
      for (const [index, result] of results.entries()) {
        if (result.refuted === 0)
          rmSync(join(workDir, `traffic-${index + 1}.txt`), { force: true });
      }
      summary.push(`sqlmap logs in ${workDir}`);
    } else {
      summary.push(`sqlmap logs and traffic kept in ${workDir}`);
    }
    return { name: 'sqlmap', passed, summary };
  } finally {
    await proxy?.close();
    await server?.stop();
    await youtube.fake.close();
    database.drop();
  }
}
